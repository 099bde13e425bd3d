// The fuel-log import's pure rules (features/history/model/csv-import, csv-text, fuel-log-formats, consumption), read
// against real exports from public repositories (tests/fixtures/fuel-logs/README.md says where each comes from): the
// format told by its real headers, every fill imported with its kind, the units, the exact amounts, the physical line
// numbers, the encodings and line endings, and the consumption matching the file's own column.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../contract/history';
import {
  consumption,
  consumptionPerFill,
  type Fill,
  fillsOfEvents,
  periodConsumption,
} from '../../src/features/history/model/consumption';
import {
  chronological,
  decodeLog,
  detectFormat,
  duplicateKey,
  guessDateOrder,
  guessDecimal,
  headerShape,
  type ImportRow,
  keepColumns,
  lineKey,
  mainFuelType,
  type ParsedLog,
  parseFuelLog,
  readDay,
  readDecimal,
  remap,
  roundDecimal,
  splitDuplicates,
  tankFullOf,
  textHash,
  toImportBody,
} from '../../src/features/history/model/csv-import';
import { guessQuote } from '../../src/features/history/model/csv-text';
import { conflictFromError, findConflicts, readingsOf } from '../../src/features/history/model/import-conflicts';

const bytes = (name: string) => readFileSync(join(process.cwd(), 'tests/fixtures/fuel-logs', name));
const text = (name: string) => decodeLog(bytes(name)).text;
const parse = (source: string, options: Partial<Parameters<typeof parseFuelLog>[1]> = {}) => {
  const result = parseFuelLog(source, { currency: 'EUR', ...options });
  if ('failure' in result) throw new Error(result.failure);
  return result as ParsedLog;
};
const log = (name: string, options: Partial<Parameters<typeof parseFuelLog>[1]> = {}) => parse(text(name), options);
const asFills = (rows: ImportRow[]): Fill[] =>
  rows.map((r) => ({
    odometerKm: r.odometerKm,
    litres: r.litres,
    price: r.price,
    currency: r.currency,
    tankFull: tankFullOf(r.fill),
    missed: r.missed,
    tripKm: r.tripKm,
  }));

describe('every real export is recognised and every fill imports', () => {
  const cases: Array<[string, ParsedLog['format'], number]> = [
    ['spritmonitor-civic.csv', 'spritmonitor', 335],
    ['spritmonitor-leon.csv', 'spritmonitor', 30],
    ['spritmonitor-gti.csv', 'spritmonitor', 67],
    ['spritmonitor-r32.csv', 'spritmonitor', 48],
    ['fuelly-metric-cuore.csv', 'fuelly', 31],
    ['fuelly-metric-vstrom.csv', 'fuelly', 23],
    ['fuelly-us-tundra.csv', 'fuelly', 64],
    ['fuelly-us-scion.csv', 'fuelly', 45],
    ['fuelly-derived-us-nissan.csv', 'fuelly', 422],
    ['fuelio-z3.csv', 'fuelio', 1],
    ['lubelogger-gassample.csv', 'lubelogger', 2],
  ];
  for (const [name, format, fills] of cases) {
    it(`${name}: ${format}, ${fills} fills, no line refused`, () => {
      const parsed = log(name);
      expect(parsed.format).toBe(format);
      expect(parsed.errors).toEqual([]);
      expect(parsed.rows).toHaveLength(fills);
    });
  }
  it('the count is the number of fills the file holds (a note over lines is one fill)', () => {
    // Counted without our reader: the lines that start with a day (a note's second line does not).
    const days = text('spritmonitor-civic.csv')
      .split('\n')
      .filter((l) => /^\d{2}\.\d{2}\.\d{4};/.test(l));
    expect(days).toHaveLength(335);
    expect(
      text('fuelly-us-scion.csv')
        .split('\r')
        .filter((l) => l.startsWith('Scion iQ,')),
    ).toHaveLength(45);
  });
});

