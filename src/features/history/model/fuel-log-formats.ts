// What the logbook apps drivers move from write, taken from their real exports (tests/fixtures/fuel-logs/README.md):
// the header names of each format and language, Spritmonitor's numeric codes, and how each writes a number, a day, a
// fill and its units. Pure data and small readers; csv-import.ts uses them.
import type { VehicleFuel } from '../../../../contract/vehicles';

export type ImportFormat = 'spritmonitor' | 'fuelly' | 'fuelio' | 'lubelogger' | 'custom';

/** Our side of the mapping: what a fuel cost takes from a line. */
export const IMPORT_FIELDS = [
  'date',
  'odometer',
  'quantity',
  'total',
  'unitPrice',
  'currency',
  'fill',
  'notes',
  'fuel',
  'station',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Our field → the file's column (its index in the header row). */
export type ColumnMapping = Partial<Record<ImportField, number>>;

export type DateOrder = 'dmy' | 'mdy' | 'ymd';
export type DecimalMark = ',' | '.';
export type DistanceUnit = 'km' | 'mi';
export type VolumeUnit = 'l' | 'usgal' | 'impgal';

/** How the file writes its values: changeable by the driver in the mapping step. */
export type ValueFormats = {
  dateOrder: DateOrder;
  decimal: DecimalMark;
  distance: DistanceUnit;
  volume: VolumeUnit;
};

export const US_GALLON_LITRES = 3.785411784;
export const IMPERIAL_GALLON_LITRES = 4.54609;
export const MILE_KM = 1.609344;
export const VOLUME_LITRES: Record<VolumeUnit, number> = {
  l: 1,
  usgal: US_GALLON_LITRES,
  impgal: IMPERIAL_GALLON_LITRES,
};

/** A header as compared: lower case, accents and separators folded ("Km-Stand" → "km_stand", "Währung" → "wahrung"). */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9/]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A header without its unit in brackets ("Odo (mi)" → "odo", "Price (optional)" → "price"). */
const bare = (header: string) => normalizeHeader(header.replace(/\(.*?\)|\[.*?\]/g, ''));

/**
 * Each format's names for our fields, in every language its exports were seen in; first match wins. Spritmonitor:
 * German export (`Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung;Tankart;…`); Fuelly: `fuelup_date, odometer,
 * gallons|litres, price, partial_fuelup, notes, brand`; Fuelio's "## Log" section; LubeLogger's gas records.
 */
const ALIASES: Record<Exclude<ImportFormat, 'custom'>, Partial<Record<ImportField, string[]>>> = {
  spritmonitor: {
    date: ['datum', 'date'],
    odometer: ['km_stand', 'kilometerstand', 'odometer'],
    quantity: ['spritmenge', 'menge', 'quantity'],
    total: ['kosten', 'gesamtpreis', 'costs', 'total_price', 'cost'],
    currency: ['wahrung', 'currency'],
    fill: ['tankart', 'type', 'fill_type'],
    notes: ['bemerkung', 'notiz', 'note', 'comment'],
    fuel: ['kraftstoff', 'fuel', 'fuel_sort'],
    station: ['tankstelle', 'ort', 'gas_station', 'station'],
  },
  fuelly: {
    date: ['fuelup_date'],
    odometer: ['odometer'],
    quantity: ['gallons', 'litres', 'liters'],
    unitPrice: ['price'],
    fill: ['partial_fuelup'],
    notes: ['notes'],
    station: ['brand'],
  },
  fuelio: {
    date: ['data', 'date'],
    odometer: ['odo'],
    quantity: ['fuel'],
    total: ['price'],
    unitPrice: ['volumeprice'],
    fill: ['full'],
    notes: ['notes'],
    station: ['city'],
  },
  lubelogger: {
    date: ['date'],
    odometer: ['odometer'],
    quantity: ['fuelconsumed'],
    total: ['cost'],
    fill: ['isfilltofull'],
    notes: ['notes'],
  },
};

/** The columns that tell a format (every group needs one of its names). */
const SIGNATURES: Array<{ format: Exclude<ImportFormat, 'custom' | 'fuelio'>; groups: string[][] }> = [
  { format: 'spritmonitor', groups: [['datum'], ['km_stand', 'kilometerstand'], ['spritmenge', 'menge'], ['tankart']] },
  { format: 'fuelly', groups: [['fuelup_date'], ['odometer'], ['gallons', 'litres', 'liters']] },
  { format: 'lubelogger', groups: [['date'], ['odometer'], ['fuelconsumed'], ['isfilltofull']] },
];

export function detectFormat(headers: string[]): Exclude<ImportFormat, 'fuelio'> {
  const names = new Set(headers.map(bare));
  for (const { format, groups } of SIGNATURES) {
    if (groups.every((names_) => names_.some((n) => names.has(n)))) return format;
  }
  return 'custom';
}

