// The custom-code rule of the add form (the contract's pattern; §5 "The {field} field format is invalid"). Pure.
import { VOUCHER_CODE_PATTERN } from '../../../../contract/vouchers';
import type { FieldError } from '../../../lib/validation';

export function validateVoucherCode(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return { kind: 'required' };
  return VOUCHER_CODE_PATTERN.test(v) ? null : { kind: 'format' };
}
