// GET statistics/things/{id}/expenses?startDate&endDate: what a vehicle cost in a period (the transactions overview's
// 1 month, 6 months, 1 year): totals by category and by month (UTC months), fuel litres, and cost per 100 km and per
// km: the distance is the period's last odometer reading minus the last one before the period (else the period's
// first), so a month with a single fill still has one; without two readings, the trips recorded in the period.
// Amounts in deci-cents, per currency.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { CostCategory, Expenses } from '../../../contract/history';
import type { AppContext } from '../../context';
import { historyEvents, historyTrips } from '../../db/schema';
import { DomainError } from '../../errors';
import { loadOwnThing } from '../things';
import { materializeSeries } from './materialize-series';

/** A period longer than this (a year and a bit) is refused. */
const MAX_PERIOD_DAYS = 400;

const num = (v: unknown) => Number(v ?? 0);

export async function getExpenses({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; thingId: string; startDate: string; endDate: string };
}): Promise<Expenses> {
  const { userId, thingId } = input;
  await loadOwnThing({ ctx, input: { userId, thingId } });
  const start = new Date(input.startDate);
  const end = new Date(input.endDate);
  if (end < start)
    throw new DomainError('invalid', 'validation_error', 'endDate is before startDate', [
      { path: 'endDate', message: 'Before startDate' },
    ]);
  if (end.getTime() - start.getTime() > MAX_PERIOD_DAYS * 86_400_000) {
    throw new DomainError('invalid', 'validation_error', `The period is longer than ${MAX_PERIOD_DAYS} days`, [
      { path: 'startDate', message: 'Period too long' },
    ]);
  }
  await materializeSeries({ ctx, input: { userId } });
  const inPeriod = and(
    eq(historyEvents.userId, userId),
    eq(historyEvents.thingId, thingId),
    isNull(historyEvents.mergedInto),
    gte(historyEvents.sampleTime, start),
    lte(historyEvents.sampleTime, end),
  );
  const spent = and(inPeriod, inArray(historyEvents.type, ['PAYMENT', 'COST']), isNotNull(historyEvents.currency));
  const month = sql<string>`to_char(${historyEvents.sampleTime} at time zone 'UTC', 'YYYY-MM')`;
  const [byMonth, fuelByMonth, periodReadings, before, trips] = await Promise.all([
    ctx.db
      .select({
        month,
        currency: historyEvents.currency,
        category: historyEvents.category,
        amount: sum(historyEvents.amountDeciCents),
      })
      .from(historyEvents)
      .where(spent)
      .groupBy(month, historyEvents.currency, historyEvents.category)
      .orderBy(month, historyEvents.currency, historyEvents.category),
    ctx.db
      .select({ month, fuelMl: sum(historyEvents.fuelMl), energyWh: sum(historyEvents.energyWh) })
      .from(historyEvents)
      .where(spent)
      .groupBy(month)
      .orderBy(month),
    ctx.db
      .select({ odometerM: historyEvents.odometerM, sampleTime: historyEvents.sampleTime })
      .from(historyEvents)
      .where(and(inPeriod, isNotNull(historyEvents.odometerM)))
      .orderBy(asc(historyEvents.sampleTime), asc(historyEvents.createdAt)),
    ctx.db
      .select({ odometerM: historyEvents.odometerM, sampleTime: historyEvents.sampleTime })
      .from(historyEvents)
      .where(
        and(
          eq(historyEvents.userId, userId),
          eq(historyEvents.thingId, thingId),
          isNull(historyEvents.mergedInto),
          lt(historyEvents.sampleTime, start),
          isNotNull(historyEvents.odometerM),
        ),
      )
      .orderBy(desc(historyEvents.sampleTime), desc(historyEvents.createdAt))
      .limit(1),
    ctx.db
      .select({ distanceM: sum(historyTrips.distanceM) })
      .from(historyEvents)
      .innerJoin(historyTrips, eq(historyTrips.eventId, historyEvents.id))
      .where(and(inPeriod, eq(historyEvents.type, 'TRIP'))),
  ]);

  const totals = new Map<string, number>();
  const categories = new Map<string, number>();
  for (const row of byMonth) {
    const currency = row.currency ?? '';
    totals.set(currency, (totals.get(currency) ?? 0) + num(row.amount));
    const key = `${currency}|${row.category}`;
    categories.set(key, (categories.get(key) ?? 0) + num(row.amount));
  }
  const readings = [...before, ...periodReadings];
  const first = readings[0];
  const last = readings[readings.length - 1];
  const odometerDistanceM =
    first && last && readings.length >= 2 && (last.odometerM ?? 0) > (first.odometerM ?? 0)
      ? (last.odometerM ?? 0) - (first.odometerM ?? 0)
      : null;
  // Without two readings the trip recorder's distance of the period tells how far the vehicle went.
  const tripsDistanceM = num(trips[0]?.distanceM);
  const distanceM = odometerDistanceM ?? (tripsDistanceM > 0 ? tripsDistanceM : null);
  // The fuel the distance used: from the odometer, what was bought after the first reading (that fill was driven
  // before it); from the trips, all the period's fuel.
  const fuelUsed =
    odometerDistanceM && first
      ? await ctx.db
          .select({ fuelMl: sum(historyEvents.fuelMl) })
          .from(historyEvents)
          .where(and(spent, sql`${historyEvents.sampleTime} > ${first.sampleTime}`))
      : [{ fuelMl: fuelByMonth.reduce((s, r) => s + num(r.fuelMl), 0) }];
  const fuelMl = fuelByMonth.reduce((s, r) => s + num(r.fuelMl), 0);
  const per = (factor: number) =>
    distanceM
      ? [...totals].map(([currency, amount]) => ({ currency, amount: Math.round((amount * factor) / distanceM) }))
      : [];
  return {
    thingId,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
    byCategory: [...categories].map(([key, amount]) => {
      const [currency = '', category] = key.split('|');
      return { currency, category: category as CostCategory, amount };
    }),
    byMonth: byMonth.map((r) => ({
      month: r.month,
      currency: r.currency ?? '',
      category: r.category as CostCategory,
      amount: num(r.amount),
    })),
    fuelByMonth: fuelByMonth.map((r) => ({ month: r.month, fuelMl: num(r.fuelMl) })),
    fuelMl,
    energyWh: fuelByMonth.reduce((s, r) => s + num(r.energyWh), 0),
    distanceM,
    costPer100Km: per(100_000),
    costPerKm: per(1000),
    litresPer100Km:
      distanceM && fuelUsed[0] && num(fuelUsed[0].fuelMl) > 0
        ? Math.round((num(fuelUsed[0].fuelMl) / 1000 / (distanceM / 100_000)) * 100) / 100
        : null,
    tripsDistanceM,
  };
}