describe('Spritmonitor: codes, fills, quoting', () => {
  it('Tankart 2 is a partial fill, kept as such: the 11 of the R32 log', () => {
    const rows = log('spritmonitor-r32.csv').rows;
    expect(rows.filter((r) => r.fill === 'partial')).toHaveLength(11);
    expect(rows.filter((r) => r.fill === 'full')).toHaveLength(37);
  });
  it('Tankart 3 is a first fill (a full tank that starts the log), Tankart 0 an invalid one', () => {
    const civic = log('spritmonitor-civic.csv').rows;
    const first = civic.find((r) => r.day === '2008-04-18');
    expect(first?.fill).toBe('first');
    expect(toImportBody(first as ImportRow, null).tankFull).toBe(true);
    const gti = log('spritmonitor-gti.csv').rows.find((r) => r.day === '2010-06-21');
    expect(gti?.fill).toBe('invalid');
    expect(toImportBody(gti as ImportRow, null).tankFull).toBeNull();
  });
  it('Kraftstoff codes become words and the app fuel types: 1 Diesel, 7 Super, 8 SuperPlus, 20 Super E10', () => {
    expect(log('spritmonitor-civic.csv').rows[0]).toMatchObject({ fuel: 'Diesel', fuelType: 'DIESEL' });
    expect(log('spritmonitor-gti.csv').rows[0]).toMatchObject({ fuel: 'Super', fuelType: 'SUPER_E5' });
    expect(log('spritmonitor-r32.csv').rows[0]).toMatchObject({ fuel: 'SuperPlus', fuelType: 'SUPER_PLUS' });
    expect(log('spritmonitor-leon.csv').rows[0]).toMatchObject({ fuel: 'Super E10', fuelType: 'SUPER_E10' });
    expect(mainFuelType(log('spritmonitor-leon.csv').rows)).toBe('SUPER_E10');
  });
  it("text cells quoted with ' ('EUR') are read as EUR", () => {
    const leon = text('spritmonitor-leon.csv');
    expect(guessQuote(leon, ';')).toBe("'");
    expect(log('spritmonitor-leon.csv').rows.every((r) => r.currency === 'EUR')).toBe(true);
  });
  it('a note over several lines is one fill with the line breaks kept', () => {
    const row = log('spritmonitor-civic.csv').rows.find((r) => r.day === '2010-11-29' || r.day === '2009-11-29');
    expect(row?.notes).toBe('viel Stau\nviel Regen\nsehr voll getankt');
  });
  it('a \\" inside a quoted note is a quote, and the fill after it is not lost', () => {
    const rows = log('spritmonitor-civic.csv').rows;
    expect(rows.find((r) => r.day === '2010-09-17')?.notes).toBe('Regen\nMeldung "DPF-Reinigen"');
    expect(rows.find((r) => r.day === '2010-08-13')).toBeDefined();
  });
  it('a ; inside a quoted note stays in the note', () => {
    expect(log('spritmonitor-civic.csv').rows.find((r) => r.day === '2010-10-16')?.notes).toBe(
      'viel Stau und Regen; 10°C',
    );
  });
  it('line numbers are the physical lines: after notes over 2 and 3 lines', () => {
    const rows = log('spritmonitor-civic.csv').rows;
    // Line 197 holds a note ending on 198; the next fill starts on 199 (the file as an editor shows it).
    expect(rows.find((r) => r.day === '2011-09-11')?.line).toBe(197);
    const after = rows[rows.findIndex((r) => r.day === '2011-09-11') + 1];
    expect(after?.line).toBe(199);
    expect(rows.find((r) => r.day === '2008-04-18')?.line).toBe(352);
  });
  it('the amounts are the file’s cents, exactly (no float on the way)', () => {
    const first = log('spritmonitor-civic.csv').rows[0] as ImportRow;
    expect(first).toMatchObject({ day: '2016-06-15', litres: 43.52, price: 47720, odometerKm: 231505 });
    expect(toImportBody(first, 'car-1')).toMatchObject({
      category: 'FUEL_TOP_UP',
      price: 47720,
      fuelQuantity: 435.2,
      odometer: 231_505_000,
      tankFull: true,
      name: 'Diesel',
    });
  });
});

