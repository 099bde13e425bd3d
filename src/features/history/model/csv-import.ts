// A fuel log read into fuel costs (issues 14, 35): Spritmonitor, Fuelly (US and metric), Fuelio and LubeLogger told
// by their real headers, any other CSV through a column mapping the driver confirms. Every line becomes a cost body or
// the reason it cannot, named by the file's physical line; amounts stay exact to the cent as the file writes them, full,
// partial and first fills stay what they are, miles and gallons become kilometres and litres. Pure.
import { type CreateCostBody, type HistoryEvent, kmToWireMileage } from '../../../../contract/history';
import { toDeciCents } from '../../../../contract/money';
import { CURRENCIES, type Currency } from '../../../../contract/plain/stations';
import type { VehicleFuel } from '../../../../contract/vehicles';
import { localDate } from './cost-form';
import { type CsvRecord, guessDelimiter, guessQuote, isBlank, readCsv } from './csv-text';
import {
  type ColumnMapping,
  type DateOrder,
  type Decimal,
  decimalToNumber,
  detectFormat,
  type FillKind,
  fuelFromWord,
  guessDateOrder,
  guessDecimal,
  IMPORT_FIELDS,
  type ImportField,
  type ImportFormat,
  MILE_KM,
  mapColumns,
  multiply,
  normalizeHeader,
  readDay,
  readDecimal,
  roundDecimal,
  SPRITMONITOR_FUELS,
  spritmonitorFill,
  type ValueFormats,
  VOLUME_LITRES,
  yesNo,
} from './fuel-log-formats';

export { decodeLog } from './csv-text';
export * from './fuel-log-formats';

/** Why a line cannot be imported (shown per line). */
export type LineProblem = 'date' | 'quantity' | 'price' | 'currency' | 'odometer' | 'columns';
export type LineError = { line: number; problem: LineProblem };

export type ImportRow = {
  /** The physical line of the file the record starts on (a note over three lines moves the next one by three). */
  line: number;
  /** The day as written, "YYYY-MM-DD". */
  day: string;
  /** Litres, to the millilitre. */
  litres: number;
  /** The amount paid in deci-cents (cents × 10), exact to the file's cents. */
  price: number;
  currency: Currency;
  odometerKm: number | null;
  /** The fuel in words ("Super E10"), from a code or the file's text. */
  fuel: string | null;
  /** The app's fuel type for it, where one matches. */
  fuelType: VehicleFuel | null;
  notes: string | null;
  fill: FillKind | null;
  /** A fill before this one was not logged (Fuelly, Fuelio, LubeLogger): consumption restarts here. */
  missed: boolean;
  /** The consumption the file itself gives for this fill, in l/100 km (Spritmonitor's Verbrauch, Fuelly's mpg, km/l). */
  fileConsumption: number | null;
  /** The vehicle the line belongs to in a file of several (Fuelly's car_name). */
  vehicle: string | null;
  /** The distance since the previous fill as the file gives it (Spritmonitor's Teil-Km, Fuelly's miles or km). */
  tripKm: number | null;
};

export type ParsedLog = {
  format: ImportFormat;
  headers: string[];
  mapping: ColumnMapping;
  formats: ValueFormats;
  /** The detection is not sure (an unknown CSV, a format whose units the file does not say): the driver confirms. */
  unsure: boolean;
  /** The vehicle the file names (Fuelio), or the names of a file of several (Fuelly), in the file's order. */
  vehicles: string[];
  /** The header row's physical line and the first data records as written (the mapping step shows them). */
  headerLine: number;
  sample: string[][];
  rows: ImportRow[];
  errors: LineError[];
};

export type ParseFailure = { failure: 'empty' | 'noHeader' };

export type ParseOptions = {
  /** Used where the file has no currency column (Fuelly, LubeLogger, Fuelio). */
  currency: Currency;
  /** The driver's choice of columns, else the format's (or the guess). */
  mapping?: ColumnMapping | undefined;
  /** The driver's choice of formats, else the file's guess. */
  formats?: Partial<ValueFormats> | undefined;
};

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', zł: 'PLN', kr: 'DKK', fr: 'CHF' };

function readCurrency(text: string): Currency | null {
  const raw = text.trim();
  const code = (CURRENCY_SIGNS[raw.toLowerCase()] ?? CURRENCY_SIGNS[raw] ?? raw).toUpperCase();
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : null;
}

