// Field rules of the add screens (shell-and-account.md §5 "Phone number must be valid", "Card expiry has the form
// MM/YYYY", "A VIN is required for a fuel card"; pay-flows.md §5 fuel-card levels). Pure; the server checks again.
import { parseMbwayPhone } from '../../../contract/payment-methods';
import type { FieldError } from '../../../lib/validation';

export function validateMbwayPhone(value: string): FieldError | null {
  if (!value.trim()) return { kind: 'required' };
  return parseMbwayPhone(value) ? null : { kind: 'format' };
}
