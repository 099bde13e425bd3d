// The fuel-log import's pure rules (features/history/model/csv-import): the format told by the header, the mapping,
// each line to a cost in the §9 units or a reason per line, duplicates skipped, the file's encoding. Read against the
// sample exports in tests/fixtures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../contract/history';
import {
  chosenMapping,
  chronological,
  decodeLog,
  detectFormat,
  duplicateKey,
  eventDuplicateKey,
  mapColumns,
  normalizeHeader,
  type ParsedLog,
  parseDay,
  parseFuelLog,
  remap,
  splitDuplicates,
  toImportBody,
  US_GALLON_LITRES,
} from '../../src/features/history/model/csv-import';

const fixture = (name: string) => readFileSync(join(process.cwd(), 'tests/fixtures', name), 'utf8');
const parse = (text: string, currency: 'EUR' | 'CHF' = 'EUR') => {
  const result = parseFuelLog(text, { currency });
  if ('failure' in result) throw new Error(result.failure);
  return result as ParsedLog;
};

describe('the format is told by the header row', () => {
  it('a Spritmonitor export (semicolons, units in brackets, "Währung")', () => {
    const headers = fixture('spritmonitor.csv').split('\n')[0]!.split(';');
    expect(detectFormat(headers)).toBe('spritmonitor');
  });
  it('a Fuelly export', () => {
    const headers = fixture('fuelly.csv').split('\n')[0]!.split(',');
    expect(detectFormat(headers)).toBe('fuelly');
  });
  it('any other CSV is neither', () => {
    expect(detectFormat(['Date', 'Amount', 'Notes'])).toBeNull();
    expect(parseFuelLog('Date,Amount\n2026-01-01,12\n', { currency: 'EUR' })).toEqual({ failure: 'unknownFormat' });
  });
  it('an empty file (or only a byte-order mark) says so', () => {
    expect(parseFuelLog('', { currency: 'EUR' })).toEqual({ failure: 'empty' });
    expect(parseFuelLog('\uFEFF \n', { currency: 'EUR' })).toEqual({ failure: 'empty' });
  });
  it('headers compare without units, accents, case and separators', () => {
    expect(normalizeHeader('Menge (l)')).toBe('menge');
    expect(normalizeHeader('Währung')).toBe('wahrung');
    expect(normalizeHeader(' Verbrauch (l/100km) ')).toBe('verbrauch');
    expect(normalizeHeader('fuelup_date')).toBe('fuelup_date');
  });
});

describe('the column mapping', () => {
  it('Spritmonitor: every field of a fuel cost is found', () => {
    const headers = fixture('spritmonitor.csv').split('\n')[0]!.split(';');
    expect(mapColumns('spritmonitor', headers)).toEqual({
      date: 'Datum',
      odometer: 'Kilometerstand (km)',
      quantity: 'Menge (l)',
      total: 'Gesamtpreis',
      currency: 'Währung',
      fuel: 'Kraftstoff',
      fill: 'Tankart',
      notes: 'Bemerkung',
      station: 'Tankstelle',
    });
  });
  it('Spritmonitor with "Notiz" for the notes', () => {
    expect(mapColumns('spritmonitor', ['Datum', 'Menge', 'Gesamtpreis', 'Notiz']).notes).toBe('Notiz');
  });
  it('Fuelly: the price per gallon, the partial flag and the brand; no currency, no odometer', () => {
    const headers = fixture('fuelly.csv').split('\n')[0]!.split(',');
    expect(mapColumns('fuelly', headers)).toEqual({
      date: 'fuelup_date',
      quantity: 'gallons',
      unitPrice: 'price',
      fill: 'partial_fuelup',
      notes: 'notes',
      station: 'brand',
    });
  });
});

describe('days as the logs write them', () => {
  it.each([
    ['14.10.2026', '2026-10-14'],
    ['4.8.2026', '2026-08-04'],
    ['2026-10-14', '2026-10-14'],
    ['2026-10-14 18:22:10', '2026-10-14'],
    ['10/14/2026', '2026-10-14'],
    ['29.02.2028', '2028-02-29'],
  ])('%s is %s', (text, day) => expect(parseDay(text)).toBe(day));
  it.each(['31.02.2026', '29.02.2027', '2026-13-01', '14/10/2026', 'gestern', ''])('%s is no day', (text) =>
    expect(parseDay(text)).toBeNull(),
  );
});

