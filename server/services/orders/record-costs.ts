// PUT /v4/account-history/costs/by-order/{id}: tank-full flag and odometer of the fill, kept on the order.
import { eq } from 'drizzle-orm';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { loadOwnOrderRow } from './load-order';

export async function recordCosts({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; orderId: string; tankIsFull?: boolean | undefined; carOdometerM?: number | undefined };
}): Promise<{ ok: true }> {
  const row = await loadOwnOrderRow({ ctx, input: { orderId: input.orderId, userId: input.session.userId } });
  await ctx.db
    .update(orders)
    .set({
      ...(input.tankIsFull !== undefined ? { tankIsFull: input.tankIsFull } : {}),
      ...(input.carOdometerM !== undefined ? { carOdometerM: input.carOdometerM } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(orders.id, row.id));
  return { ok: true };
}
