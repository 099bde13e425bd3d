// PATCH /v4/account-history/costs/{id}?reach=onlyThis: changes one cost (one occurrence of a series; the others and
// the series' template stay as they are).
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fuelQuantityToMl, type HistoryEvent, type patchCostBody } from '../../../contract/history';
import type { AppContext } from '../../context';
import { historyCosts, historyEvents } from '../../db/schema';
import { notFound } from '../../errors';
import { loadOwnThing } from '../things';
import { checkOdometer } from './check-odometer';
import { loadOwnEvent } from './load-events';

export async function updateCost({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string; body: z.output<typeof patchCostBody> };
}): Promise<HistoryEvent> {
  const { body, userId, eventId } = input;
  const [row] = await ctx.db
    .select()
    .from(historyEvents)
    .where(and(eq(historyEvents.id, eventId), eq(historyEvents.userId, userId), eq(historyEvents.type, 'COST')));
  if (!row) throw notFound('No such cost');
  if (body.thingId) await loadOwnThing({ ctx, input: { userId, thingId: body.thingId } });
  const thingId = body.thingId === undefined ? row.thingId : body.thingId;
  const sampleTime = body.sampleTime === undefined ? row.sampleTime : new Date(body.sampleTime);
  const odometerM = body.odometer === undefined ? row.odometerM : body.odometer;
  await ctx.db.transaction(async (tx) => {
    await checkOdometer({ db: tx, input: { thingId, sampleTime, odometerM, exceptEventId: row.id } });
    await tx
      .update(historyEvents)
      .set({
        thingId,
        sampleTime,
        odometerM,
        ...(body.category !== undefined ? { category: body.category } : {}),
        ...(body.price !== undefined ? { amountDeciCents: body.price } : {}),
        ...(body.currency !== undefined ? { currency: body.currency } : {}),
        ...(body.fuelQuantity !== undefined
          ? { fuelMl: body.fuelQuantity === null ? null : fuelQuantityToMl(body.fuelQuantity) }
          : {}),
        ...(body.tankFull !== undefined ? { tankFull: body.tankFull } : {}),
        updatedAt: ctx.clock.now(),
      })
      .where(eq(historyEvents.id, row.id));
    if (body.name !== undefined || body.notes !== undefined) {
      await tx
        .update(historyCosts)
        .set({
          ...(body.name !== undefined ? { name: body.name || null } : {}),
          ...(body.notes !== undefined ? { notes: body.notes || null } : {}),
        })
        .where(eq(historyCosts.eventId, row.id));
    }
  });
  return loadOwnEvent(ctx.db, { userId, eventId });
}
