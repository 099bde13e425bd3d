// GET /v4/account-history (§7): the caller's events, newest first, 20 a page, with the list's filters; the merge
// screen's trips query is the same call with types=TRIP, from and to. Merged originals are hidden.
import { and, count, desc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { HistoryPage, historyQuery } from '../../../contract/history';
import type { AppContext } from '../../context';
import { historyEvents } from '../../db/schema';
import { loadOwnThing } from '../things';
import { toEventJson } from './event-json';
import { selectEvents } from './load-events';
import { materializeSeries } from './materialize-series';
import { recordMissingPayments } from './record-payment-event';

export async function listHistory({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; query: z.output<typeof historyQuery> };
}): Promise<HistoryPage> {
  const { userId, query } = input;
  if (query.vehicleId) await loadOwnThing({ ctx, input: { userId, thingId: query.vehicleId } });
  if (query.page === 1) {
    await materializeSeries({ ctx, input: { userId } });
    await recordMissingPayments({ ctx, input: { userId } });
  }
  const where: SQL[] = [eq(historyEvents.userId, userId), isNull(historyEvents.mergedInto)];
  if (query.types?.length) where.push(inArray(historyEvents.type, query.types));
  if (query.vehicleId) where.push(eq(historyEvents.thingId, query.vehicleId));
  if (query.productTypes?.length) where.push(inArray(historyEvents.productType, query.productTypes));
  if (query.triggerEventTypeAtSource) where.push(eq(historyEvents.source, query.triggerEventTypeAtSource));
  if (query.costCategory?.length) where.push(inArray(historyEvents.category, query.costCategory));
  if (query.from) where.push(gte(historyEvents.sampleTime, new Date(query.from)));
  if (query.to) where.push(lte(historyEvents.sampleTime, new Date(query.to)));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    selectEvents(ctx.db)
      .where(condition)
      .orderBy(desc(historyEvents.sampleTime), desc(historyEvents.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(historyEvents).where(condition),
  ]);
  return { events: rows.map(toEventJson), page: query.page, limit: query.limit, total: total?.n ?? 0 };
}
