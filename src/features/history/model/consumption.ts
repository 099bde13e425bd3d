// Consumption and cost per 100 km the way Spritmonitor computes them (issue 35): from one full fill to the next, every
// litre put in between (partial fills summed) over the kilometres driven between the two full fills. A first fill or a
// fill after a missed one only starts a new stretch; an invalid one, a fill without a mileage, or one after a missed
// one breaks it. Pure.
import type { HistoryEvent } from '../../../../contract/history';

export type Fill = {
  /** The mileage at the fill, km; a fill without one cannot be placed. */
  odometerKm: number | null;
  litres: number;
  /** Deci-cents, in `currency`. */
  price: number;
  currency: string;
  /** true full, false partial, null not known (breaks the stretch). */
  tankFull: boolean | null;
  /** A fill before this one was not logged. */
  missed?: boolean | undefined;
  /**
   * The distance since the previous fill as the driver entered it (Spritmonitor's Teil-Km, Fuelly's miles): where every
   * fill of a stretch has one, their sum is the stretch's distance, as those apps compute it; else the mileage tells.
   */
  tripKm?: number | null | undefined;
  /** When the fill was (epoch ms): a period's figures count the stretches that end in it. */
  time?: number | undefined;
};

export type Stretch = {
  fromKm: number;
  toKm: number;
  /** The stretch's kilometres: the trips entered where each fill has one, else toKm − fromKm. */
  distanceKm: number;
  litres: number;
  prices: Map<string, number>;
};

/** The full-to-full stretches of the fills (any order: they are placed by mileage). */
export function stretches(fills: Fill[]): Array<Stretch & { end: Fill }> {
  const placed = fills
    .filter((f) => f.odometerKm !== null)
    .sort((a, b) => (a.odometerKm as number) - (b.odometerKm as number));
  const out: Array<Stretch & { end: Fill }> = [];
  let anchor: number | null = null;
  let litres = 0;
  let trips: number | null = 0;
  let prices = new Map<string, number>();
  const restart = (at: number | null) => {
    anchor = at;
    litres = 0;
    trips = 0;
    prices = new Map();
  };
  for (const f of placed) {
    const km = f.odometerKm as number;
    if (f.missed || f.tankFull === null) {
      // The litres since the last full fill are not known completely: start over at the next full fill.
      restart(f.tankFull === true ? km : null);
      continue;
    }
    if (anchor === null) {
      if (f.tankFull) restart(km);
      continue;
    }
    litres += f.litres;
    prices.set(f.currency, (prices.get(f.currency) ?? 0) + f.price);
    trips = trips === null || f.tripKm == null ? null : trips + f.tripKm;
    if (f.tankFull) {
      const distanceKm = trips ?? km - anchor;
      // A full tank again without driving (the same fill logged twice) starts the stretch anew.
      if (distanceKm > 0) out.push({ fromKm: anchor, toKm: km, distanceKm, litres, prices, end: f });
      restart(km);
    }
  }
  return out;
}

export type ConsumptionSummary = {
  /** The kilometres of the complete stretches. */
  distanceKm: number;
  litres: number;
  litresPer100Km: number | null;
  /** Deci-cents per 100 km, per currency. */
  costPer100Km: Array<{ currency: string; amount: number }>;
};

/** The average over every complete stretch: total litres over total kilometres (Spritmonitor's "Ø Verbrauch"). */
export function consumption(fills: Fill[]): ConsumptionSummary {
  const all = stretches(fills);
  const distanceKm = all.reduce((s, x) => s + x.distanceKm, 0);
  const litres = all.reduce((s, x) => s + x.litres, 0);
  const prices = new Map<string, number>();
  for (const x of all) for (const [c, p] of x.prices) prices.set(c, (prices.get(c) ?? 0) + p);
  return {
    distanceKm,
    litres,
    litresPer100Km: distanceKm > 0 ? (litres / distanceKm) * 100 : null,
    costPer100Km:
      distanceKm > 0
        ? [...prices].map(([currency, p]) => ({ currency, amount: Math.round((p / distanceKm) * 100) }))
        : [],
  };
}

/** The consumption of the stretch each full fill ends (l/100 km), keyed by the fill: what a log's column shows. */
export function consumptionPerFill(fills: Fill[]): Map<Fill, number> {
  return new Map(stretches(fills).map((s) => [s.end, (s.litres / s.distanceKm) * 100]));
}

/** The fuel fills among history events: fuel costs with litres, and fuel payments at the pump (litres). */
export function fillsOfEvents(events: HistoryEvent[]): Fill[] {
  const fills: Fill[] = [];
  for (const e of events) {
    const time = Date.parse(e.sampleTime);
    const c = e.cost;
    if (c && c.category === 'FUEL_TOP_UP' && c.fuelQuantity != null && c.fuelQuantity > 0) {
      fills.push({
        odometerKm: c.odometer == null ? null : c.odometer / 1000,
        litres: c.fuelQuantity / 10,
        price: c.price,
        currency: c.currency,
        tankFull: c.tankFull,
        time,
      });
    }
    const p = e.payment;
    if (p && p.unit === 'LTR' && p.quantity != null && p.quantity > 0) {
      fills.push({
        odometerKm: p.odometer == null ? null : p.odometer / 1000,
        litres: p.quantity,
        price: Math.round((p.total.amount * 1000) / 10 ** p.total.precision),
        currency: p.total.currency,
        // A payment at the pump: a full tank unless the driver said otherwise (costs/by-order's tankIsFull).
        tankFull: p.tankFull ?? true,
        time,
      });
    }
  }
  return fills;
}

/** The consumption of the stretches that end between start and end (the fills before start give their anchor). */
export function periodConsumption(fills: Fill[], start: number, end: number): ConsumptionSummary {
  const inPeriod = stretches(fills).filter((s) => (s.end.time ?? 0) >= start && (s.end.time ?? 0) <= end);
  const distanceKm = inPeriod.reduce((s, x) => s + x.distanceKm, 0);
  const litres = inPeriod.reduce((s, x) => s + x.litres, 0);
  const prices = new Map<string, number>();
  for (const x of inPeriod) for (const [c, p] of x.prices) prices.set(c, (prices.get(c) ?? 0) + p);
  return {
    distanceKm,
    litres,
    litresPer100Km: distanceKm > 0 ? (litres / distanceKm) * 100 : null,
    costPer100Km:
      distanceKm > 0
        ? [...prices].map(([currency, p]) => ({ currency, amount: Math.round((p / distanceKm) * 100) }))
        : [],
  };
}
