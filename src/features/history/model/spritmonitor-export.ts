// "Export as Spritmonitor CSV" (issue 35): the fuel fills of the history written the way Spritmonitor exports them
// (German headers, `;`, decimal commas, Tankart and Kraftstoff codes, text in `"` with `\"` inside), so a driver can
// take the log back to Spritmonitor or any tool that reads its files, and this app reads it back to the same entries.
// Pure.
import type { HistoryEvent } from '../../../../contract/history';
import { consumptionPerFill, type Fill } from './consumption';
import { localDate } from './cost-form';
import { spreadsheetText } from './csv';
import { SPRITMONITOR_FUELS } from './fuel-log-formats';

export const SPRITMONITOR_HEADERS = [
  'Datum',
  'Km-Stand',
  'Teil-Km',
  'Spritmenge',
  'Kosten',
  'Währung',
  'Tankart',
  'Reifen',
  'Strecken',
  'Fahrweise',
  'Kraftstoff',
  'Bemerkung',
  'Verbrauch',
  'BC-Verbrauch',
  'BC-Spritmenge',
  'BC-Geschwindigkeit',
  'Tankstelle',
  'Land',
  'Großraum',
  'Ort',
] as const;

/** A fuel fill of the history: a fuel cost, or a fuel payment at the pump. */
type FuelFill = {
  day: string;
  odometerKm: number | null;
  litres: number;
  /** Deci-cents. */
  price: number;
  currency: string;
  tankFull: boolean | null;
  name: string | null;
  notes: string | null;
  station: string | null;
};

function fuelFill(event: HistoryEvent): FuelFill | null {
  const day = localDate(new Date(event.sampleTime));
  const c = event.cost;
  if (c && c.category === 'FUEL_TOP_UP' && c.fuelQuantity != null) {
    return {
      day,
      odometerKm: c.odometer == null ? null : c.odometer / 1000,
      litres: c.fuelQuantity / 10,
      price: c.price,
      currency: c.currency,
      tankFull: c.tankFull,
      name: c.name,
      notes: c.notes,
      station: null,
    };
  }
  const p = event.payment;
  if (p && p.productType !== 'EV_CHARGE' && p.unit === 'LTR' && p.quantity != null) {
    return {
      day,
      odometerKm: p.odometer == null ? null : p.odometer / 1000,
      litres: p.quantity,
      price: Math.round((p.total.amount * 1000) / 10 ** p.total.precision),
      currency: p.total.currency,
      tankFull: p.tankFull,
      name: p.fuelName,
      notes: null,
      station: p.stationName,
    };
  }
  return null;
}

const CODE_BY_NAME = new Map(Object.entries(SPRITMONITOR_FUELS).map(([code, f]) => [f.name.toLowerCase(), code]));

/** "43,52" with at least `min` and at most `max` decimals (the value's own precision kept). */
function german(n: number, min: number, max: number): string {
  let s = n.toFixed(max);
  while (s.includes('.') && s.split('.')[1]!.length > min && s.endsWith('0')) s = s.slice(0, -1);
  return s.replace('.', ',');
}

// Spritmonitor writes a quote inside a text as \" (its own exports do).
const quote = (text: string) => `"${text.replace(/"/g, '\\"')}"`;

/** Deci-cents as "47,72" (the third decimal when there is one). */
function money(deciCents: number): string {
  const sign = deciCents < 0 ? '-' : '';
  const abs = Math.abs(deciCents);
  const units = Math.floor(abs / 1000);
  const rest = abs % 1000;
  const frac = rest % 10 === 0 ? String(rest / 10).padStart(2, '0') : String(rest).padStart(3, '0');
  return `${sign}${units},${frac}`;
}

/** The fuel fills of the events as a Spritmonitor CSV (newest first, like Spritmonitor's own export). */
export function spritmonitorCsv(events: HistoryEvent[]): { csv: string; count: number } {
  const fills = events
    .map(fuelFill)
    .filter((f): f is FuelFill => f !== null)
    .sort((a, b) => a.day.localeCompare(b.day) || (a.odometerKm ?? 0) - (b.odometerKm ?? 0));
  const asFills: Fill[] = fills.map((f) => ({
    odometerKm: f.odometerKm,
    litres: f.litres,
    price: f.price,
    currency: f.currency,
    tankFull: f.tankFull,
  }));
  const per = consumptionPerFill(asFills);
  let previousKm: number | null = null;
  const lines = fills.map((f, i) => {
    const trip = f.odometerKm !== null && previousKm !== null ? f.odometerKm - previousKm : 0;
    if (f.odometerKm !== null) previousKm = f.odometerKm;
    const code = f.name ? CODE_BY_NAME.get(f.name.toLowerCase()) : undefined;
    // A name Spritmonitor has no code for goes first in the note, so it is not lost.
    const note = [code || !f.name ? null : f.name, f.notes].filter(Boolean).join(' · ');
    const verbrauch = per.get(asFills[i] as Fill);
    const [y, m, d] = f.day.split('-');
    return [
      `${d}.${m}.${y}`,
      f.odometerKm === null ? '' : german(f.odometerKm, 2, 3),
      german(Math.max(trip, 0), 2, 3),
      german(f.litres, 2, 3),
      money(f.price),
      quote(f.currency),
      f.tankFull === true ? '1' : f.tankFull === false ? '2' : '0',
      '',
      '',
      '',
      code ?? '',
      quote(spreadsheetText(note)),
      verbrauch === undefined ? '0,00' : german(verbrauch, 2, 2),
      '',
      '',
      '',
      quote(spreadsheetText(f.station ?? '')),
      '""',
      '""',
      '""',
    ].join(';');
  });
  return { csv: `${[SPRITMONITOR_HEADERS.join(';'), ...lines.reverse()].join('\n')}\n`, count: fills.length };
}
