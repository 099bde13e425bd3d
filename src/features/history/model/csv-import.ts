// A fuel log from Spritmonitor or Fuelly read into fuel costs (issue 14 "CSV import"): the format is told by the
// header row, each column of ours is matched to one of the file's (shown to the driver, who may change it, before
// anything is sent), every line becomes a cost body or a reason it cannot, and lines already in the history (same day,
// amount and litres) are skipped. Pure: papaparse reads the text, nothing here touches the network or the device's store.
import Papa from 'papaparse';
import { type CreateCostBody, type HistoryEvent, kmToWireMileage } from '../../../../contract/history';
import { DECI_CENT_PRECISION, toDeciCents } from '../../../../contract/money';
import { CURRENCIES, type Currency } from '../../../../contract/plain/stations';
import { localDate, parseDecimal } from './cost-form';

export type ImportFormat = 'spritmonitor' | 'fuelly';

/** Our side of the mapping: what a fuel cost takes from a line. */
export const IMPORT_FIELDS = [
  'date',
  'odometer',
  'quantity',
  'total',
  'unitPrice',
  'currency',
  'fuel',
  'fill',
  'notes',
  'station',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Our field → the file's column (its header as written in the file). */
export type ColumnMapping = Partial<Record<ImportField, string>>;

/** Why a line cannot be imported (shown per line). */
export type LineProblem = 'date' | 'quantity' | 'price' | 'currency' | 'odometer' | 'columns';
export type LineError = { line: number; problem: LineProblem };

export type ImportRow = {
  /** The line in the file (the header is line 1). */
  line: number;
  /** The day as written, "YYYY-MM-DD". */
  day: string;
  litres: number;
  /** The amount paid in deci-cents (cents × 10). */
  price: number;
  currency: Currency;
  odometerKm: number | null;
  fuel: string | null;
  notes: string | null;
  tankFull: boolean | null;
};

export type ParsedLog = {
  format: ImportFormat;
  headers: string[];
  mapping: ColumnMapping;
  /** Whether the file writes miles and US gallons (Fuelly): converted to km and litres. */
  imperial: boolean;
  rows: ImportRow[];
  errors: LineError[];
};

export type ParseFailure = { failure: 'empty' | 'unknownFormat' };

export const US_GALLON_LITRES = 3.785411784;
export const MILE_KM = 1.609344;

/** A header as compared: lower case, without a unit in brackets, accents or separators ("Menge (l)" → "menge"). */
export function normalizeHeader(header: string): string {
  return header
    .replace(/\(.*?\)|\[.*?\]/g, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Each format's names for our fields (normalized), first match wins. */
const ALIASES: Record<ImportFormat, Partial<Record<ImportField, string[]>>> = {
  spritmonitor: {
    date: ['datum', 'date'],
    odometer: ['kilometerstand', 'odometer', 'km_stand'],
    quantity: ['menge', 'quantity'],
    total: ['gesamtpreis', 'kosten', 'total_price'],
    currency: ['wahrung', 'currency'],
    fuel: ['kraftstoff', 'kraftstoffsorte', 'fuel'],
    fill: ['tankart', 'tankung'],
    notes: ['notiz', 'bemerkung', 'notizen', 'note'],
    station: ['tankstelle', 'ort', 'station'],
  },
  fuelly: {
    date: ['fuelup_date', 'date'],
    odometer: ['odometer', 'odo'],
    quantity: ['gallons', 'litres', 'liters', 'quantity'],
    total: ['total_price', 'total_cost', 'total'],
    unitPrice: ['price', 'price_per_unit'],
    currency: ['currency'],
    fill: ['partial_fuelup'],
    notes: ['notes'],
    station: ['brand'],
  },
};

/** The columns that tell the formats apart (all present → that format). */
const SIGNATURE: Record<ImportFormat, string[]> = {
  spritmonitor: ['datum', 'menge', 'gesamtpreis'],
  fuelly: ['fuelup_date', 'mpg', 'partial_fuelup'],
};

export function detectFormat(headers: string[]): ImportFormat | null {
  const names = new Set(headers.map(normalizeHeader));
  for (const format of ['spritmonitor', 'fuelly'] as const) {
    if (SIGNATURE[format].every((n) => names.has(n))) return format;
  }
  return null;
}

export function mapColumns(format: ImportFormat, headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const normal = headers.map(normalizeHeader);
  for (const field of IMPORT_FIELDS) {
    for (const alias of ALIASES[format][field] ?? []) {
      const at = normal.indexOf(alias);
      if (at >= 0 && headers[at] !== undefined) {
        mapping[field] = headers[at];
        break;
      }
    }
  }
  return mapping;
}

/** A mapping the driver edited, kept to the columns this file has (a column of another file maps nothing). */
export function chosenMapping(chosen: ColumnMapping, headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = chosen[field];
    if (column !== undefined && headers.includes(column)) mapping[field] = column;
  }
  return mapping;
}

/** The mapping with one field moved to another column, or left out (null). */
export function remap(mapping: ColumnMapping, field: ImportField, column: string | null): ColumnMapping {
  const next: ColumnMapping = { ...mapping };
  if (column === null) delete next[field];
  else next[field] = column;
  return next;
}

/** A day as the logs write it: "14.10.2026" (Spritmonitor), "2026-10-14" or "10/14/2026" (Fuelly); a time after it
 * is ignored. null for anything else, also for days the calendar lacks (31.02.). */
export function parseDay(text: string): string | null {
  const s = text.trim();
  const forms: Array<[RegExp, (n: number[]) => [number, number, number]]> = [
    [/^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s|$)/, ([d, m, y]) => [y as number, m as number, d as number]],
    [/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[\sT]|$)/, ([y, m, d]) => [y as number, m as number, d as number]],
    [/^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s|$)/, ([m, d, y]) => [y as number, m as number, d as number]],
  ];
  const form = forms.find(([re]) => re.test(s));
  if (!form) return null;
  const [y, m, d] = form[1]((form[0].exec(s) ?? []).slice(1).map(Number));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The day at noon on this device: the cost's sampleTime (a log has no clock time). */
