import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VoucherProductType } from '../../../../contract/vouchers';

export const VOUCHER_PRODUCT_LABELS: Record<VoucherProductType, MessageDescriptor> = {
  GAS: msg`Fuel`,
  CAR_WASH: msg`Car wash`,
  EV_CHARGE: msg`EV charging`,
};
