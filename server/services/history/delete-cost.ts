// DELETE /v4/account-history/costs/{id}?category&reach (§3 Delete reach). Over a recurring series:
// - onlyThis: this occurrence; the series goes on (it is never made again: the series only moves forward);
// - thisAndFollowing: this occurrence and every later one; the series ends (no more are made);
// - all: every occurrence and the series.
// A single cost is deleted whatever the reach. `category`, when given, must be the cost's (a stale screen's guard).
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { CostCategory, DeleteReach } from '../../../contract/history';
import type { AppContext } from '../../context';
import { historyCosts, historyEvents, historySeries } from '../../db/schema';
import { DomainError, notFound } from '../../errors';

export async function deleteCost({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string; category?: CostCategory | undefined; reach: DeleteReach };
}): Promise<{ deleted: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: historyEvents.id, category: historyEvents.category, cost: historyCosts })
      .from(historyEvents)
      .innerJoin(historyCosts, eq(historyCosts.eventId, historyEvents.id))
      .where(
        and(
          eq(historyEvents.id, input.eventId),
          eq(historyEvents.userId, input.userId),
          eq(historyEvents.type, 'COST'),
        ),
      )
      .for('update');
    if (!row) throw notFound('No such cost');
    if (input.category && input.category !== row.category) {
      throw new DomainError('unprocessable', 'unprocessable', `The cost is not of category ${input.category}`, [
        { path: 'category', message: 'Does not match the cost' },
      ]);
    }
    const { seriesId, seriesIndex } = row.cost;
    if (!seriesId || seriesIndex === null || input.reach === 'onlyThis') {
      await tx.delete(historyEvents).where(eq(historyEvents.id, row.id));
      return { deleted: [row.id] };
    }
    // The series row first: no occurrence is made while its members are deleted.
    await tx.select({ id: historySeries.id }).from(historySeries).where(eq(historySeries.id, seriesId)).for('update');
    const members = await tx
      .select({ id: historyCosts.eventId })
      .from(historyCosts)
      .where(
        input.reach === 'all'
          ? eq(historyCosts.seriesId, seriesId)
          : and(eq(historyCosts.seriesId, seriesId), gte(historyCosts.seriesIndex, seriesIndex)),
      );
    const ids = members.map((m) => m.id);
    if (ids.length) await tx.delete(historyEvents).where(inArray(historyEvents.id, ids));
    if (input.reach === 'all' || seriesIndex === 0)
      await tx.delete(historySeries).where(eq(historySeries.id, seriesId));
    else await tx.update(historySeries).set({ nextAt: null }).where(eq(historySeries.id, seriesId));
    return { deleted: ids };
  });
}