describe('the Spritmonitor sample', () => {
  const log = parse(fixture('spritmonitor.csv'));
  it('reads six fills without an error', () => {
    expect(log.format).toBe('spritmonitor');
    expect(log.imperial).toBe(false);
    expect(log.errors).toEqual([]);
    expect(log.rows).toHaveLength(6);
  });
  it('decimal commas and thousands dots in the German way', () => {
    expect(log.rows[0]).toEqual({
      line: 2,
      day: '2026-08-04',
      litres: 41.87,
      price: 71_140,
      currency: 'EUR',
      odometerKm: 48_112,
      fuel: 'Super E10',
      notes: 'Urlaubsfahrt an die Ostsee · Aral Lübeck',
      tankFull: true,
    });
  });
  it('a partial fill is not a full tank', () => {
    expect(log.rows[3]?.tankFull).toBe(false);
    expect(log.rows[3]?.fuel).toBe('Super E5');
  });
  it('a quoted note keeps its semicolon', () => {
    expect(log.rows[5]?.notes).toBe('Wäsche inkl.; Gutschein genutzt · Shell Hamburg-Altona');
  });
  it('as the cost call: deci-cents, ml / 100, mileage × 1000, a fuel top-up at noon of the day', () => {
    const body = toImportBody(log.rows[0]!, 'thing-1');
    expect(body).toMatchObject({
      category: 'FUEL_TOP_UP',
      price: 71_140,
      currency: 'EUR',
      recurrencePeriod: 'NEVER',
      name: 'Super E10',
      thingId: 'thing-1',
      fuelQuantity: 418.7,
      odometer: 48_112_000,
      tankFull: true,
    });
    const at = new Date(body.sampleTime);
    expect([at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours()]).toEqual([2026, 8, 4, 12]);
  });
  it('without a vehicle the mileage is not sent (it belongs to one)', () => {
    expect(toImportBody(log.rows[0]!, null).odometer).toBeNull();
  });
});

describe('the Fuelly sample', () => {
  const log = parse(fixture('fuelly.csv'), 'CHF');
  it('gallons become litres, the total is gallons × price, the currency is the chosen one', () => {
    expect(log.format).toBe('fuelly');
    expect(log.imperial).toBe(true);
    expect(log.errors).toEqual([]);
    expect(log.rows).toHaveLength(4);
    const first = log.rows[0]!;
    expect(first.litres).toBe(Math.round(9.134 * US_GALLON_LITRES * 100) / 100);
    expect(first.litres).toBe(34.58);
    expect(first.price).toBe(Math.round(9.134 * 3.459 * 1000));
    expect(first.currency).toBe('CHF');
    expect(first.odometerKm).toBeNull();
    expect(first.notes).toBe('Shell');
    expect(first.tankFull).toBe(true);
  });
  it('partial_fuelup 1 is a partial fill; a quoted note with a comma stays whole', () => {
    expect(log.rows[2]?.tankFull).toBe(false);
    expect(log.rows[2]?.notes).toBe('topped up, price was high · Sinclair');
  });
  it('a metric Fuelly file (litres, an odometer) is not converted', () => {
    const metric = parse(
      'car_name,mpg,odometer,litres,price,fuelup_date,partial_fuelup\nGolf,0,12000.5,40.5,1.80,2026-01-05,0\n',
    );
    expect(metric.imperial).toBe(false);
    expect(metric.rows[0]).toMatchObject({ litres: 40.5, odometerKm: 12_000.5, price: 72_900 });
  });
});

describe('errors are reported per line, the good lines still import', () => {
  const log = parse(fixture('spritmonitor-errors.csv'));
  it('each bad line with its reason and its line number in the file', () => {
    expect(log.errors).toEqual([
      { line: 3, problem: 'date' },
      { line: 4, problem: 'quantity' },
      { line: 5, problem: 'price' },
      { line: 6, problem: 'currency' },
      { line: 7, problem: 'odometer' },
    ]);
    expect(log.rows.map((r) => r.line)).toEqual([2, 8]);
  });
  it('a line cut short is a column problem', () => {
    const short = parse('Datum;Menge;Gesamtpreis;Währung;Kraftstoff;Notiz;Tankstelle\n01.01.2026;40\n');
    expect(short.errors).toEqual([{ line: 2, problem: 'columns' }]);
  });
  it('blank lines are skipped, not errors', () => {
    const blank = parse('Datum;Menge;Gesamtpreis;Währung\n01.01.2026;40;70;EUR\n\n;;;\n02.01.2026;10;17,5;€\n');
    expect(blank.errors).toEqual([]);
    expect(blank.rows.map((r) => [r.day, r.price, r.currency])).toEqual([
      ['2026-01-01', 70_000, 'EUR'],
      ['2026-01-02', 17_500, 'EUR'],
    ]);
  });
});

