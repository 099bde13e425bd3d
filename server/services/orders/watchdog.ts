// No order stays pending forever: one stuck in a non-terminal state for longer than ORDER_STUCK_LIMIT_SECONDS goes
// to PROBLEM, its hold is released and a pump still released for it is put back. A pump that is still dispensing
// for it is hung up instead, so the fill is invoiced normally.
import { and, eq, lt, notInArray } from 'drizzle-orm';
import { TERMINAL_STATES } from '../../../src/contract/orders';
import type { AppContext } from '../../context';
import { forecourtDevices, orders } from '../../db/schema';
import { releaseHold } from '../../psp/release-hold';
import { cancelRelease } from '../forecourt/cancel-release';
import { hangUp } from '../forecourt/hang-up';
import { applyTransition } from './transitions';

export async function runWatchdog(ctx: AppContext, now = ctx.clock.now()): Promise<string[]> {
  const limitS = ctx.env.orderStuckLimitSeconds;
  const stuck = await ctx.db
    .select({ order: orders, device: forecourtDevices })
    .from(orders)
    .leftJoin(forecourtDevices, eq(forecourtDevices.productId, orders.productId))
    .where(
      and(
        notInArray(orders.state, [...TERMINAL_STATES]),
        lt(orders.stateChangedAt, new Date(now.getTime() - limitS * 1000)),
      ),
    )
    .limit(100);
  const moved: string[] = [];
  for (const { order, device } of stuck) {
    const ours = device?.orderId === order.id;
    if (ours && (device?.state === 'NOZZLE_LIFTED' || device?.state === 'DISPENSING')) {
      await hangUp(ctx, { productId: order.productId });
      continue;
    }
    const done = await ctx.db.transaction(async (tx) => {
      const r = await applyTransition(tx, {
        orderId: order.id,
        from: order.state,
        to: 'PROBLEM',
        now,
        actionCodeText: 'WATCHDOG',
        description: `No progress in ${order.state} for more than ${limitS} s`,
        message: 'The order did not progress and was stopped',
        patch: { errorMessage: 'The order did not progress and was stopped' },
      });
      if (r) await releaseHold(tx, { orderId: order.id, now });
      return r !== undefined;
    });
    if (!done) continue;
    moved.push(order.id);
    if (ours && device?.state === 'RELEASED') {
      try {
        await cancelRelease(ctx, { productId: order.productId });
      } catch (err) {
        if ((err as { status?: number }).status !== 409) throw err;
      }
    }
  }
  return moved;
}