/** Fuelio's backup: the "## Log" section and the vehicle's name from "## Vehicle" (the rest is not fuel). */
function fuelioSections(records: CsvRecord[]): { records: CsvRecord[]; vehicle: string | null } | null {
  const marker = (r: CsvRecord) => (r.cells.length <= 2 ? (r.cells[0] ?? '').trim() : '');
  if (!marker(records[0] ?? { line: 0, cells: [] }).startsWith('## ')) return null;
  const logAt = records.findIndex((r) => marker(r) === '## Log');
  if (logAt < 0) return null;
  const end = records.findIndex((r, i) => i > logAt && marker(r).startsWith('## '));
  const vehicleAt = records.findIndex((r) => marker(r) === '## Vehicle');
  const vehicle = vehicleAt >= 0 ? (records[vehicleAt + 2]?.cells[0]?.trim() ?? null) : null;
  return { records: records.slice(logAt + 1, end < 0 ? undefined : end), vehicle: vehicle || null };
}

/** The file's units as its headers say them (Fuelly's gallons/miles, Fuelio's "Odo (mi)"), else the guess. */
function headerUnits(format: ImportFormat, headers: string[], mapping: ColumnMapping): Partial<ValueFormats> {
  const header = (f: ImportField) => (mapping[f] === undefined ? '' : (headers[mapping[f]] ?? '').toLowerCase());
  const units: Partial<ValueFormats> = {};
  const q = header('quantity');
  const o = header('odometer');
  if (format === 'spritmonitor') return { distance: 'km', volume: 'l', decimal: ',', dateOrder: 'dmy' };
  if (/gallon|\bgal\b|\(gal/.test(q)) units.volume = /imp|uk/.test(q) ? 'impgal' : 'usgal';
  else if (/lit|\bl\b|\(l\)/.test(q)) units.volume = 'l';
  if (/\bmi\b|mile|\(mi\)/.test(o)) units.distance = 'mi';
  else if (/\bkm\b|\(km\)/.test(o)) units.distance = 'km';
  if (format === 'fuelly') {
    const names = headers.map(normalizeHeader);
    if (names.includes('miles')) units.distance = 'mi';
    if (names.includes('km')) units.distance = 'km';
  }
  return units;
}

/**
 * The file read: its format, the mapping, the lines as costs and the lines that cannot be. The text is the decoded
 * file (decodeLog); a byte-order mark left in it is dropped.
 */
export function parseFuelLog(text: string, options: ParseOptions): ParsedLog | ParseFailure {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) return { failure: 'empty' };
  const firstLine = body.slice(0, body.search(/\r\n|\n|\r|$/));
  let records = readCsv(body, { delimiter: guessDelimiter(firstLine), quote: '"' });
  let fileVehicle: string | null = null;
  const fuelio = fuelioSections(records);
  if (fuelio) {
    records = fuelio.records;
    fileVehicle = fuelio.vehicle;
  } else {
    // Some Spritmonitor exports quote their text cells with ' ('EUR'): read again with that quote.
    const delimiter = guessDelimiter(firstLine);
    const quote = guessQuote(body, delimiter);
    if (quote === "'") records = readCsv(body, { delimiter, quote });
  }
  const headerAt = records.findIndex((r) => !isBlank(r));
  const headerRecord = records[headerAt];
  if (!headerRecord) return { failure: 'empty' };
  const headers = headerRecord.cells.map((h) => h.trim());
  if (headers.filter(Boolean).length < 2) return { failure: 'noHeader' };
  const lines = records.slice(headerAt + 1).filter((r) => !isBlank(r));
  const format: ImportFormat = fuelio ? 'fuelio' : detectFormat(headers);
  const mapping = options.mapping ? keepColumns(options.mapping, headers) : mapColumns(format, headers);
  const column = (record: CsvRecord, field: ImportField) =>
    mapping[field] === undefined ? '' : (record.cells[mapping[field]] ?? '').trim();
  const samplesOf = (field: ImportField) => lines.slice(0, 50).map((r) => column(r, field));
  const guessed: ValueFormats = {
    dateOrder: guessDateOrder(samplesOf('date')),
    decimal: guessDecimal([...samplesOf('quantity'), ...samplesOf('total'), ...samplesOf('unitPrice')]),
    distance: 'km',
    volume: 'l',
    ...headerUnits(format, headers, mapping),
  };
  const formats: ValueFormats = { ...guessed, ...options.formats };
  // LubeLogger writes the units its user chose without saying which; a CSV of unknown shape is only guessed.
  const unsure = format === 'custom' || format === 'lubelogger';
  const width = headers.length;
  const names = headers.map(normalizeHeader);
  const consumptionAt = (() => {
    for (const [name, kind] of [
      ['verbrauch', 'l100'],
      ['consumption', 'l100'],
      ['l/100km', 'l100'],
      ['mpg', 'mpg'],
      ['km/l', 'kml'],
    ] as const) {
      const at = names.indexOf(name);
      if (at >= 0) return { at, kind };
    }
    return null;
  })();
  const vehicleAt = format === 'fuelly' ? names.indexOf('car_name') : -1;
  const tripAt =
    format === 'spritmonitor'
      ? names.indexOf('teil_km')
      : format === 'fuelly'
        ? names.findIndex((n) => n === 'miles' || n === 'km')
        : -1;
  const rows: ImportRow[] = [];
  const errors: LineError[] = [];
  for (const record of lines) {
    const problem = readLine(record);
    if (typeof problem === 'string') errors.push({ line: record.line, problem });
    else rows.push({ line: record.line, ...problem });
  }
  const vehicles = fileVehicle
    ? [fileVehicle]
    : [...new Set(rows.map((r) => r.vehicle).filter((v): v is string => !!v))];
  return {
    format,
    headers,
    mapping,
    formats,
    unsure,
    vehicles,
    headerLine: headerRecord.line,
    sample: lines.slice(0, 5).map((r) => r.cells.map((c) => c.trim())),
    rows,
    errors,
  };

  function readLine(record: CsvRecord): Omit<ImportRow, 'line'> | LineProblem {
    const cell = (field: ImportField) => column(record, field);
    if (record.cells.length < Math.min(width, Math.max(...Object.values(mapping).map((i) => i + 1), 1)))
      return 'columns';
    const day = readDay(cell('date'), formats.dateOrder);
    if (!day) return 'date';
    const quantity = readDecimal(cell('quantity'), formats.decimal);
    if (quantity === null || quantity.digits <= 0n) return 'quantity';
    const volume = VOLUME_LITRES[formats.volume];
    const litres = Math.round(decimalToNumber(quantity) * volume * 1000) / 1000;
    const price = amount(quantity);
    if (price === null) return 'price';
    const currency = mapping.currency !== undefined ? readCurrency(cell('currency')) : options.currency;
    if (!currency) return 'currency';
    let odometerKm: number | null = null;
    if (cell('odometer')) {
      const odometer = readDecimal(cell('odometer'), formats.decimal);
      if (odometer === null || odometer.digits < 0n) return 'odometer';
      const km = decimalToNumber(odometer) * (formats.distance === 'mi' ? MILE_KM : 1);
      // 0 is how Fuelly and LubeLogger write "no reading".
      odometerKm = km > 0 ? Math.round(km * 1000) / 1000 : null;
    }
    const fuelCell = unescapeText(cell('fuel'));
    const code = format === 'spritmonitor' && /^\d+$/.test(fuelCell) ? SPRITMONITOR_FUELS[Number(fuelCell)] : undefined;
    const fuel = code ? code.name : fuelCell || null;
    const notes = [unescapeText(cell('notes')), unescapeText(cell('station'))].filter(Boolean).join(' · ');
    return {
      day,
      litres,
      price,
      currency,
      odometerKm,
      fuel,
      fuelType: code ? code.fuel : fuelCell ? fuelFromWord(fuelCell) : null,
      notes: notes ? notes.slice(0, 1000) : null,
      fill: fill(cell('fill')),
      missed: missed(record),
      fileConsumption: consumption(record),
      vehicle: vehicleAt >= 0 ? (record.cells[vehicleAt] ?? '').trim() || null : fileVehicle,
      tripKm: trip(record),
    };

    /** The total as written; else quantity × unit price rounded to the cent (never floored). */
    function amount(q: Decimal): number | null {
      const total = readDecimal(cell('total'), formats.decimal);
      if (total !== null) {
        if (total.digits < 0n) return null;
        const deci = roundDecimal(total, 3);
        return deci > 1_000_000_000n ? null : Number(deci);
      }
      const unit = readDecimal(cell('unitPrice'), formats.decimal);
      if (unit === null || unit.digits < 0n) return null;
      const cents = roundDecimal(multiply(q, unit), 2);
      return cents * 10n > 1_000_000_000n ? null : Number(cents * 10n);
    }
  }

  function fill(text: string): FillKind | null {
    // A Fuelly fuel-up is full unless marked partial (also in a log that left the column out).
    if (!text.trim()) return format === 'fuelly' ? 'full' : null;
    if (format === 'spritmonitor') return spritmonitorFill(text);
    const yes = yesNo(text);
    // Fuelly's column says "partial"; the others say "full".
    if (format === 'fuelly') return yes === null ? null : yes ? 'partial' : 'full';
    if (yes === null) return spritmonitorFill(text);
    return yes ? 'full' : 'partial';
  }

  function missed(record: CsvRecord): boolean {
    for (const name of ['missed_fuelup', 'missed', 'missedfuelup']) {
      const at = names.indexOf(name);
      if (at >= 0 && yesNo(record.cells[at] ?? '') === true) return true;
    }
    return false;
  }

  function trip(record: CsvRecord): number | null {
    if (tripAt < 0) return null;
    const d = readDecimal(record.cells[tripAt] ?? '', formats.decimal);
    return d === null ? null : decimalToNumber(d) * (formats.distance === 'mi' ? MILE_KM : 1);
  }

  function consumption(record: CsvRecord): number | null {
    if (!consumptionAt) return null;
    const d = readDecimal(record.cells[consumptionAt.at] ?? '', formats.decimal);
    const v = d === null ? 0 : decimalToNumber(d);
    if (!(v > 0)) return null;
    if (consumptionAt.kind === 'mpg') return 100 / ((v * MILE_KM) / VOLUME_LITRES.usgal);
    if (consumptionAt.kind === 'kml') return 100 / v;
    return v;
  }
}

