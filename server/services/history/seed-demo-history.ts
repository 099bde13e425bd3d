// Demo data: six months of the demo vehicle's trips from the simulated trip recorder, the fuel stops they needed,
// a monthly insurance, the vehicle tax, washes and parking. Idempotent: a vehicle that has recorded trips is left alone.
import { and, eq } from 'drizzle-orm';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { historyCosts, historyEvents, historySeries, historyTrips } from '../../db/schema';
import { growSeries, type SeriesTemplate } from './materialize-series';
import { simulateTrips } from './simulate-trips';

const DAY = 86_400_000;
const CHUNK = 200;

export async function seedDemoHistory({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; thingId: string; days?: number; seed?: number };
}): Promise<{ trips: number; costs: number }> {
  const { userId, thingId } = input;
  const [recorded] = await ctx.db
    .select({ id: historyEvents.id })
    .from(historyEvents)
    .where(and(eq(historyEvents.thingId, thingId), eq(historyEvents.source, 'TRIP_RECORDER')))
    .limit(1);
  if (recorded) return { trips: 0, costs: 0 };
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - (input.days ?? 183) * DAY);
  const { trips, fills } = simulateTrips({ from, to: now, seed: input.seed ?? 2026, startOdometerM: 42_180_000 });

  type Cost = { time: Date; category: SeriesTemplate['category']; price: number; name: string; notes?: string };
  const extras: Cost[] = [];
  for (let t = from.getTime() + 9 * DAY; t < now.getTime(); t += 36 * DAY) {
    extras.push({ time: new Date(t + 11 * 3600_000), category: 'CAR_WASH', price: 12_900, name: 'SplashWash Premium' });
  }
  for (let t = from.getTime() + 4 * DAY; t < now.getTime(); t += 23 * DAY) {
    extras.push({ time: new Date(t + 14 * 3600_000), category: 'PARKING', price: 6_500, name: 'Parkhaus Alexa' });
  }
  extras.push({ time: new Date(from.getTime() + 40 * DAY), category: 'TAX', price: 160_000, name: 'Kfz-Steuer' });
  extras.push({
    time: new Date(from.getTime() + 95 * DAY),
    category: 'REPAIR',
    price: 389_000,
    name: 'Brake pads',
    notes: 'Front axle, Werkstatt Mitte',
  });

  await ctx.db.transaction(async (tx) => {
    const events: (typeof historyEvents.$inferInsert)[] = [];
    const tripRows: (typeof historyTrips.$inferInsert)[] = [];
    const costRows: (typeof historyCosts.$inferInsert)[] = [];
    for (const trip of trips) {
      const id = newId();
      events.push({
        id,
        userId,
        thingId,
        type: 'TRIP',
        source: 'TRIP_RECORDER',
        sampleTime: trip.startTime,
        createdAt: now,
        updatedAt: now,
      });
      tripRows.push({
        eventId: id,
        distanceM: trip.distanceM,
        drivingScore: trip.drivingScore,
        startAddress: trip.start.address,
        startLat: trip.start.latitude,
        startLon: trip.start.longitude,
        endAddress: trip.end.address,
        endLat: trip.end.latitude,
        endLon: trip.end.longitude,
        endTime: trip.endTime,
      });
    }
    for (const fill of fills) {
      const id = newId();
      events.push({
        id,
        userId,
        thingId,
        type: 'COST',
        source: 'MANUAL',
        sampleTime: fill.time,
        category: 'FUEL_TOP_UP',
        currency: 'EUR',
        // litres × (thousandths of a euro per litre) = deci-cents
        amountDeciCents: Math.round(fill.litres * fill.pricePerLitreMilli),
        fuelMl: Math.round(fill.litres * 1000),
        odometerM: fill.odometerM,
        tankFull: true,
        createdAt: now,
        updatedAt: now,
      });
      costRows.push({ eventId: id, recurrencePeriod: 'NEVER', name: 'Super E5' });
    }
    for (const cost of extras) {
      const id = newId();
      events.push({
        id,
        userId,
        thingId,
        type: 'COST',
        source: 'MANUAL',
        sampleTime: cost.time,
        category: cost.category,
        currency: 'EUR',
        amountDeciCents: cost.price,
        createdAt: now,
        updatedAt: now,
      });
      costRows.push({ eventId: id, recurrencePeriod: 'NEVER', name: cost.name, notes: cost.notes ?? null });
    }
    for (let i = 0; i < events.length; i += CHUNK) await tx.insert(historyEvents).values(events.slice(i, i + CHUNK));
    for (let i = 0; i < tripRows.length; i += CHUNK) await tx.insert(historyTrips).values(tripRows.slice(i, i + CHUNK));
    for (let i = 0; i < costRows.length; i += CHUNK) await tx.insert(historyCosts).values(costRows.slice(i, i + CHUNK));

    const anchor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1, 9));
    const seriesId = newId();
    const template: SeriesTemplate = {
      category: 'INSURANCE',
      price: 89_500,
      currency: 'EUR',
      name: 'Car insurance',
      notes: null,
      thingId,
    };
    await tx.insert(historySeries).values({
      id: seriesId,
      userId,
      period: 'MONTHLY',
      anchor,
      nextIndex: 0,
      nextAt: anchor,
      template,
      createdAt: now,
    });
    await growSeries({ tx, input: { seriesId, now } });
  });
  return { trips: trips.length, costs: fills.length + extras.length };
}
