// No order stays pending forever: one stuck in a non-terminal state for longer than ORDER_STUCK_LIMIT_SECONDS goes
// to PROBLEM, its hold is released and a pump still released for it is put back. A pump whose nozzle is up or that is
// dispensing for it is hung up instead, and a fill that ended without its invoice is invoiced: what flowed is paid.
import { and, eq, lt, notInArray } from 'drizzle-orm';
import { TERMINAL_STATES } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { forecourtDevices, type OrderRow, ocppIdTags, orders } from '../../db/schema';
import { isDomainError } from '../../errors';
import { cancelRelease, hangUp } from '../forecourt';
import { completeDispensing } from './complete-dispensing';
import { isChargeOrder } from './live-charge';
import { applyTransition } from './transitions';

export async function runWatchdog({ ctx, input = {} }: { ctx: AppContext; input?: { now?: Date } }): Promise<string[]> {
  const now = input.now ?? ctx.clock.now();
  const limitS = ctx.env.orderStuckLimitSeconds;
  const stuck = await ctx.db
    .select({ order: orders })
    .from(orders)
    .where(
      and(
        notInArray(orders.state, [...TERMINAL_STATES]),
        lt(orders.stateChangedAt, new Date(now.getTime() - limitS * 1000)),
      ),
    )
    .limit(100);
  const moved: string[] = [];
  for (const { order } of stuck) {
    try {
      if (await stopStuckOrder({ ctx, input: { order, now } })) moved.push(order.id);
    } catch (err) {
      // One order must not stop the others (nor the rest of the simulator tick); the next tick looks again.
      ctx.log.error(`watchdog: order ${order.id} could not be stopped`, err);
    }
  }
  return moved;
}

/** True when the order was moved to PROBLEM. */
async function stopStuckOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { order: OrderRow; now: Date };
}): Promise<boolean> {
  const { order, now } = input;
  const limitS = ctx.env.orderStuckLimitSeconds;
  // A charge may run for hours: its own watchdog is the charger's meter values (ev-charging.ts watchCharges).
  if (isChargeOrder(order) && order.state === 'PRODUCT_SUPPLYING') return false;
  // A fill that ended but was never invoiced (its completion failed): invoice what flowed instead of releasing it all.
  const outcome = await completeDispensing({ ctx, input: { orderId: order.id } });
  if (outcome === 'acquired' || outcome === 'cancelled') return false;

  const step = await ctx.db.transaction(async (tx) => {
    // Lock the pump first: a lift or a flow start (change-device.ts) then either happened before — and we leave the
    // order to the hang-up below — or comes after the order has ended and is refused. No fuel for an ended order.
    const [device] = await tx
      .select()
      .from(forecourtDevices)
      .where(eq(forecourtDevices.productId, order.productId))
      .for('update');
    const ours = device?.orderId === order.id;
    if (ours && device.state !== 'RELEASED') return { kind: 'pump-busy' as const, state: device.state };
    const r = await applyTransition({
      tx,
      input: {
        orderId: order.id,
        from: order.state,
        to: 'PROBLEM',
        now,
        actionCodeText: 'WATCHDOG',
        description: `No progress in ${order.state} for more than ${limitS} s`,
        message: 'The order did not progress and was stopped',
        patch: { errorMessage: 'The order did not progress and was stopped' },
      },
    });
    if (!r) return { kind: 'moved-meanwhile' as const };
    await ctx.payments.release(tx, { orderId: order.id, now });
    // An EV order's idTag starts nothing any more.
    if (isChargeOrder(order))
      await tx.update(ocppIdTags).set({ revokedAt: now }).where(eq(ocppIdTags.orderId, order.id));
    return { kind: 'stopped' as const, releasedPump: ours };
  });

  if (step.kind === 'pump-busy') {
    // The nozzle is up or fuel flows: hang up, the fill is invoiced normally (complete-dispensing.ts).
    if (step.state === 'NOZZLE_LIFTED' || step.state === 'DISPENSING')
      await hangUp({ ctx, input: { productId: order.productId } });
    return false;
  }
  if (step.kind === 'stopped' && step.releasedPump) {
    try {
      await cancelRelease({ ctx, input: { productId: order.productId } });
    } catch (err) {
      if (!isDomainError(err, 'conflict')) throw err;
    }
  }
  return step.kind === 'stopped';
}
