// One indexed query for an order with its ledger aggregated as JSON: the hot path of polling (every 2.5 s per driver).
import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '../../../contract/orders';
import { type AppContext, preparedFor } from '../../context';
import { type OrderRow, orders } from '../../db/schema';
import { notFound } from '../../errors';
import { isChargeOrder, liveCharge } from './live-charge';
import { type CodeJson, type DiscountJson, type LedgerJson, type LoyaltyItemJson, toOrderJson } from './order-json';
import { hasMeter, readOrderMeter } from './order-meter';

export const ledgerJson = sql<LedgerJson[]>`coalesce((
  select json_agg(json_build_object('kind', l.kind, 'amount', l.amount, 'currency', l.currency,
    'precision', l.precision, 'createdAt', l.created_at, 'reference', l.reference) order by l.seq)
  from payment_ledger l where l.order_id = "orders"."id"), '[]'::json)`;

/** The wash codes of an order (none for other products). */
export const codesJson = sql<CodeJson[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'code', c.code, 'expiresAt', c.expires_at, 'usedAt', c.used_at)
    order by c.created_at, c.code)
  from redemption_codes c where c.order_id = "orders"."id"), '[]'::json)`;

/** The voucher discounts the capture applied (services/vouchers/apply-order-discounts.ts). */
export const discountsJson = sql<DiscountJson[]>`coalesce((
  select json_agg(json_build_object('campaignId', d.campaign_id, 'name', d.name, 'label', d.label, 'amount', d.amount)
    order by d.position)
  from order_discounts d where d.order_id = "orders"."id"), '[]'::json)`;

/** The points the driver's loyalty card collected with the order (services/loyalty/record-points.ts). */
export const loyaltyItemsJson = sql<LoyaltyItemJson[]>`coalesce((
  select json_agg(json_build_object('programName', li.program_name, 'amount', li.amount,
    'totalAmount', li.total_amount) order by li.position)
  from order_loyalty_items li where li.order_id = "orders"."id"), '[]'::json)`;

/** The bullet points of the order's item (wash packages have them), from the station's catalogue. */
export const descriptionLinesJson = sql<string[] | null>`(
  select i.value -> 'descriptionLines' from station_products p, jsonb_array_elements(p.items) i
  where p.id = "orders"."product_id" and i.value ->> 'itemCode' = "orders"."item_code" limit 1)`;

/** What an order's JSON is built from, besides its row. */
export const orderExtras = {
  ledger: ledgerJson,
  codes: codesJson,
  descriptionLines: descriptionLinesJson,
  discounts: discountsJson,
  loyaltyItems: loyaltyItemsJson,
};

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
  const [found] = await ctx.db
    .select({ row: orders, ...orderExtras })
    .from(orders)
    .where(where);
  if (!found) return undefined;
  const charge = isChargeOrder(found.row) ? await liveCharge({ ctx, input: { row: found.row } }) : undefined;
  return { row: found.row, json: toOrderJson(found.row, found.ledger, { ...found, ...(charge ? { charge } : {}) }) };
}

/** GET /v4/order/{id}: the caller's own order, else 404. The polling hot path: a prepared statement per database. */
export async function loadOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; userId: string };
}): Promise<Order> {
  const prepared = preparedFor(ctx, 'orders.load', () =>
    ctx.db
      .select({ row: orders, ...orderExtras })
      .from(orders)
      .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.userId, sql.placeholder('userId'))))
      .prepare('load_own_order'),
  );
  const [found] = await prepared.execute({ orderId: input.orderId, userId: input.userId });
  if (!found) throw notFound('No such order');
  // EV: the live meter of a pending or charging order (energy, power, time).
  const charge = isChargeOrder(found.row) ? await liveCharge({ ctx, input: { row: found.row } }) : undefined;
  const json = toOrderJson(found.row, found.ledger, { ...found, ...(charge ? { charge } : {}) });
  // While the product flows, the pump's meter too (a second query only then).
  if (hasMeter(json.state)) json.meter = await readOrderMeter({ ctx, input: { orderId: json._id, state: json.state } });
  return json;
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