/** The format's columns for our fields, by header name. */
export function mapColumns(format: ImportFormat, headers: string[]): ColumnMapping {
  if (format === 'custom') return guessMapping(headers);
  const mapping: ColumnMapping = {};
  const normal = headers.map(bare);
  for (const field of IMPORT_FIELDS) {
    for (const alias of ALIASES[format][field] ?? []) {
      const at = normal.indexOf(alias);
      if (at >= 0) {
        mapping[field] = at;
        break;
      }
    }
  }
  return mapping;
}

/** Words in any of our languages and the apps' that name a field, for a CSV of unknown shape (a first guess). */
const GUESS: Record<ImportField, string[]> = {
  date: ['date', 'datum', 'day', 'data', 'fecha', 'dato', 'tag', 'when'],
  odometer: ['odometer', 'odo', 'mileage', 'km_stand', 'kilometerstand', 'tacho', 'kilometrage', 'kilometraje'],
  quantity: ['litres', 'liters', 'liter', 'litre', 'quantity', 'menge', 'volume', 'fuel', 'gallons', 'amount_l'],
  total: ['total', 'cost', 'costs', 'kosten', 'betrag', 'amount', 'price_total', 'total_price', 'prix', 'importe'],
  unitPrice: ['price', 'unit_price', 'price_per_litre', 'price_per_liter', 'preis', 'literpreis', 'ppl'],
  currency: ['currency', 'wahrung', 'devise', 'valuta', 'moneda'],
  fill: ['full', 'fill', 'tank_full', 'full_tank', 'tankart', 'partial', 'vollgetankt'],
  notes: ['notes', 'note', 'comment', 'comments', 'bemerkung', 'notiz', 'memo'],
  fuel: ['fuel_type', 'fuel_sort', 'kraftstoff', 'sorte', 'grade'],
  station: ['station', 'tankstelle', 'brand', 'location', 'place', 'ort'],
};

export function guessMapping(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<number>();
  const normal = headers.map(bare);
  for (const field of IMPORT_FIELDS) {
    for (const word of GUESS[field]) {
      const at = normal.findIndex((h, i) => !taken.has(i) && (h === word || h.split('_').includes(word)));
      if (at >= 0) {
        mapping[field] = at;
        taken.add(at);
        break;
      }
    }
  }
  return mapping;
}

/**
 * Spritmonitor's fuel sorts (Kraftstoff), its API's GET /v1/fuelsorts list (fixture README): the word, and the app's
 * fuel type where one matches (a new vehicle from the import takes it).
 */
export const SPRITMONITOR_FUELS: Record<number, { name: string; fuel: VehicleFuel | null }> = {
  1: { name: 'Diesel', fuel: 'DIESEL' },
  2: { name: 'Biodiesel', fuel: 'DIESEL' },
  3: { name: 'Vegetable oil', fuel: null },
  4: { name: 'Premium Diesel', fuel: 'DIESEL' },
  6: { name: 'Normal gasoline', fuel: 'SUPER_E5' },
  7: { name: 'Super', fuel: 'SUPER_E5' },
  8: { name: 'SuperPlus', fuel: 'SUPER_PLUS' },
  9: { name: 'Premium gasoline 100', fuel: 'SUPER_PLUS' },
  12: { name: 'LPG', fuel: 'LPG' },
  13: { name: 'CNG H', fuel: 'CNG' },
  14: { name: 'CNG L', fuel: 'CNG' },
  15: { name: 'Bioethanol', fuel: null },
  16: { name: 'Two-stroke mix', fuel: null },
  18: { name: 'Premium gasoline 95', fuel: 'SUPER_E5' },
  19: { name: 'Electricity', fuel: 'ELECTRIC' },
  20: { name: 'Super E10', fuel: 'SUPER_E10' },
  21: { name: 'AdBlue', fuel: null },
  22: { name: 'Premium gasoline 100+', fuel: 'SUPER_PLUS' },
  23: { name: 'Hydrogen', fuel: 'HYDROGEN' },
};

/** A fuel written as a word (our export, a custom CSV) to the app's fuel type. */
export function fuelFromWord(word: string): VehicleFuel | null {
  const w = word.toLowerCase().replace(/[\s_-]+/g, '');
  if (!w) return null;
  if (w.includes('e10')) return 'SUPER_E10';
  if (w.includes('superplus') || w.includes('premium') || w.includes('100') || w.includes('98')) return 'SUPER_PLUS';
  if (w.includes('diesel')) return 'DIESEL';
  if (w.includes('lpg') || w.includes('autogas')) return 'LPG';
  if (w.includes('cng') || w.includes('erdgas')) return 'CNG';
  if (w.includes('hydrogen') || w.includes('wasserstoff')) return 'HYDROGEN';
  if (w.includes('electric') || w.includes('strom') || w.includes('elektr')) return 'ELECTRIC';
  if (w.includes('super') || w.includes('e5') || w.includes('benzin') || w.includes('gasoline') || w.includes('95'))
    return 'SUPER_E5';
  return null;
}

