// Recurring costs become one event per occurrence, made when due: on create (every occurrence up to now) and before
// each read of the history or its statistics. The series row is locked while it grows, and (series, index) is unique,
// so two readers never make an occurrence twice.
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { CostCategory, RecurrencePeriod } from '../../../contract/history';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { historyCosts, historyEvents, historySeries } from '../../db/schema';
import { MAX_OCCURRENCES, occurrenceTime } from './recurrence';

/** What each occurrence of a series copies. */
export type SeriesTemplate = {
  category: CostCategory;
  price: number;
  currency: string;
  name: string | null;
  notes: string | null;
  thingId: string | null;
};

/** Materialises the occurrences of one series that are due by `now`, inside the caller's transaction. */
export async function growSeries({
  tx,
  input,
}: {
  tx: Tx;
  input: { seriesId: string; now: Date; atLeastOne?: boolean };
}): Promise<string[]> {
  const [series] = await tx.select().from(historySeries).where(eq(historySeries.id, input.seriesId)).for('update');
  if (!series || series.nextAt === null) return [];
  const template = series.template as SeriesTemplate;
  const period = series.period as Exclude<RecurrencePeriod, 'NEVER'>;
  const made: string[] = [];
  let index = series.nextIndex;
  let at: Date | null = series.nextAt;
  while (at && index < MAX_OCCURRENCES && (at <= input.now || (input.atLeastOne && made.length === 0))) {
    const id = newId();
    await tx.insert(historyEvents).values({
      id,
      userId: series.userId,
      thingId: template.thingId,
      type: 'COST',
      source: 'MANUAL',
      sampleTime: at,
      category: template.category,
      currency: template.currency,
      amountDeciCents: template.price,
      createdAt: input.now,
      updatedAt: input.now,
    });
    await tx.insert(historyCosts).values({
      eventId: id,
      recurrencePeriod: period,
      seriesId: series.id,
      seriesIndex: index,
      name: template.name,
      notes: template.notes,
    });
    made.push(id);
    index += 1;
    at = index < MAX_OCCURRENCES ? occurrenceTime(series.anchor, period, index) : null;
  }
  await tx.update(historySeries).set({ nextIndex: index, nextAt: at }).where(eq(historySeries.id, series.id));
  return made;
}

/** Every due occurrence of the user's series (before a read). */
export async function materializeSeries({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; now?: Date };
}): Promise<void> {
  const now = input.now ?? ctx.clock.now();
  const due = await ctx.db
    .select({ id: historySeries.id })
    .from(historySeries)
    .where(
      and(eq(historySeries.userId, input.userId), isNotNull(historySeries.nextAt), lte(historySeries.nextAt, now)),
    );
  for (const { id } of due) {
    await ctx.db.transaction((tx) => growSeries({ tx, input: { seriesId: id, now } }));
  }
}
