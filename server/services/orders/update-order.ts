// PATCH /v4/order/{id}/update-order: the vehicle reference (one of the caller's own vehicles, else 404) and the
// odometer (the app sends it once acquired; not lower than the vehicle's last reading).
import { eq } from 'drizzle-orm';
import type { Order } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import { checkOdometer } from '../history';
import { loadOwnThing } from '../things';
import { setCostLimit } from './ev-charging';
import { findOrder, loadOwnOrderRow } from './load-order';

export async function updateOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: {
    session: AuthSession;
    orderId: string;
    thingExternalId?: string | undefined;
    carOdometerM?: number | undefined;
    /** EV: the driver's cost limit (null removes it). */
    costLimit?: { amount: number; currency: string; precision: 2 } | null | undefined;
  };
}): Promise<Order> {
  const row = await loadOwnOrderRow({ ctx, input: { orderId: input.orderId, userId: input.session.userId } });
  if (input.thingExternalId !== undefined) {
    await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: input.thingExternalId } });
  }
  // pay-flows.md §5: "Mileage may not be lower than the previous value" of the order's vehicle (422 otherwise).
  const thingId = input.thingExternalId ?? row.thingExternalId ?? row.thingId;
  if (input.carOdometerM !== undefined && thingId) {
    await checkOdometer({
      db: ctx.db,
      input: { thingId, sampleTime: ctx.clock.now(), odometerM: input.carOdometerM },
    });
  }
  if (input.costLimit !== undefined) {
    await setCostLimit({ ctx, input: { row, accountId: input.session.accountId, limit: input.costLimit } });
  }
  await ctx.db
    .update(orders)
    .set({
      ...(input.thingExternalId !== undefined ? { thingExternalId: input.thingExternalId } : {}),
      ...(input.carOdometerM !== undefined ? { carOdometerM: input.carOdometerM } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(orders.id, row.id));
  const after = await findOrder({ ctx, input: { orderId: row.id } });
  if (!after) throw notFound('No such order');
  return after.json;
}
