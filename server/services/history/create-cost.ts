// POST /v4/account-history/costs: a manual cost (§3). A recurring one starts a series whose occurrences up to now are
// made at once (the first one even when it lies ahead); the answer is the occurrence the driver entered.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createCostBody } from '../../../contract/history';
import { type CreateCostBody, fuelQuantityToMl, type HistoryEvent } from '../../../contract/history';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { historyCosts, historyEvents, historySeries } from '../../db/schema';
import { loadOwnThing } from '../things';
import { checkOdometer } from './check-odometer';
import { loadOwnEvent } from './load-events';
import { growSeries, type SeriesTemplate } from './materialize-series';

export async function createCost({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; body: z.output<typeof createCostBody> };
}): Promise<HistoryEvent> {
  const { body, userId } = input;
  const thingId = body.thingId ?? null;
  if (thingId) await loadOwnThing({ ctx, input: { userId, thingId } });
  const sampleTime = new Date(body.sampleTime);
  const odometerM = body.odometer ?? null;
  const now = ctx.clock.now();
  const kept = {
    fuelMl: body.fuelQuantity == null ? null : fuelQuantityToMl(body.fuelQuantity),
    odometerM,
    tankFull: body.tankFull ?? null,
  };
  const id = await ctx.db.transaction(async (tx) => {
    await checkOdometer({ db: tx, input: { thingId, sampleTime, odometerM } });
    if (body.recurrencePeriod === 'NEVER') {
      const eventId = newId();
      await tx.insert(historyEvents).values({
        id: eventId,
        userId,
        thingId,
        type: 'COST',
        source: 'MANUAL',
        sampleTime,
        category: body.category,
        currency: body.currency,
        amountDeciCents: body.price,
        ...kept,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(historyCosts).values({
        eventId,
        recurrencePeriod: 'NEVER',
        name: body.name || null,
        notes: body.notes || null,
      });
      return eventId;
    }
    const template: SeriesTemplate = {
      category: body.category,
      price: body.price,
      currency: body.currency,
      name: body.name || null,
      notes: body.notes || null,
      thingId,
    };
    const seriesId = newId();
    await tx.insert(historySeries).values({
      id: seriesId,
      userId,
      period: body.recurrencePeriod,
      anchor: sampleTime,
      nextIndex: 0,
      nextAt: sampleTime,
      template,
      createdAt: now,
    });
    const [first] = await growSeries({ tx, input: { seriesId, now, atLeastOne: true } });
    if (!first) throw new Error('a new series made no occurrence');
    // Readings belong to the occurrence entered, not to the ones that repeat it.
    await tx.update(historyEvents).set(kept).where(eq(historyEvents.id, first));
    return first;
  });
  return loadOwnEvent(ctx.db, { userId, eventId: id });
}

export type { CreateCostBody };
