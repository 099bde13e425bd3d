// EV charging (pay-flows.md §3 Price element, §4 EV flow, §9 EV pre-authorization defaults): what a charge costs from
// a port's price elements, the pre-authorization per currency, and the wire form of a charge on an order (meter values
// while charging, price lines once acquired). Pure; shared by app and server.
import { z } from 'zod';
import { atPrecision } from './money';
import { currency, type PriceElement } from './stations';

// The pre-authorization rule lives in plain/ev.ts (no zod: the pay path imports it from there).
export { EV_PREAUTHORIZATION_DEFAULTS, evPreAuthorization } from './plain/ev';

/** Precision of every amount of a charge (minor units of the currencies the network uses). */
const AMOUNT_PRECISION = 2;

export const chargeLineType = z.enum(['ENERGY', 'TIME', 'PARKING_TIME', 'FLAT']);
export const chargeLine = z.object({
  type: chargeLineType,
  /** kWh (ENERGY, up to 3 decimals), minutes (TIME, PARKING_TIME) or 1 (FLAT). */
  quantity: z.number(),
  unit: z.enum(['KWH', 'MIN', 'COUNT']),
  unitPrice: z.object({ amount: z.number().int(), currency, precision: z.number().int().min(0).max(4) }),
  /** The line's amount, minor units at precision 2, rounded down. */
  amount: z.number().int(),
});
export type ChargeLine = z.infer<typeof chargeLine>;

/** A charge on an order: live meter values while charging, the final figures and price lines once acquired. */
export const orderCharge = z.object({
  /** OCPP-like connector state (Preparing, Charging, SuspendedEV, Finishing, Available). */
  connectorState: z.string().optional(),
  plugged: z.boolean().optional(),
  energyWh: z.number().int(),
  /** Current power in W (0 when not charging). */
  powerW: z.number().int(),
  /** Seconds since charging started (simulated seconds, the meter's clock). */
  durationS: z.number().int(),
  chargingStartedAt: z.string().nullable(),
  lines: z.array(chargeLine).optional(),
  /** The car's state of charge from the charger's meter values (OCPP SoC), when it reports one. */
  socPercent: z.number().int().min(0).max(100).optional(),
  /**
   * Why the charge ended, once it has: the driver finished, the driver's cost limit or the pre-authorization was
   * reached (the server stopped the charger), the charger ended it (unplugged, fault, locally), or no meter values came.
   */
  stopReason: z.enum(['DRIVER', 'COST_LIMIT', 'PRE_AUTHORIZATION', 'CHARGER', 'FAULT', 'WATCHDOG']).optional(),
});
export type OrderCharge = z.infer<typeof orderCharge>;

export type ChargeSession = {
  /** When charging started (the clock the station's time windows are read in). */
  start: Date;
  /** Minutes from start to the end of the session (charging, then parking). */
  totalMinutes: number;
  /** The first chargingMinutes of the session draw power; the rest is parking. */
  chargingMinutes: number;
  energyWh: number;
  /** IANA time zone of the station (its HH:MM windows are local time). */
  timeZone: string;
};

const minutesOfDay = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Local minute of the day (0-1439) of an instant in a time zone. */
export function localMinuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** A window HH:MM-HH:MM holds a local minute; windows may wrap midnight (22:00-06:00). */
export function inWindow(minute: number, startTime: string | undefined, endTime: string | undefined): boolean {
  if (!startTime || !endTime) return true;
  const s = minutesOfDay(startTime);
  const e = minutesOfDay(endTime);
  if (s === e) return true;
  return s < e ? minute >= s && minute < e : minute >= s || minute < e;
}

type Component = PriceElement['priceComponents'][number];
type Match = { component: Component; restricted: boolean };

/**
 * The component of `type` in force at session minute `i` (local minute of day `local`): among the elements whose
 * restrictions hold, a restricted one (a time window, a maximum duration) wins over an unrestricted one — so a night
 * tariff replaces the all-day energy price at night — and among equals the first listed. `maxDuration` limits an
 * element to the session's first maxDuration minutes (free parking for 2 h), except for TIME, the blocking fee, which
 * is charged per minute AFTER maxDuration (as the port list says: "per min after 240 min").
 */