describe('Fuelly: US and metric accounts', () => {
  it('metric (km/l, litres, price per litre): the amount is litres × price rounded to the cent, not floored', () => {
    const row = log('fuelly-metric-cuore.csv').rows[0] as ImportRow;
    // 28.16 l × 1.509 = 42.49344 → 42.49; 21.191 × 1.499 = 31.765309 → 31.77 (flooring made it 31.76).
    expect(row).toMatchObject({ day: '2021-01-02', litres: 28.16, price: 42490, odometerKm: 168529 });
    expect(log('fuelly-metric-cuore.csv').rows[1]?.price).toBe(31770);
  });
  it('partial_fuelup 1 is a partial fill, 0 a full one', () => {
    const rows = log('fuelly-metric-cuore.csv').rows;
    expect(rows.filter((r) => r.fill === 'partial').map((r) => r.day)).toEqual(['2020-10-11']);
    expect(rows.filter((r) => r.fill === 'full')).toHaveLength(30);
  });
  it('US (mpg, miles, gallons): gallons become litres and miles kilometres', () => {
    const row = log('fuelly-us-tundra.csv').rows.find((r) => r.day === '2013-03-15') as ImportRow;
    // 17.690 gal × 3.785411784 = 66.964 l; 50536 mi × 1.609344 = 81329.808 km; 17.690 × 3.860 = 68.2834 → 68.28.
    expect(row.litres).toBeCloseTo(66.964, 3);
    expect(row.odometerKm).toBeCloseTo(81_329.808, 3);
    expect(row.price).toBe(68280);
  });
  it('dates "2013-03-11 3:14 PM", "3/14/14" and "10-24-2012" are read in the US order', () => {
    expect(log('fuelly-us-tundra.csv').rows.some((r) => r.day === '2013-03-11')).toBe(true);
    expect(log('fuelly-us-scion.csv').rows[0]?.day).toBe('2014-03-14');
    expect(log('fuelly-derived-us-nissan.csv').rows[0]?.day).toBe('2012-10-24');
  });
  it('a file of a classic Mac (CR line endings) reads every line', () => {
    expect(text('fuelly-us-scion.csv')).not.toMatch(/\n/);
    expect(log('fuelly-us-scion.csv').rows).toHaveLength(45);
  });
  it('missed_fuelup 1 is kept: the consumption restarts there', () => {
    expect(
      log('fuelly-us-scion.csv')
        .rows.filter((r) => r.missed)
        .map((r) => r.day),
    ).toEqual(['2014-02-01']);
  });
  it('a Fuelly log without the partial_fuelup column: every fill is a full one (Fuelly’s default)', () => {
    expect(log('fuelly-derived-us-nissan.csv').rows.every((r) => r.fill === 'full')).toBe(true);
  });
  it('a file of several cars names each (car_name)', () => {
    expect(log('fuelly-derived-us-nissan.csv').vehicles).toEqual([
      '2008 Nissan Altima',
      '2011 Nissan Quest 3.5SL',
      '2013 Nissan Altima 2.5SV',
    ]);
  });
  it('no currency column: the chosen one', () => {
    expect(log('fuelly-us-tundra.csv', { currency: 'GBP' }).rows.every((r) => r.currency === 'GBP')).toBe(true);
  });
});

describe('Fuelio and LubeLogger', () => {
  it('Fuelio: only the "## Log" section, miles from "Odo (mi)", the vehicle from "## Vehicle", the line in the file', () => {
    const parsed = log('fuelio-z3.csv');
    expect(parsed.vehicles).toEqual(['BMW Z3']);
    expect(parsed.rows[0]).toMatchObject({ line: 6, day: '2024-03-10', litres: 46.301, price: 67090, fill: 'full' });
    expect(parsed.rows[0]?.odometerKm).toBeCloseTo(212_477 * 1.609344, 3);
  });
  it('LubeLogger: True/False fills, M/D/YYYY, and asked to confirm (its units are not in the file)', () => {
    const parsed = log('lubelogger-gassample.csv');
    expect(parsed.unsure).toBe(true);
    expect(parsed.rows[0]).toMatchObject({ day: '2020-05-08', price: 16240, fill: 'full' });
  });
});