export function dayToSampleTime(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12, 0, 0).toISOString();
}

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', CHF: 'CHF', '£': 'GBP', zł: 'PLN', kr: 'DKK' };

function parseCurrency(text: string): Currency | null {
  const raw = text.trim();
  const code = (CURRENCY_SIGNS[raw] ?? raw).toUpperCase();
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : null;
}

/** Spritmonitor's fill kinds ("Volltankung", "Teiltankung", "Erstbetankung"); Fuelly's partial_fuelup 0/1. */
function parseFill(format: ImportFormat, text: string): boolean | null {
  const s = text.trim().toLowerCase();
  if (!s) return null;
  if (format === 'fuelly') return s === '1' || s === 'true' ? false : s === '0' || s === 'false' ? true : null;
  if (s.startsWith('voll') || s === 'full') return true;
  if (s.startsWith('teil') || s === 'partial') return false;
  return null;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The file read: its format, the mapping, the lines as costs and the lines that cannot be. `currency` is used where
 * the file has no currency column (Fuelly).
 */
export function parseFuelLog(
  text: string,
  options: { currency: Currency; mapping?: ColumnMapping | undefined },
): ParsedLog | ParseFailure {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) return { failure: 'empty' };
  // The header row tells the separator (papaparse's guess can be misled by commas inside Spritmonitor's cells).
  const first = body.slice(0, body.search(/\r?\n|$/));
  const count = (c: string) => first.split(c).length;
  const delimiter = ([';', ',', '\t'] as const).reduce((best, c) => (count(c) > count(best) ? c : best));
  const parsed = Papa.parse<string[]>(body, { delimiter });
  const [headers, ...lines] = parsed.data;
  if (!headers) return { failure: 'empty' };
  const format = detectFormat(headers);
  if (!format) return { failure: 'unknownFormat' };
  // The driver's own choice of columns where made (the preview lets each field be moved or left out), else the format's.
  const mapping = options.mapping ? chosenMapping(options.mapping, headers) : mapColumns(format, headers);
  const kind: ImportFormat = format;
  const width = headers.length;
  const locale = format === 'spritmonitor' ? 'de' : 'en';
  const imperial = format === 'fuelly' && normalizeHeader(mapping.quantity ?? '') === 'gallons';
  const index = (field: ImportField) => (mapping[field] === undefined ? -1 : headers.indexOf(mapping[field]));
  const rows: ImportRow[] = [];
  const errors: LineError[] = [];
  for (const [i, cells] of lines.entries()) {
    // Blank lines are read too (and passed over here) so the index is the file's line; a quoted cell spanning lines
    // would shift it, which a fuel log does not have.
    const line = i + 2;
    if (cells.every((c) => !c.trim())) continue;
    const problem = readLine(cells);
    if (typeof problem === 'string') errors.push({ line, problem });
    else rows.push({ line, ...problem });
  }
  return { format, headers, mapping, imperial, rows, errors };

  function readLine(cells: string[]): Omit<ImportRow, 'line'> | LineProblem {
    const cell = (field: ImportField) => {
      const at = index(field);
      return at >= 0 ? (cells[at] ?? '').trim() : '';
    };
    if (cells.length < width - 2) return 'columns';
    const day = parseDay(cell('date'));
    if (!day) return 'date';
    const quantity = parseDecimal(cell('quantity'), locale);
    if (quantity === null || quantity <= 0) return 'quantity';
    const litres = round(imperial ? quantity * US_GALLON_LITRES : quantity, 2);
    let amount = parseDecimal(cell('total'), locale);
    if (amount === null && kind === 'fuelly') {
      const unit = parseDecimal(cell('unitPrice'), locale);
      amount = unit === null ? null : quantity * unit;
    }
    if (amount === null || amount > 1_000_000) return 'price';
    const currency = mapping.currency ? parseCurrency(cell('currency')) : options.currency;
    if (!currency) return 'currency';
    let odometerKm: number | null = null;
    if (cell('odometer')) {
      const odometer = parseDecimal(cell('odometer'), locale);
      if (odometer === null) return 'odometer';
      odometerKm = round(imperial ? odometer * MILE_KM : odometer, 1);
    }
    const notes = [cell('notes'), cell('station')].filter(Boolean).join(' · ');
    return {
      day,
      litres,
      price: Math.round(amount * 10 ** DECI_CENT_PRECISION),
      currency,
      odometerKm,
      fuel: cell('fuel') || null,
      notes: notes ? notes.slice(0, 1000) : null,
      tankFull: parseFill(kind, cell('fill')),
    };
  }
}

