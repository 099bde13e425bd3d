// The body of POST v4/vouchers/discount-preview for each summary (pay-flows.md §7: total, poiId, paymentMethodId,
// products[{id, fuelTypeId, unitPrice, quantity}]), or null while the summary lacks a part. Pure.
import { currencyDigits } from '../../../../contract/money';
import type { Order } from '../../../../contract/orders';
import { CURRENCIES } from '../../../../contract/plain/stations';
import type { AvailableItem, Product } from '../../../../contract/stations';
import type { DiscountPreviewBody } from '../../../../contract/vouchers';

/** Prepay: the maximum amount chosen; the server assumes the fill it buys. */
export function prepayPreviewBody(input: {
  poiId: string | undefined;
  pump: Product | undefined;
  item: AvailableItem | undefined;
  amount: number | undefined;
  currency: string | undefined;
  paymentMethodId?: string | undefined;
}): DiscountPreviewBody | null {
  const { poiId, pump, item, amount } = input;
  const currency = CURRENCIES.find((c) => c === input.currency);
  if (!poiId || !pump || !item || amount === undefined || !currency) return null;
  const precision =
    pump.attributes.priceAuthorizationLimitsAutomaticFlow?.recommendedPrices.find(
      (p) => p.amount === amount && p.currency === currency,
    )?.precision ?? currencyDigits(currency);
  return {
    total: { amount, currency, precision },
    poiId,
    ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {}),
    products: [
      {
        id: pump._id,
        fuelTypeId: item.itemCode,
        unitPrice: { amount: item.price, currency: item.currency, precision: item.precision },
      },
    ],
  };
}

/** A priced order (postpay fill, car wash): its total and what was bought. */
export function orderPreviewBody(order: Order | undefined, paymentMethodId?: string): DiscountPreviewBody | null {
  const product = order?.products[0];
  const total = order?.totalBeforeDiscounts;
  if (!order || !product || !total) return null;
  const pay = product.attributes?.paymentAttributes;
  return {
    total: { amount: total.amount, currency: total.currency, precision: total.precision },
    poiId: order.poiId,
    ...(paymentMethodId ? { paymentMethodId } : {}),
    products: [
      {
        id: product._id,
        ...(product.fuelType ? { fuelTypeId: product.fuelType.fuelTypeId } : {}),
        ...(pay?.unitPrice ? { unitPrice: pay.unitPrice } : {}),
        ...(pay?.quantity !== undefined ? { quantity: pay.quantity } : {}),
      },
    ],
  };
}