function componentAt(elements: readonly PriceElement[], type: Component['type'], i: number, local: number) {
  let best: Match | undefined;
  for (const element of elements) {
    const component = element.priceComponents.find((c) => c.type === type);
    if (!component) continue;
    const r = element.restrictions;
    if (!inWindow(local, r?.startTime, r?.endTime)) continue;
    if (r?.maxDuration !== undefined) {
      if (type === 'TIME' ? i < r.maxDuration : i >= r.maxDuration) continue;
    }
    const restricted = !!(r?.startTime || r?.endTime || r?.maxDuration !== undefined);
    if (!best || (restricted && !best.restricted)) best = { component, restricted };
  }
  return best?.component;
}

/**
 * What a charge costs (pay-flows.md §3 Price element): minute by minute, energy at the ENERGY price in force (the
 * energy spread evenly over the charging minutes), parking minutes at the PARKING_TIME price, the blocking fee (TIME)
 * and one FLAT session fee. Lines are grouped by type and unit price; each line's amount is rounded down to precision
 * 2, and the total is the sum of the lines. Lines with a zero quantity are left out; free parking shows as a 0 line.
 */
export function priceCharge(
  elements: readonly PriceElement[],
  currencyCode: z.infer<typeof currency>,
  session: ChargeSession,
): { lines: ChargeLine[]; total: number } {
  const total = Math.max(0, Math.floor(session.totalMinutes));
  const charging = Math.min(total, Math.max(0, Math.ceil(session.chargingMinutes)));
  const startLocal = localMinuteOfDay(session.start, session.timeZone);
  // quantity per (type, price, precision): Wh for ENERGY, minutes otherwise.
  const groups = new Map<string, { type: ChargeLine['type']; price: number; precision: number; quantity: number }>();
  const add = (type: ChargeLine['type'], c: Component | undefined, quantity: number) => {
    if (!c || quantity <= 0) return;
    const k = `${type}:${c.price}:${c.precision}`;
    const g = groups.get(k) ?? { type, price: c.price, precision: c.precision, quantity: 0 };
    g.quantity += quantity;
    groups.set(k, g);
  };
  let energyLeft = Math.max(0, Math.round(session.energyWh));
  for (let i = 0; i < total; i++) {
    const local = (startLocal + i) % 1440;
    if (i < charging) {
      // Even spread; the last charging minute takes the remainder so the Wh add up exactly.
      const wh = i === charging - 1 ? energyLeft : Math.floor(session.energyWh / charging);
      energyLeft -= wh;
      add('ENERGY', componentAt(elements, 'ENERGY', i, local), wh);
    } else {
      add('PARKING_TIME', componentAt(elements, 'PARKING_TIME', i, local), 1);
    }
    add('TIME', componentAt(elements, 'TIME', i, local), 1);
  }
  if (charging === 0 && energyLeft > 0) add('ENERGY', componentAt(elements, 'ENERGY', 0, startLocal), energyLeft);
  const lines: ChargeLine[] = [];
  const flat = componentAt(elements, 'FLAT', 0, startLocal);
  const order: ChargeLine['type'][] = ['ENERGY', 'TIME', 'PARKING_TIME'];
  for (const type of order) {
    for (const g of groups.values()) {
      if (g.type !== type) continue;
      const isEnergy = type === 'ENERGY';
      lines.push({
        type,
        quantity: isEnergy ? g.quantity / 1000 : g.quantity,
        unit: isEnergy ? 'KWH' : 'MIN',
        unitPrice: { amount: g.price, currency: currencyCode, precision: g.precision },
        // Wh x price per kWh: precision + 3 decimals; minutes x price per minute: precision decimals.
        amount: atPrecision(g.quantity * g.price, isEnergy ? g.precision + 3 : g.precision, AMOUNT_PRECISION),
      });
    }
  }
  if (flat && flat.price > 0) {
    lines.push({
      type: 'FLAT',
      quantity: 1,
      unit: 'COUNT',
      unitPrice: { amount: flat.price, currency: currencyCode, precision: flat.precision },
      amount: atPrecision(flat.price, flat.precision, AMOUNT_PRECISION),
    });
  }
  return { lines, total: lines.reduce((a, l) => a + l.amount, 0) };
}
