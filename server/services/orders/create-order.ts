// POST /v4/order: an order for one product of a station. Prepay pumps (automaticFlow) start the prepay lifecycle;
// anything else is created (CREATED) for the flows that come later.
import { and, eq } from 'drizzle-orm';
import type { CreateOrderBody, Order } from '../../../src/contract/orders';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { forecourtDevices, orders, stationProducts, stations } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { productStatus } from '../forecourt';
import { loadOwnThing } from '../things';
import { toOrderJson } from './order-json';
import { createdEntry } from './transitions';

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
    throw new ApiError(422, 'unprocessable', 'One product per order', [{ path: 'products', message: 'max 1' }]);
  }
  const wanted = body.products[0];
  if (!wanted) throw new ApiError(422, 'unprocessable', 'No product');
  const [found] = await ctx.db
    .select({ product: stationProducts, deviceState: forecourtDevices.state })
    .from(stationProducts)
    .leftJoin(forecourtDevices, eq(forecourtDevices.productId, stationProducts.id))
    .where(and(eq(stationProducts.id, wanted.productId), eq(stationProducts.stationId, station.id)));
  if (!found) throw notFound('No such product at this station');
  const { product } = found;
  if (station.status === 'OFFLINE') throw new ApiError(409, 'conflict', 'The station is offline');
  if (productStatus(found.deviceState ?? undefined, true) !== 'AVAILABLE') {
    throw new ApiError(409, 'conflict', 'The product is not available');
  }
  const item =
    wanted.fuelTypeId === undefined ? product.items[0] : product.items.find((i) => i.itemCode === wanted.fuelTypeId);
  if (wanted.fuelTypeId !== undefined && !item) {
    throw new ApiError(422, 'unprocessable', 'This fuel type is not sold at this pump', [
      { path: 'products.0.fuelTypeId', message: 'Not an item of the product' },
    ]);
  }
  if (body.thingId) await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: body.thingId } });
  const currency = item?.currency ?? product.recommendedPrices?.[0]?.currency;
  if (!currency) throw new ApiError(422, 'unprocessable', 'The product has no price');
  // pay-flows.md §4: prepay if the pump's automaticFlow is set, otherwise postpay.
  // TODO(postpay issue): POSTPAY orders stay CREATED until the postpay lifecycle is implemented; EV and wash
  // orders are created too, but only prepay pumps can be authorized for now.
  const orderType = product.automaticFlow ? 'PREPAY' : 'POSTPAY';
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(orders)
    .values({
      id: newId(),
      userId: input.session.userId,
      poiId: station.id,
      productId: product.id,
      productName: product.name,
      itemCode: item?.itemCode ?? null,
      itemName: item?.marketingName ?? null,
      unit: item?.unit ?? null,
      orderType,
      state: 'CREATED',
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
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return toOrderJson(row, []);
}
