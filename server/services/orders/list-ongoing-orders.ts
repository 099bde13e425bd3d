// GET /v4/ongoing-orders?limit=5: the caller's non-terminal orders, newest first (pay-flows.md §9: limit 5).
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { type Order, TERMINAL_STATES } from '../../../contract/orders';
import type { AppContext } from '../../context';
import { orders } from '../../db/schema';
import { ONGOING_ORDERS_LIMIT } from './constants';
import { orderExtras } from './load-order';
import { toOrderJson } from './order-json';

export async function listOngoingOrders({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; limit?: number | undefined };
}): Promise<Order[]> {
  const limit = Math.min(input.limit ?? ONGOING_ORDERS_LIMIT, ONGOING_ORDERS_LIMIT);
  const rows = await ctx.db
    .select({ row: orders, ...orderExtras })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), notInArray(orders.state, [...TERMINAL_STATES])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((r) => toOrderJson(r.row, r.ledger, r));
}