/** How a fill is told: full, partial, a first fill (the start of the log), or one the app marks invalid. */
export type FillKind = 'full' | 'partial' | 'first' | 'invalid';

/** Spritmonitor's Tankart: 1 full, 2 partial, 3 first fill, 0 invalid (also the words, for older exports). */
export function spritmonitorFill(text: string): FillKind | null {
  const s = text.trim().toLowerCase();
  if (s === '1' || s.startsWith('voll') || s === 'full') return 'full';
  if (s === '2' || s.startsWith('teil') || s === 'partial') return 'partial';
  if (s === '3' || s.startsWith('erst') || s === 'first') return 'first';
  if (s === '0' || s.startsWith('ung') || s === 'invalid') return 'invalid';
  return null;
}

const YES = new Set(['1', 'true', 'yes', 'y', 'ja', 'j', 'x', 'oui', 'si', 'sì', 'sim', 'tak', 'full', 'voll', 'vol']);
const NO = new Set(['0', 'false', 'no', 'n', 'nein', 'non', 'nej', 'nee', 'nie', 'não', 'partial', 'teil', '']);

/** A yes/no cell (LubeLogger's True/False, Fuelio's 1/0, a custom CSV's "yes"): null when it is neither. */
export function yesNo(text: string): boolean | null {
  const s = text.trim().toLowerCase();
  if (YES.has(s)) return true;
  if (NO.has(s) && s !== '') return false;
  return null;
}

/** A number as the file writes it, exact: its digits and how many of them are decimals ("1.234,5" → 12345, 1). */
export type Decimal = { digits: bigint; scale: number };

export function readDecimal(text: string, mark: DecimalMark): Decimal | null {
  let s = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  s = s.replace(/^[^\d+-]+|[^\d]+$/g, ''); // a currency sign or unit before or after
  if (!s) return null;
  if (mark === ',') s = s.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  else s = s.replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && !m[3])) return null;
  const frac = m[3] ?? '';
  const digits = BigInt(`${m[2] || '0'}${frac}`);
  return { digits: m[1] === '-' ? -digits : digits, scale: frac.length };
}

export const decimalToNumber = (d: Decimal) => Number(d.digits) / 10 ** d.scale;

/** round(d × 10^scale), half away from zero, exactly. */
export function roundDecimal(d: Decimal, scale: number): bigint {
  if (d.scale <= scale) return d.digits * 10n ** BigInt(scale - d.scale);
  const div = 10n ** BigInt(d.scale - scale);
  const sign = d.digits < 0n ? -1n : 1n;
  const abs = d.digits * sign;
  return sign * ((abs * 2n + div) / (2n * div));
}

/** a × b, exact. */
export const multiply = (a: Decimal, b: Decimal): Decimal => ({
  digits: a.digits * b.digits,
  scale: a.scale + b.scale,
});

/** A day as a date cell writes it in the given order ("15.06.2016", "10-24-2012", "3/14/14", "2024-03-10 16:01"). */
export function readDay(text: string, order: DateOrder): string | null {
  const m = /^\s*(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})(?:[\sT].*)?$/.exec(text);
  if (!m) return null;
  const [a, b, c] = [m[1], m[2], m[3]] as [string, string, string];
  let y: number;
  let mo: number;
  let d: number;
  if (a.length === 4) [y, mo, d] = [Number(a), Number(b), Number(c)];
  else if (order === 'mdy') [mo, d, y] = [Number(a), Number(b), Number(c)];
  else [d, mo, y] = [Number(a), Number(b), Number(c)];
  if (a.length !== 4 && order === 'ymd') return null;
  if (y < 100) y += y < 70 ? 2000 : 1900;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The order the days of a column are written in: a part above 12 tells; else the separator does ("." is D.M.Y). */
export function guessDateOrder(samples: string[]): DateOrder {
  let first12 = false;
  let second12 = false;
  let sep = '';
  for (const s of samples) {
    const m = /^\s*(\d{1,4})([./-])(\d{1,2})[./-](\d{1,4})/.exec(s);
    if (!m) continue;
    if ((m[1] as string).length === 4) return 'ymd';
    sep ||= m[2] as string;
    if (Number(m[1]) > 12) first12 = true;
    if (Number(m[3]) > 12) second12 = true;
  }
  if (first12 && !second12) return 'dmy';
  if (second12 && !first12) return 'mdy';
  return sep === '.' ? 'dmy' : 'mdy';
}

/** The decimal mark of number columns: "41,87" (no dot) is a comma; "1.234" alone cannot tell and is a dot. */
export function guessDecimal(samples: string[]): DecimalMark {
  let comma = 0;
  let dot = 0;
  for (const s of samples) {
    const t = s.trim();
    if (/^\d+,\d{1,2}$|^\d{1,3}(\.\d{3})+,\d+$|^\d+,\d{4,}$/.test(t)) comma++;
    else if (/^\d+\.\d+$|^\d{1,3}(,\d{3})+\.\d+$/.test(t)) dot++;
  }
  return comma > dot ? ',' : '.';
}
