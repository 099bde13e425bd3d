// The PAYMENT event of a completed order (§3 Payment and EV fields): written in the transaction that completes the
// order (orders/transitions.ts calls it), so a completed order is in the history exactly once. history_payments has
// one row per order (unique), so any later path (costs by order, the catch-up before a list) only fills a gap.
import { and, eq, isNull, sum } from 'drizzle-orm';
import type { CostCategory, HistoryProductType, PaymentFields } from '../../../contract/history';
import { toDeciCents } from '../../../contract/money';
import type { Currency } from '../../../contract/stations';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  historyEvents,
  historyPayments,
  type OrderRow,
  orderDiscounts,
  orders,
  stationProducts,
  stations,
} from '../../db/schema';
import { AMOUNT_PRECISION } from '../forecourt';

const CATEGORY: Record<HistoryProductType, CostCategory> = {
  GAS: 'FUEL_TOP_UP',
  EV_CHARGE: 'EV_CHARGE',
  CAR_WASH: 'CAR_WASH',
  GIFT_CARD: 'GIFT_CARD',
};

/** When the product was acquired (the receipt's time), else when the order completed. */
function paidAt(order: OrderRow, now: Date): Date {
  const acquired = order.stateHistory.find((h) => h.state === 'PRODUCT_ACQUIRED');
  return acquired ? new Date(acquired.createdAt) : now;
}

export async function recordPaymentEvent({
  tx,
  input,
}: {
  tx: Tx;
  input: { order: OrderRow; now: Date };
}): Promise<void> {
  const { order, now } = input;
  // An anonymised order (its user deleted their account) has no logbook to write to.
  const userId = order.userId;
  if (userId === null) return;
  const [existing] = await tx
    .select({ id: historyPayments.eventId })
    .from(historyPayments)
    .where(eq(historyPayments.orderId, order.id));
  if (existing) return;
  const [place] = await tx
    .select({ station: stations, product: stationProducts })
    .from(stationProducts)
    .innerJoin(stations, eq(stations.id, stationProducts.stationId))
    .where(eq(stationProducts.id, order.productId));
  const productType: HistoryProductType = place?.product.type ?? 'GAS';
  const currency = order.currency as Currency;
  const money = (amount: number) => ({ amount, currency, precision: AMOUNT_PRECISION });
  // What the driver paid: the order's price less the voucher discounts the capture applied.
  const [discounted] = await tx
    .select({ amount: sum(orderDiscounts.amount).mapWith(Number) })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, order.id));
  const total = money((order.totalAmount ?? 0) - (discounted?.amount ?? 0));
  const item = place?.product.items.find((i) => i.itemCode === order.itemCode);
  const quantity = order.quantityMl === null ? null : order.quantityMl / 1000;
  const address = place?.station.address;
  const details: Omit<PaymentFields, 'odometer' | 'tankFull' | 'category' | 'productType'> = {
    orderId: order.id,
    poiId: order.poiId,
    stationName: place?.station.name ?? null,
    stationBrand: place?.station.brand ?? null,
    stationAddress: address
      ? `${address.street}${address.houseNumber ? ` ${address.houseNumber}` : ''}, ${address.zip} ${address.city}`
      : null,
    countryCode: place?.station.countryCode ?? null,
    pump: order.productName,
    fuelName: order.itemName,
    unitPrice:
      order.unitPrice !== null && order.unitPrecision !== null
        ? { amount: order.unitPrice, currency, precision: order.unitPrecision }
        : null,
    quantity,
    unit: order.unit,
    amount: total,
    discounts: [],
    total,
    paymentMethod: order.paymentMethodId ? { brand: order.paymentBrand, last4: order.paymentLast4 } : null,
    ev:
      productType === 'EV_CHARGE'
        ? {
            energyKwh: quantity,
            outputKw: item?.details?.power ?? null,
            plugType: item?.details?.standard ?? null,
            oneTimeFee: null,
            timeTariff: null,
            blockingFee: null,
            parking: null,
          }
        : null,
    wash: productType === 'CAR_WASH' ? { programme: order.itemName, redemptionCode: null } : null,
    giftCard: productType === 'GIFT_CARD' ? { code: null, expiresAt: null } : null,
  };
  const id = newId();
  await tx.insert(historyEvents).values({
    id,
    userId,
    thingId: order.thingExternalId ?? order.thingId,
    type: 'PAYMENT',
    source: 'ORDER',
    sampleTime: paidAt(order, now),
    category: CATEGORY[productType],
    currency,
    amountDeciCents: toDeciCents(total),
    productType,
    fuelMl: productType === 'GAS' ? order.quantityMl : null,
    energyWh: productType === 'EV_CHARGE' ? order.quantityMl : null,
    odometerM: order.carOdometerM,
    tankFull: order.tankIsFull,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(historyPayments).values({ eventId: id, orderId: order.id, details });
}

/** Fills a gap (an order completed before the history existed): one transaction per order; a race loses quietly. */
export async function ensurePaymentEvent({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { order: OrderRow };
}): Promise<void> {
  try {
    await ctx.db.transaction((tx) => recordPaymentEvent({ tx, input: { order: input.order, now: ctx.clock.now() } }));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
}

/** The caller's completed orders that have no PAYMENT event yet (none, normally): written now. */
export async function recordMissingPayments({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string };
}): Promise<void> {
  const missing = await ctx.db
    .select({ order: orders })
    .from(orders)
    .leftJoin(historyPayments, eq(historyPayments.orderId, orders.id))
    .where(and(eq(orders.userId, input.userId), eq(orders.state, 'COMPLETED'), isNull(historyPayments.orderId)));
  for (const { order } of missing) await ensurePaymentEvent({ ctx, input: { order } });
}
