// The texts of the custom-code errors (shell-and-account.md §8 Voucher errors).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { VOUCHER_ERRORS } from '../../../../contract/vouchers';

export const VOUCHER_ERROR_TEXT: Record<string, MessageDescriptor> = {
  [VOUCHER_ERRORS.alreadyRedeemed]: msg`Voucher already redeemed`,
  [VOUCHER_ERRORS.notVerifiable]: msg`Voucher code could not been verified`,
  [VOUCHER_ERRORS.expired]: msg`Voucher is expired. Please reload the page.`,
};