describe('consumption the Spritmonitor way matches the column the export carries (within 0.1)', () => {
  const compare = (name: string) => {
    const rows = log(name).rows;
    const fills = asFills(rows);
    const ours = consumptionPerFill(fills);
    let compared = 0;
    fills.forEach((fill, i) => {
      const row = rows[i] as ImportRow;
      const mine = ours.get(fill);
      if (row.fileConsumption === null || mine === undefined || row.fill !== 'full') return;
      compared++;
      expect(Math.abs(mine - row.fileConsumption), `${name} line ${row.line}`).toBeLessThanOrEqual(0.1);
    });
    return compared;
  };
  for (const [name, atLeast] of [
    ['spritmonitor-civic.csv', 300],
    ['spritmonitor-leon.csv', 25],
    ['spritmonitor-gti.csv', 60],
    ['spritmonitor-r32.csv', 30],
    ['fuelly-metric-cuore.csv', 25],
    ['fuelly-metric-vstrom.csv', 20],
    ['fuelly-us-tundra.csv', 55],
    ['fuelly-us-scion.csv', 35],
  ] as const) {
    it(`${name}: every full fill's consumption (${atLeast}+ compared)`, () => {
      expect(compare(name)).toBeGreaterThanOrEqual(atLeast);
    });
  }
  it('partial fills are summed into the next full fill (R32, 25.10.2009 → 31.10.2009: 75.01 l over 587 km)', () => {
    const rows = log('spritmonitor-r32.csv').rows;
    const fills = asFills(rows);
    const per = consumptionPerFill(fills);
    const at = rows.findIndex((r) => r.day === '2009-10-31');
    expect(per.get(fills[at] as Fill)).toBeCloseTo((75.01 / 587) * 100, 6);
  });
  it('the average and the cost per 100 km over the whole log', () => {
    const summary = consumption(asFills(log('spritmonitor-civic.csv').rows));
    expect(summary.litresPer100Km).toBeGreaterThan(5);
    expect(summary.litresPer100Km).toBeLessThan(6.5);
    expect(summary.costPer100Km[0]?.currency).toBe('EUR');
  });
  it('a partial fill alone, or a fill without a mileage, gives no consumption', () => {
    const partial: Fill = { odometerKm: 100, litres: 10, price: 1000, currency: 'EUR', tankFull: false };
    expect(consumption([partial]).litresPer100Km).toBeNull();
    expect(consumption([{ ...partial, odometerKm: null, tankFull: true }]).litresPer100Km).toBeNull();
  });
  it('an unknown fill between two full ones breaks the stretch', () => {
    const f = (km: number, tankFull: boolean | null): Fill => ({
      odometerKm: km,
      litres: 40,
      price: 60000,
      currency: 'EUR',
      tankFull,
    });
    expect(consumption([f(0, true), f(300, null), f(600, true)]).litresPer100Km).toBeNull();
    expect(consumption([f(0, true), f(300, false), f(600, true)]).litresPer100Km).toBeCloseTo((80 / 600) * 100, 9);
  });
});

describe('encodings and line endings', () => {
  const gti = bytes('spritmonitor-gti.csv');
  const reference = log('spritmonitor-gti.csv').rows;
  it('UTF-8 with a byte-order mark', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), gti]);
    const decoded = decodeLog(withBom);
    expect(decoded.encoding).toBe('utf-8');
    expect(parse(decoded.text).rows).toEqual(reference);
  });
  it('Windows-1252 (the same log saved by a spreadsheet): "Währung" still found', () => {
    const cp1252 = Buffer.from(
      [...gti.toString('utf8')].map((c) => (c === 'ä' ? 0xe4 : c === 'ß' ? 0xdf : c.charCodeAt(0))),
    );
    const decoded = decodeLog(cp1252);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text.startsWith('Datum;Km-Stand;Teil-Km;Spritmenge;Kosten;Währung')).toBe(true);
    expect(parse(decoded.text).rows).toEqual(reference);
  });
  it('CRLF line endings read the same lines with the same numbers', () => {
    const crlf = text('spritmonitor-civic.csv').replace(/\n/g, '\r\n');
    expect(parse(crlf).rows).toEqual(log('spritmonitor-civic.csv').rows);
  });
});

