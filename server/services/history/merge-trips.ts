// POST /events/merged-trip (§4 Merged trips): consecutive trips of one vehicle become one trip; the originals are kept,
// hidden (merged_into), so DELETE /events/merged-trip/{id} restores them exactly.
import { and, asc, eq, gte, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { HistoryEvent } from '../../../contract/history';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { historyEvents, historyTrips } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { loadOwnThing } from '../things';
import { loadOwnEvent } from './load-events';

/** Totals of a merged trip: distances add up, the score is the distance-weighted mean, start of the first, end of the last. */
export function mergedTotals(trips: Array<{ distanceM: number; drivingScore: number | null }>): {
  distanceM: number;
  drivingScore: number | null;
} {
  const distanceM = trips.reduce((sum, t) => sum + t.distanceM, 0);
  const scored = trips.filter((t) => t.drivingScore !== null);
  const weight = scored.reduce((sum, t) => sum + t.distanceM, 0);
  let drivingScore: number | null = null;
  if (scored.length > 0) {
    drivingScore =
      weight > 0
        ? Math.round(scored.reduce((sum, t) => sum + (t.drivingScore ?? 0) * t.distanceM, 0) / weight)
        : Math.round(scored.reduce((sum, t) => sum + (t.drivingScore ?? 0), 0) / scored.length);
  }
  return { distanceM, drivingScore };
}

export async function mergeTrips({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventIds: string[]; thingId: string };
}): Promise<HistoryEvent> {
  const { userId, thingId } = input;
  const ids = [...new Set(input.eventIds)];
  if (ids.length < 2) throw new DomainError('unprocessable', 'unprocessable', 'Pick at least two different trips');
  await loadOwnThing({ ctx, input: { userId, thingId } });
  const mergedId = newId();
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ event: historyEvents, trip: historyTrips })
      .from(historyEvents)
      .innerJoin(historyTrips, eq(historyTrips.eventId, historyEvents.id))
      .where(and(inArray(historyEvents.id, ids), eq(historyEvents.userId, userId), eq(historyEvents.type, 'TRIP')))
      .orderBy(asc(historyEvents.sampleTime), asc(historyEvents.id))
      .for('update');
    if (rows.length !== ids.length) throw notFound('No such trip');
    if (rows.some((r) => r.event.mergedInto !== null)) {
      throw new DomainError('conflict', 'conflict', 'A trip is already part of a merged trip');
    }
    if (rows.some((r) => r.event.thingId !== thingId)) {
      throw new DomainError('unprocessable', 'unprocessable', 'Every trip must be of this vehicle');
    }
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (!first || !last) throw notFound('No such trip');
    const between = await tx
      .select({ id: historyEvents.id })
      .from(historyEvents)
      .where(
        and(
          eq(historyEvents.thingId, thingId),
          eq(historyEvents.type, 'TRIP'),
          isNull(historyEvents.mergedInto),
          gte(historyEvents.sampleTime, first.event.sampleTime),
          lte(historyEvents.sampleTime, last.event.sampleTime),
          notInArray(historyEvents.id, ids),
        ),
      )
      .limit(1);
    if (between.length > 0) {
      throw new DomainError('unprocessable', 'unprocessable', 'Only consecutive trips can be merged', [
        { path: 'eventIds', message: 'A trip in between is missing' },
      ]);
    }
    const totals = mergedTotals(rows.map((r) => r.trip));
    const now = ctx.clock.now();
    await tx.insert(historyEvents).values({
      id: mergedId,
      userId,
      thingId,
      type: 'TRIP',
      source: 'MERGE',
      sampleTime: first.event.sampleTime,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(historyTrips).values({
      eventId: mergedId,
      distanceM: totals.distanceM,
      drivingScore: totals.drivingScore,
      startAddress: first.trip.startAddress,
      startLat: first.trip.startLat,
      startLon: first.trip.startLon,
      endAddress: last.trip.endAddress,
      endLat: last.trip.endLat,
      endLon: last.trip.endLon,
      endTime: last.trip.endTime,
      isResultOfMerge: true,
    });
    await tx.update(historyEvents).set({ mergedInto: mergedId }).where(inArray(historyEvents.id, ids));
  });
  return loadOwnEvent(ctx.db, { userId, eventId: mergedId });
}

/** DELETE /events/merged-trip/{id}: the originals come back as they were; the merged trip goes. */
export async function unmergeTrip({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string };
}): Promise<{ restored: string[] }> {
  return ctx.db.transaction(async (tx) => {
    const [merged] = await tx
      .select({ id: historyEvents.id, mergedInto: historyEvents.mergedInto })
      .from(historyEvents)
      .innerJoin(historyTrips, eq(historyTrips.eventId, historyEvents.id))
      .where(
        and(
          eq(historyEvents.id, input.eventId),
          eq(historyEvents.userId, input.userId),
          eq(historyTrips.isResultOfMerge, true),
        ),
      )
      .for('update');
    if (!merged) throw notFound('No such merged trip');
    if (merged.mergedInto !== null)
      throw new DomainError('conflict', 'conflict', 'Unmerge the trip it was merged into first');
    const restored = await tx
      .update(historyEvents)
      .set({ mergedInto: null })
      .where(eq(historyEvents.mergedInto, merged.id))
      .returning({ id: historyEvents.id, sampleTime: historyEvents.sampleTime });
    await tx.delete(historyEvents).where(eq(historyEvents.id, merged.id));
    return { restored: restored.sort((a, b) => a.sampleTime.getTime() - b.sampleTime.getTime()).map((r) => r.id) };
  });
}
