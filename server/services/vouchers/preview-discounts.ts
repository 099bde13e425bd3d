// POST v4/vouchers/discount-preview (pay-flows.md §7): what the caller's voucher cards would take off this purchase.
// The same engine and the same purchase figures as the capture (apply-order-discounts.ts): a prepay total buys the
// fill the pump stops at (quantityCapFor, as the forecourt meters it); a priced order (postpay fill, wash) sends
// its quantity. Prices come from the station's catalogue, not from the body.
import { and, eq } from 'drizzle-orm';
import { atPrecision } from '../../../contract/money';
import type { DiscountPreview, DiscountPreviewBody } from '../../../contract/vouchers';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { paymentMethods, stationProducts } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { AMOUNT_PRECISION, quantityCapFor } from '../forecourt';
import { computeDiscounts, productTypeOf } from './discount-engine';
import { loadCards, toEngineVoucher } from './load-vouchers';

export async function previewDiscounts({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: DiscountPreviewBody };
}): Promise<DiscountPreview> {
  const { body } = input;
  // The method the driver would pay with must be theirs (issue 32.11: another user's id was accepted).
  if (body.paymentMethodId !== undefined) {
    const [own] = await ctx.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, body.paymentMethodId), eq(paymentMethods.userId, input.session.userId)));
    if (!own) throw notFound('No such payment method');
  }
  const wanted = body.products[0];
  if (!wanted) throw new DomainError('invalid', 'validation_error', 'products needs one product');
  const [product] = await ctx.db
    .select()
    .from(stationProducts)
    .where(and(eq(stationProducts.id, wanted.id), eq(stationProducts.stationId, body.poiId)));
  if (!product) throw notFound('No such product at this station');
  const productType = productTypeOf(product.facility);
  const item = wanted.fuelTypeId ? product.items.find((i) => i.itemCode === wanted.fuelTypeId) : product.items[0];
  if (wanted.fuelTypeId && !item) {
    throw new DomainError('unprocessable', 'unprocessable', 'No such item at this product', [
      { path: 'products.0.fuelTypeId', message: 'Unknown item' },
    ]);
  }
  const currency = body.total.currency;
  const amount = atPrecision(body.total.amount, body.total.precision, AMOUNT_PRECISION);
  const price = (a: number) => ({ amount: a, currency, precision: AMOUNT_PRECISION });
  if (!productType || (item && item.currency !== currency)) {
    return { discounts: [], totalBeforeDiscounts: price(amount), totalAfterDiscounts: price(amount) };
  }
  let quantityMilli: number;
  if (wanted.quantity !== undefined) quantityMilli = Math.round(wanted.quantity * 1000);
  else if (productType === 'CAR_WASH') quantityMilli = 1000;
  else quantityMilli = item ? quantityCapFor(amount, item.price, item.precision) : 0;

  const cards = input.session.isGuest ? [] : await loadCards(ctx.db, input.session.userId);
  const result = computeDiscounts(
    cards.map(toEngineVoucher),
    { productType, currency, amount, quantityMilli },
    ctx.clock.now(),
  );
  return {
    discounts: result.lines.map((l) => ({
      id: l.participationId,
      name: l.name,
      label: l.label,
      appliedDiscount: price(l.amount),
    })),
    totalBeforeDiscounts: price(amount),
    totalAfterDiscounts: price(result.totalAfterDiscounts),
  };
}
