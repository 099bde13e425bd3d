// PUT /v4/account-history/costs/by-order/{id}: a paid order becomes a cost with its odometer. The tank-full flag and the
// reading are kept on the order (its PAYMENT event takes them when it completes) and, once it has completed, on its
// event. Repeating the call changes nothing more: there is one event per order (history_payments.order_id is unique).
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { historyEvents, historyPayments, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { checkOdometer } from './check-odometer';
import { ensurePaymentEvent } from './record-payment-event';

export async function recordCostsByOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; orderId: string; tankIsFull?: boolean | undefined; carOdometerM?: number | undefined };
}): Promise<{ ok: true }> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)));
  if (!order) throw notFound('No such order');
  const now = ctx.clock.now();
  if (order.state === 'COMPLETED') await ensurePaymentEvent({ ctx, input: { order } });
  await ctx.db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: historyEvents.id, sampleTime: historyEvents.sampleTime, thingId: historyEvents.thingId })
      .from(historyPayments)
      .innerJoin(historyEvents, eq(historyEvents.id, historyPayments.eventId))
      .where(eq(historyPayments.orderId, order.id))
      .for('update');
    if (input.carOdometerM !== undefined) {
      await checkOdometer({
        db: tx,
        input: {
          thingId: event?.thingId ?? order.thingExternalId ?? order.thingId,
          sampleTime: event?.sampleTime ?? now,
          odometerM: input.carOdometerM,
          ...(event ? { exceptEventId: event.id } : {}),
        },
      });
    }
    const patch = {
      ...(input.tankIsFull !== undefined ? { tankIsFull: input.tankIsFull } : {}),
      ...(input.carOdometerM !== undefined ? { carOdometerM: input.carOdometerM } : {}),
    };
    await tx
      .update(orders)
      .set({ ...patch, updatedAt: now })
      .where(eq(orders.id, order.id));
    if (event) {
      await tx
        .update(historyEvents)
        .set({
          ...(input.tankIsFull !== undefined ? { tankFull: input.tankIsFull } : {}),
          ...(input.carOdometerM !== undefined ? { odometerM: input.carOdometerM } : {}),
          updatedAt: now,
        })
        .where(eq(historyEvents.id, event.id));
    }
  });
  return { ok: true };
}