describe('a CSV of any other shape goes through the mapping', () => {
  // Fuelly's US log with its headers renamed and in another order: nothing tells the format.
  const renamed = text('fuelly-us-tundra.csv')
    .replace(
      /^[^\n]*\n/,
      'Vehicle;Kind;MPG;Mileage;Trip;Volume;Price per unit;City;When;Added;Tags;Comment;Missed;Partial;Lat;Lon\n',
    )
    .replace(/,/g, ';');
  it('is custom and unsure, with a first guess of the columns', () => {
    const parsed = parse(renamed);
    expect(parsed.format).toBe('custom');
    expect(parsed.unsure).toBe(true);
    expect(parsed.mapping).toMatchObject({ date: 8, odometer: 3, quantity: 5 });
    expect(parsed.sample[0]?.[0]).toBe('truck');
  });
  it('the driver’s mapping and formats read it like the Fuelly file itself', () => {
    const parsed = parse(renamed, {
      mapping: { date: 8, odometer: 3, quantity: 5, unitPrice: 6, notes: 11, fill: 13 },
      formats: { dateOrder: 'ymd', decimal: '.', distance: 'mi', volume: 'usgal' },
    });
    const original = log('fuelly-us-tundra.csv').rows;
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => [r.day, r.litres, r.price, r.odometerKm])).toEqual(
      original.map((r) => [r.day, r.litres, r.price, r.odometerKm]),
    );
  });
  it('a remembered mapping is kept to the columns the file has', () => {
    expect(keepColumns({ date: 0, quantity: 40 }, ['a', 'b'])).toEqual({ date: 0 });
    expect(remap({ date: 0 }, 'date', null)).toEqual({});
    expect(remap({}, 'quantity', 2)).toEqual({ quantity: 2 });
  });
  it('the shape a mapping is remembered by ignores case and accents', () => {
    expect(headerShape(['Datum', 'Währung'])).toBe(headerShape(['datum', 'WAHRUNG']));
  });
  it('a required field on a wrong column makes each line an error with its physical line', () => {
    const parsed = parse(renamed, { mapping: { date: 0, quantity: 5, unitPrice: 6 } });
    expect(parsed.rows).toEqual([]);
    expect(parsed.errors[0]).toEqual({ line: 2, problem: 'date' });
  });
});

describe('numbers and days', () => {
  const cases: Array<[string, ',' | '.', number | null]> = [
    ['41,87', ',', 41.87],
    ['231505,00', ',', 231505],
    ['1.234,56', ',', 1234.56],
    ['1,234.56', '.', 1234.56],
    ['€ 72,49', ',', 72.49],
    ['viel', ',', null],
    ['', '.', null],
  ];
  for (const [input, mark, expected] of cases) {
    it(`"${input}" with "${mark}" is ${expected}`, () => {
      const d = readDecimal(input, mark);
      expect(d === null ? null : Number(d.digits) / 10 ** d.scale).toBe(expected);
    });
  }
  it('rounding is half away from zero, exactly', () => {
    expect(roundDecimal({ digits: 424934n, scale: 4 }, 2)).toBe(4249n);
    expect(roundDecimal({ digits: 12345n, scale: 3 }, 2)).toBe(1235n);
  });
  it('days in each order; a day the calendar lacks is none', () => {
    expect(readDay('15.06.2016', 'dmy')).toBe('2016-06-15');
    expect(readDay('06/15/2016', 'mdy')).toBe('2016-06-15');
    expect(readDay('2016-06-15 08:00', 'mdy')).toBe('2016-06-15');
    expect(readDay('31.02.2016', 'dmy')).toBeNull();
  });
  it('the order and the decimal mark are guessed from the column', () => {
    expect(guessDateOrder(['01.02.2016', '15.02.2016'])).toBe('dmy');
    expect(guessDateOrder(['01/02/2016', '01/15/2016'])).toBe('mdy');
    expect(guessDecimal(['41,87', '52,19'])).toBe(',');
    expect(guessDecimal(['28.16', '1.509'])).toBe('.');
  });
  it('headers are told with or without units and accents', () => {
    expect(detectFormat(['Datum', 'Km-Stand', 'Spritmenge', 'Tankart'])).toBe('spritmonitor');
    expect(detectFormat(['Date', 'Odometer', 'Litres'])).toBe('custom');
  });
});

