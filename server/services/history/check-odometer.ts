// shell-and-account.md §5 "Mileage is at most 1000000 and must not be lower than the previous value": a reading of a
// vehicle must lie between its readings before and after it in time (a late entry fits between the two).
import { and, asc, desc, eq, gt, isNotNull, lte, ne, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { historyEvents } from '../../db/schema';
import { DomainError } from '../../errors';

export async function checkOdometer({
  db,
  input,
}: {
  db: AppContext['db'] | Tx;
  input: { thingId: string | null; sampleTime: Date; odometerM: number | null; exceptEventId?: string };
}): Promise<void> {
  const { thingId, odometerM } = input;
  if (!thingId || odometerM === null) return;
  const base: SQL[] = [eq(historyEvents.thingId, thingId), isNotNull(historyEvents.odometerM)];
  if (input.exceptEventId) base.push(ne(historyEvents.id, input.exceptEventId));
  // The conflicting reading's time goes with the refusal, so the app can say "below an earlier reading of … on …".
  const [before] = await db
    .select({ odometerM: historyEvents.odometerM, at: historyEvents.sampleTime })
    .from(historyEvents)
    .where(and(...base, lte(historyEvents.sampleTime, input.sampleTime)))
    .orderBy(desc(historyEvents.sampleTime), desc(historyEvents.createdAt))
    .limit(1);
  if (before?.odometerM != null && odometerM < before.odometerM) {
    throw new DomainError('unprocessable', 'unprocessable', 'The mileage is lower than the previous reading', [
      { path: 'odometer', message: 'below_previous', limit: before.odometerM, at: before.at.toISOString() },
    ]);
  }
  const [after] = await db
    .select({ odometerM: historyEvents.odometerM, at: historyEvents.sampleTime })
    .from(historyEvents)
    .where(and(...base, gt(historyEvents.sampleTime, input.sampleTime)))
    .orderBy(asc(historyEvents.sampleTime))
    .limit(1);
  if (after?.odometerM != null && odometerM > after.odometerM) {
    throw new DomainError('unprocessable', 'unprocessable', 'The mileage is higher than a later reading', [
      { path: 'odometer', message: 'above_next', limit: after.odometerM, at: after.at.toISOString() },
    ]);
  }
}