describe('duplicates: the same day, amount and litres as an event already in the history', () => {
  const log = parse(fixture('spritmonitor.csv'));
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
  it('a second import of the same file finds every line', () => {
    const imported = log.rows.map((r, i) => asEvent(toImportBody(r, null), `e${i}`));
    const { fresh, duplicates } = splitDuplicates(log.rows, imported);
    expect(fresh).toEqual([]);
    expect(duplicates).toHaveLength(6);
  });
  it('a different amount, day or quantity is not a duplicate', () => {
    const first = toImportBody(log.rows[0]!, null);
    const others = [
      asEvent({ ...first, price: first.price + 10 }, 'a'),
      asEvent({ ...first, fuelQuantity: (first.fuelQuantity ?? 0) + 1 }, 'b'),
      asEvent({ ...first, sampleTime: new Date(Date.parse(first.sampleTime) + 86_400_000).toISOString() }, 'c'),
    ];
    expect(splitDuplicates([log.rows[0]!], others).fresh).toHaveLength(1);
  });
  it('the same amount to the cent matches (deci-cents beyond it do not count)', () => {
    expect(duplicateKey('2026-01-01', 71_140, 'EUR', 41.87)).toBe(duplicateKey('2026-01-01', 71_143, 'EUR', 41.87));
  });
  it('a payment at the pump with the same day, total and litres is a duplicate too', () => {
    const row = log.rows[1]!;
    const payment = {
      ...asEvent(toImportBody(row, null), 'p'),
      type: 'PAYMENT',
      cost: null,
      payment: { total: { amount: 6635, currency: 'EUR', precision: 2 }, unit: 'LTR', quantity: 39.52 },
    } as unknown as HistoryEvent;
    expect(eventDuplicateKey(payment)).toBe(duplicateKey(row.day, row.price, 'EUR', 39.52));
    expect(splitDuplicates([row], [payment]).duplicates).toEqual([row]);
  });
  it('a line twice in the same file goes once', () => {
    const twice = [log.rows[0]!, { ...log.rows[0]!, line: 9 }];
    expect(splitDuplicates(twice, [])).toEqual({ fresh: [log.rows[0]], duplicates: [{ ...log.rows[0], line: 9 }] });
  });
  it('trips are never duplicates', () => {
    expect(eventDuplicateKey({ ...asEvent(toImportBody(log.rows[0]!, null), 't'), cost: null, type: 'TRIP' })).toBe(
      null,
    );
  });
});

describe('order and encoding', () => {
  it('lines are sent oldest first (the mileage only grows)', () => {
    const log = parse('Datum;Menge;Gesamtpreis;Währung\n03.01.2026;1;1;EUR\n01.01.2026;1;1;EUR\n02.01.2026;1;1;EUR\n');
    expect(chronological(log.rows).map((r) => r.day)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });
  it('UTF-8 with a byte-order mark', () => {
    const bytes = new TextEncoder().encode('\uFEFFDatum;Menge;Gesamtpreis;Währung\n01.01.2026;1;1;EUR\n');
    const log = parse(decodeLog(bytes.buffer as ArrayBuffer));
    expect(log.mapping.currency).toBe('Währung');
  });
  it('Windows-1252 (an older export opened in a spreadsheet) still finds "Währung"', () => {
    const latin = Uint8Array.from(
      Array.from('Datum;Menge;Gesamtpreis;Währung\n01.01.2026;1;1;EUR\n', (c) => c.charCodeAt(0)),
    );
    expect(decodeLog(latin.buffer)).toContain('Währung');
    expect(parse(decodeLog(latin.buffer)).rows).toHaveLength(1);
  });
});

describe('the driver may change the mapping before importing', () => {
  const text = fixture('spritmonitor.csv');
  const detected = parse(text);

  it('a field left out is not read: no mileage when the mileage column is not used', () => {
    const log = parseFuelLog(text, {
      currency: 'EUR',
      mapping: remap(detected.mapping, 'odometer', null),
    }) as ParsedLog;
    expect(log.mapping.odometer).toBeUndefined();
    expect(log.rows.length).toBe(detected.rows.length);
    expect(log.rows.every((r) => r.odometerKm === null)).toBe(true);
  });

  it('a field moved to another column reads that column', () => {
    const log = parseFuelLog(text, {
      currency: 'EUR',
      mapping: remap(detected.mapping, 'notes', 'Kraftstoff'),
    }) as ParsedLog;
    expect(log.rows[0]?.notes).toBe('Super E10 · Aral Lübeck');
  });

  it('a required field moved to a column that is not one makes each line an error, with its reason', () => {
    const log = parseFuelLog(text, {
      currency: 'EUR',
      mapping: remap(detected.mapping, 'date', 'Tankart'),
    }) as ParsedLog;
    expect(log.rows).toEqual([]);
    expect(log.errors.every((e) => e.problem === 'date')).toBe(true);
  });

  it('the currency column left out: the chosen currency is used', () => {
    const log = parseFuelLog(text, {
      currency: 'CHF',
      mapping: remap(detected.mapping, 'currency', null),
    }) as ParsedLog;
    expect(log.rows.every((r) => r.currency === 'CHF')).toBe(true);
  });

  it('a mapping keeps only columns the file has', () => {
    expect(
      chosenMapping({ date: 'Datum', odometer: 'Odometer (mi)', notes: 'Bemerkung' }, ['Datum', 'Bemerkung']),
    ).toEqual({
      date: 'Datum',
      notes: 'Bemerkung',
    });
  });

  it('the unchanged mapping reads the file as the detected one does', () => {
    expect(parseFuelLog(text, { currency: 'EUR', mapping: detected.mapping })).toEqual(detected);
  });
});