/** A line as the cost call's body (§9 units: price in deci-cents, fuel in ml / 100, mileage × 1000). */
export function toImportBody(row: ImportRow, thingId: string | null): CreateCostBody {
  return {
    category: 'FUEL_TOP_UP',
    price: row.price,
    currency: row.currency,
    sampleTime: dayToSampleTime(row.day),
    recurrencePeriod: 'NEVER',
    name: row.fuel ? row.fuel.slice(0, 100) : null,
    notes: row.notes,
    thingId,
    fuelQuantity: Math.round(row.litres * 1000) / 100, // litres → ml / 100
    odometer: row.odometerKm === null || !thingId ? null : kmToWireMileage(row.odometerKm),
    tankFull: row.tankFull,
  };
}

/** What makes two fills the same: the day, the amount to the cent and the litres to the centilitre. */
export function duplicateKey(day: string, deciCents: number, currency: string, litres: number | null): string {
  return `${day}|${Math.round(deciCents / 10)}|${currency}|${litres === null ? '' : Math.round(litres * 100)}`;
}

/** The key of an event already in the history (a cost or a payment), in the device's days. */
export function eventDuplicateKey(event: HistoryEvent): string | null {
  const day = localDate(new Date(event.sampleTime));
  if (event.cost) {
    const litres = event.cost.fuelQuantity == null ? null : event.cost.fuelQuantity / 10;
    return duplicateKey(day, event.cost.price, event.cost.currency, litres);
  }
  if (event.payment) {
    const litres = event.payment.unit === 'LTR' ? event.payment.quantity : null;
    return duplicateKey(day, toDeciCents(event.payment.total), event.payment.total.currency, litres);
  }
  return null;
}

/** The lines to send and the ones already in the history (or earlier in the same file). */
export function splitDuplicates(
  rows: ImportRow[],
  existing: HistoryEvent[],
): { fresh: ImportRow[]; duplicates: ImportRow[] } {
  const seen = new Set(existing.map(eventDuplicateKey).filter((k): k is string => k !== null));
  const fresh: ImportRow[] = [];
  const duplicates: ImportRow[] = [];
  for (const row of rows) {
    const key = duplicateKey(row.day, row.price, row.currency, row.litres);
    if (seen.has(key)) duplicates.push(row);
    else {
      seen.add(key);
      fresh.push(row);
    }
  }
  return { fresh, duplicates };
}

/** The lines oldest first (a log lists newest first or oldest first): the mileage only grows in this order. */
export function chronological(rows: ImportRow[]): ImportRow[] {
  return [...rows].sort((a, b) => a.day.localeCompare(b.day) || a.line - b.line);
}

/**
 * The file's bytes as text: UTF-8, or Windows-1252 when they are not valid UTF-8 (older Spritmonitor exports and
 * spreadsheet apps write "Währung" that way).
 */
export function decodeLog(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