describe('what is sent, and what is skipped', () => {
  const rows = log('spritmonitor-r32.csv').rows;
  const asEvent = (body: ReturnType<typeof toImportBody>, id: string): HistoryEvent => ({
    _id: id,
    type: 'COST',
    thingId: null,
    sampleTime: body.sampleTime,
    triggerEventTypeAtSource: 'MANUAL',
    cost: {
      category: 'FUEL_TOP_UP',
      price: body.price,
      currency: body.currency,
      recurrencePeriod: 'NEVER',
      seriesId: null,
      name: body.name ?? null,
      notes: body.notes ?? null,
      fuelQuantity: body.fuelQuantity ?? null,
      odometer: null,
      tankFull: null,
    },
    payment: null,
    trip: null,
    images: [],
    createdAt: body.sampleTime,
    updatedAt: body.sampleTime,
  });
  it('without a vehicle the mileage stays on the entry', () => {
    expect(toImportBody(rows[0] as ImportRow, null).odometer).toBe(71_060_000);
  });
  it('a second import of the same file finds every line already there', () => {
    const imported = rows.map((r, i) => asEvent(toImportBody(r, null), `e${i}`));
    const { fresh, duplicates } = splitDuplicates(rows, imported);
    expect(fresh).toEqual([]);
    expect(duplicates).toHaveLength(rows.length);
  });
  it('the same amount to the cent matches (deci-cents beyond it do not count)', () => {
    expect(duplicateKey('2026-01-01', 71_141, 'EUR', 40)).toBe(duplicateKey('2026-01-01', 71_138, 'EUR', 40));
  });
  it('lines go oldest first, by mileage within a day', () => {
    const sorted = chronological(log('fuelly-derived-us-nissan.csv').rows);
    for (const [i, r] of sorted.slice(1).entries()) {
      const prev = sorted[i] as ImportRow;
      expect(prev.day < r.day || (prev.day === r.day && (prev.odometerKm ?? 0) <= (r.odometerKm ?? 0))).toBe(true);
    }
    // The Quest's two fills of 2 Dec 2012: the lower mileage first.
    const dec2 = sorted.filter((r) => r.day === '2012-12-02').map((r) => Math.round((r.odometerKm ?? 0) / 1.609344));
    expect(dec2).toEqual([12122, 12318]);
  });
  it('a line’s idempotency key is the same for the same file, line and vehicle', () => {
    const hash = textHash(text('spritmonitor-r32.csv'));
    expect(lineKey(hash, rows[0] as ImportRow, 'v1')).toBe(lineKey(hash, rows[0] as ImportRow, 'v1'));
    expect(lineKey(hash, rows[0] as ImportRow, 'v1')).not.toBe(lineKey(hash, rows[1] as ImportRow, 'v1'));
    expect(textHash('a')).not.toBe(textHash('b'));
    expect(lineKey(hash, rows[0] as ImportRow, null)).toMatch(/^[\x21-\x7e]{1,255}$/);
  });
});

