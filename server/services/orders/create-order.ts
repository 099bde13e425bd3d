// POST /v4/order: an order for one product of a station. Prepay pumps (automaticFlow) start the prepay lifecycle;
// a car wash package is priced at once and waits for its payment (CREATED -> PAYMENT_PENDING, pay-flows.md §4 Wash
// flow); a postpay pump is released for the order at once (CREATED -> PRODUCT_PENDING: the driver fuels, and the
// fill's end prices the order, complete-dispensing.ts); an EV port's order waits CREATED for its pre-authorization
// (ev-charging.ts); anything else is created (CREATED) for the flows that come later.
import { and, eq } from 'drizzle-orm';
import { atPrecision } from '../../../contract/money';
import type { CreateOrderBody, Order } from '../../../contract/orders';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { forecourtDevices, orders, stationProducts, stations } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { assertEvCharging, assertGiftCardShop } from '../accounts';
import { AMOUNT_PRECISION, productStatus, releasePump } from '../forecourt';
import { checkOdometer } from '../history';
import { portLinks, portStatus } from '../ocpp';
import { loadOwnThing } from '../things';
import { toOrderJson } from './order-json';
import { applyTransition, createdEntry } from './transitions';

export async function createOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: CreateOrderBody; partner?: string | undefined };
}): Promise<Order> {
  const { body } = input;
  const [station] = await ctx.db.select().from(stations).where(eq(stations.id, body.poiId));
  if (!station) throw notFound('No such station');
  if (body.products.length > 1) {
    throw new DomainError('unprocessable', 'unprocessable', 'One product per order', [
      { path: 'products', message: 'max 1' },
    ]);
  }
  const wanted = body.products[0];
  if (!wanted) throw new DomainError('unprocessable', 'unprocessable', 'No product');
  const [found] = await ctx.db
    .select({ product: stationProducts, deviceState: forecourtDevices.state })
    .from(stationProducts)
    .leftJoin(forecourtDevices, eq(forecourtDevices.productId, stationProducts.id))
    .where(and(eq(stationProducts.id, wanted.productId), eq(stationProducts.stationId, station.id)));
  if (!found) throw notFound('No such product at this station');
  const { product } = found;
  if (station.status === 'OFFLINE') throw new DomainError('conflict', 'conflict', 'The station is offline');
  const isWash = product.facility === 'WASH' || product.type === 'CAR_WASH';
  // pay-flows.md §4 "Gift card stations are always postpay", §2 "registered users only".
  const isGift = product.type === 'GIFT_CARD' || station.type === 'GIFT_CARD';
  if (isGift && input.session.isGuest)
    throw new DomainError('forbidden', 'forbidden', 'Gift cards are for registered users');
  if (isGift) await assertGiftCardShop({ ctx, input: { accountId: input.session.accountId } });
  // An EV port: what its charge point reports (offline: no order).
  const status =
    product.facility === 'CHARGER'
      ? portStatus((await portLinks({ db: ctx.db, input: { productIds: [product.id] } })).get(product.id), true)
      : productStatus(found.deviceState ?? undefined, true);
  // A wash code is for later: a bay busy with another car still sells one.
  if (status !== 'AVAILABLE' && !(isWash && status === 'IN_USE')) {
    throw new DomainError('conflict', 'conflict', 'The product is not available');
  }
  const item =
    wanted.fuelTypeId === undefined ? product.items[0] : product.items.find((i) => i.itemCode === wanted.fuelTypeId);
  if (wanted.fuelTypeId !== undefined && !item) {
    throw new DomainError('unprocessable', 'unprocessable', 'This fuel type is not sold at this pump', [
      { path: 'products.0.fuelTypeId', message: 'Not an item of the product' },
    ]);
  }
  if (body.thingId) await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: body.thingId } });
  // pay-flows.md §5: "Mileage may not be lower than the previous value" (the vehicle's readings, 422 otherwise).
  if (body.carOdometerM !== undefined && body.thingId) {
    await checkOdometer({
      db: ctx.db,
      input: { thingId: body.thingId, sampleTime: ctx.clock.now(), odometerM: body.carOdometerM },
    });
  }
  const currency = item?.currency ?? product.recommendedPrices?.[0]?.currency;
  if (!currency) throw new DomainError('unprocessable', 'unprocessable', 'The product has no price');
  // pay-flows.md §4: prepay if the pump's automaticFlow is set, otherwise postpay.
  // EV charging (a CHARGER, prepay): only for accounts with the evCharging feature (403); the order waits CREATED for
  // its pre-authorization (ev-charging.ts).
  const isCharger = product.facility === 'CHARGER' || product.type === 'EV_CHARGE';
  if (isCharger) await assertEvCharging({ ctx, input: { accountId: input.session.accountId, currency } });
  const orderType = !isGift && (product.automaticFlow || isCharger) ? 'PREPAY' : 'POSTPAY';
  if ((isWash || isGift) && (!item || item.price <= 0)) {
    throw new DomainError('unprocessable', 'unprocessable', 'This package has no price', [
      { path: 'products.0.fuelTypeId', message: 'No price' },
    ]);
  }
  const now = ctx.clock.now();
  const values = {
    id: newId(),
    userId: input.session.userId,
    poiId: station.id,
    productId: product.id,
    productName: product.name,
    itemCode: item?.itemCode ?? null,
    itemName: item?.marketingName ?? null,
    unit: item?.unit ?? null,
    orderType,
    productType: product.type,
    state: 'CREATED' as const,
    stateHistory: [createdEntry(now, `Order for ${product.name} created`)],
    stateChangedAt: now,
    thingId: body.thingId ?? null,
    carOdometerM: body.carOdometerM ?? null,
    autoAcquire: body.autoAcquire ?? true,
    initiatedByPartner: input.partner ?? null,
    currency,
    unitPrice: item?.price ?? null,
    unitPrecision: item?.precision ?? null,
    createdAt: now,
    updatedAt: now,
  } satisfies typeof orders.$inferInsert;
  if ((isWash || isGift) && item) {
    // The package's (or gift card's) price is the amount to pay: known now, so the order waits for its payment right away.
    const total = atPrecision(item.price, item.precision, AMOUNT_PRECISION);
    const row = await ctx.db.transaction(async (tx) => {
      await tx.insert(orders).values({ ...values, totalAmount: total });
      return applyTransition({
        tx,
        input: {
          orderId: values.id,
          from: 'CREATED',
          to: 'PAYMENT_PENDING',
          now,
          actionCodeText: 'PAYMENT_PENDING',
          description: `${item.marketingName} at ${product.name}: ${total} to pay`,
        },
      });
    });
    if (!row) throw new Error('the new wash order moved meanwhile');
    return toOrderJson(row, [], { descriptionLines: item.descriptionLines ?? null });
  }
  if (orderType === 'POSTPAY' && product.facility === 'PUMP') {
    // The pump is released for this order with no maximum: the driver fuels what they want and pays after.
    const row = await ctx.db.transaction(async (tx) => {
      await tx.insert(orders).values(values);
      const released = await releasePump({
        ctx,
        input: { productId: product.id, ...(item ? { itemCode: item.itemCode } : {}), orderId: values.id },
        tx,
      });
      return applyTransition({
        tx,
        input: {
          orderId: values.id,
          from: 'CREATED',
          to: 'PRODUCT_PENDING',
          now,
          actionCodeText: 'PUMP_RELEASED',
          description: `${product.name} released: fuel, then pay`,
          patch: { forecourtSessionId: released.sessionId },
        },
      });
    });
    if (!row) throw new Error('the new postpay order moved meanwhile');
    return toOrderJson(row, []);
  }
  const [row] = await ctx.db.insert(orders).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return toOrderJson(row, []);
}
