// One indexed query for an order with its ledger aggregated as JSON: the hot path of polling (every 2.5 s per driver).
import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '../../../src/contract/orders';
import type { AppContext } from '../../context';
import { type OrderRow, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { type LedgerJson, toOrderJson } from './order-json';

export const ledgerJson = sql<LedgerJson[]>`coalesce((
  select json_agg(json_build_object('kind', l.kind, 'amount', l.amount, 'currency', l.currency,
    'precision', l.precision, 'createdAt', l.created_at, 'reference', l.reference) order by l.seq)
  from payment_ledger l where l.order_id = "orders"."id"), '[]'::json)`;

/** The order with its ledger, or undefined. With userId, only that user's order (others: as if it did not exist). */
export async function findOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; userId?: string };
}): Promise<{ row: OrderRow; json: Order } | undefined> {
  const where =
    input.userId === undefined
      ? eq(orders.id, input.orderId)
      : and(eq(orders.id, input.orderId), eq(orders.userId, input.userId));
  const [found] = await ctx.db.select({ row: orders, ledger: ledgerJson }).from(orders).where(where);
  if (!found) return undefined;
  return { row: found.row, json: toOrderJson(found.row, found.ledger) };
}

/** GET /v4/order/{id}: the caller's own order, else 404. The polling hot path: a prepared statement per database. */
export async function loadOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; userId: string };
}): Promise<Order> {
  type Prepared = ReturnType<typeof build>;
  const build = () =>
    ctx.db
      .select({ row: orders, ledger: ledgerJson })
      .from(orders)
      .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId'))))
      .prepare('load_own_order');
  let prepared = ctx.memo.get('orders.load') as Prepared | undefined;
  if (!prepared) {
    prepared = build();
    ctx.memo.set('orders.load', prepared);
  }
  const [found] = await prepared.execute({ orderId: input.orderId, userId: input.userId });
  if (!found) throw notFound('No such order');
  return toOrderJson(found.row, found.ledger);
}

/** The caller's order row, or 404. */
export async function loadOwnOrderRow({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; userId: string };
}): Promise<OrderRow> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)));
  if (!row) throw notFound('No such order');
  return row;
}