/** A text our (or any) spreadsheet-safe export wrote as '=… reads as it was typed. */
const unescapeText = (text: string) => (/^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** A mapping kept to the columns this file has (a remembered one of another file maps nothing beyond its width). */
export function keepColumns(chosen: ColumnMapping, headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const at = chosen[field];
    if (at !== undefined && at >= 0 && at < headers.length) mapping[field] = at;
  }
  return mapping;
}

/** The mapping with one field moved to another column, or left out (null). */
export function remap(mapping: ColumnMapping, field: ImportField, column: number | null): ColumnMapping {
  const next: ColumnMapping = { ...mapping };
  if (column === null) delete next[field];
  else next[field] = column;
  return next;
}

/** The shape a mapping is remembered by: the file's headers as compared. */
export const headerShape = (headers: string[]) => headers.map(normalizeHeader).join('|');

/** The day at noon on this device: the cost's sampleTime (a log has no clock time). */
export function dayToSampleTime(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12, 0, 0).toISOString();
}

/** A fill is full for the app when the file says full or first fill; partial is not; invalid and unknown say nothing. */
export const tankFullOf = (fill: FillKind | null): boolean | null =>
  fill === 'full' || fill === 'first' ? true : fill === 'partial' ? false : null;

/**
 * A line as the cost call's body (§9 units: price in deci-cents, fuel in ml / 100, mileage × 1000). Without a vehicle
 * the mileage is kept on the entry too (the server checks readings against a vehicle's only).
 */
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
    odometer: row.odometerKm === null ? null : kmToWireMileage(row.odometerKm),
    tankFull: tankFullOf(row.fill),
  };
}

/**
 * The idempotency key of a line: the same file, line and vehicle give the same key, so a line sent again (an import
 * resumed after the page was closed, the answer lost) is applied once by the server.
 */
export function lineKey(fileHash: string, row: ImportRow, thingId: string | null): string {
  return `fuel-log:${fileHash}:${thingId ?? 'none'}:${row.line}`;
}

/** A short hash of the file's text (FNV-1a, 2 × 32 bits): names the file in line keys. */
export function textHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x811c9dc5) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
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
  return [...rows].sort(
    (a, b) => a.day.localeCompare(b.day) || (a.odometerKm ?? 0) - (b.odometerKm ?? 0) || a.line - b.line,
  );
}

/** The fuel type a new vehicle for this log gets: the one most of its fills name. */
export function mainFuelType(rows: ImportRow[]): VehicleFuel | null {
  const counts = new Map<VehicleFuel, number>();
  for (const r of rows) if (r.fuelType) counts.set(r.fuelType, (counts.get(r.fuelType) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export type { DateOrder };