describe('mileage conflicts with the vehicle’s readings', () => {
  const row = (line: number, day: string, km: number | null) =>
    ({ ...(log('spritmonitor-r32.csv').rows[0] as ImportRow), line, day, odometerKm: km }) as ImportRow;
  const readings = [
    { time: Date.parse('2015-05-03T12:00:00Z'), km: 43_000, at: '2015-05-03T12:00:00.000Z' },
    { time: Date.parse('2016-01-10T12:00:00Z'), km: 60_000, at: '2016-01-10T12:00:00.000Z' },
  ];
  it('a reading below an earlier one is refused, with that reading and its day', () => {
    expect(findConflicts([row(7, '2015-06-01', 42_100)], readings)).toEqual([
      { line: 7, km: 42_100, kind: 'below_previous', limitKm: 43_000, at: '2015-05-03T12:00:00.000Z' },
    ]);
  });
  it('a reading above a later one is refused', () => {
    expect(findConflicts([row(3, '2015-12-01', 61_000)], readings)[0]).toMatchObject({
      kind: 'above_next',
      limitKm: 60_000,
    });
  });
  it('a reading that fits between passes, and the next lines are checked against it', () => {
    expect(findConflicts([row(2, '2015-07-01', 50_000), row(3, '2015-08-01', 49_000)], readings)).toEqual([
      { line: 3, km: 49_000, kind: 'below_previous', limitKm: 50_000, at: null },
    ]);
  });
  it('a line without a mileage never conflicts; another vehicle’s readings do not count', () => {
    expect(findConflicts([row(2, '2015-07-01', null)], readings)).toEqual([]);
    const event = { thingId: 'b', sampleTime: '2015-01-01T12:00:00Z', cost: { odometer: 1_000_000 } };
    expect(readingsOf([event as unknown as HistoryEvent], 'a')).toEqual([]);
    expect(readingsOf([event as unknown as HistoryEvent], 'b')).toEqual([
      { time: Date.parse('2015-01-01T12:00:00Z'), km: 1000, at: '2015-01-01T12:00:00Z' },
    ]);
  });
  it('the server’s 422 below_previous / above_next, with the limit in metres, is the same conflict', () => {
    const error = {
      status: 422,
      details: [{ path: 'odometer', message: 'below_previous', limit: 43_000_000, at: '2015-05-03T12:00:00.000Z' }],
    };
    expect(conflictFromError(9, 42_100, error)).toEqual({
      line: 9,
      km: 42_100,
      kind: 'below_previous',
      limitKm: 43_000,
      at: '2015-05-03T12:00:00.000Z',
    });
    expect(conflictFromError(9, 42_100, { status: 500 })).toBeNull();
    expect(conflictFromError(9, null, error)).toBeNull();
  });
});

describe('the statistics’ consumption of a period, from the history’s events', () => {
  const event = (day: string, km: number, litres: number, deci: number, tankFull: boolean | null) =>
    ({
      _id: day,
      type: 'COST',
      thingId: 't',
      sampleTime: `${day}T12:00:00.000Z`,
      triggerEventTypeAtSource: 'MANUAL',
      cost: {
        category: 'FUEL_TOP_UP',
        price: deci,
        currency: 'EUR',
        recurrencePeriod: 'NEVER',
        seriesId: null,
        name: null,
        notes: null,
        fuelQuantity: litres * 10,
        odometer: km * 1000,
        tankFull,
      },
      payment: null,
      trip: null,
      images: [],
      createdAt: '',
      updatedAt: '',
    }) as HistoryEvent;
  const events = [
    event('2031-01-01', 10_000, 40, 60_000, true),
    event('2031-02-01', 10_300, 20, 30_000, false),
    event('2031-02-10', 10_600, 20, 32_000, true),
    event('2031-03-01', 11_000, 30, 45_000, true),
  ];
  it('the stretches ending in the period count, their start may lie before it; partial fills summed', () => {
    const feb = periodConsumption(fillsOfEvents(events), Date.parse('2031-02-01'), Date.parse('2031-02-28'));
    expect(feb.litresPer100Km).toBeCloseTo((40 / 600) * 100, 9);
    expect(feb.costPer100Km).toEqual([{ currency: 'EUR', amount: Math.round((62_000 / 600) * 100) }]);
  });
  it('a period with no full fill at its end of a stretch has no figure', () => {
    const jan = periodConsumption(fillsOfEvents(events), Date.parse('2031-01-01'), Date.parse('2031-01-31'));
    expect(jan.litresPer100Km).toBeNull();
    expect(jan.costPer100Km).toEqual([]);
  });
});
