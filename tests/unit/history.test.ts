// The logbook's pure rules (features/history/model): filters on the device, the cost form's numbers in the driver's
// locale and the §9 units, month headings, and the CSV for spreadsheet apps (read back with papaparse).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../contract/history';
import {
  parseDecimal,
  priceToDeciCents,
  toCostBody,
  validateMileage,
  validatePrice,
} from '../../src/features/history/model/cost-form';
import { BOM, csvDialect, historyCsv } from '../../src/features/history/model/csv';
import { matches, monthsBack, toApiQuery } from '../../src/features/history/model/filters';
import { withMonthHeadings } from '../../src/features/history/model/rows';

const cost = (over: Partial<HistoryEvent> = {}): HistoryEvent => ({
  _id: 'c1',
  type: 'COST',
  thingId: 't1',
  sampleTime: '2031-05-10T10:00:00.000Z',
  triggerEventTypeAtSource: 'MANUAL',
  cost: {
    category: 'FUEL_TOP_UP',
    price: 73_506,
    currency: 'EUR',
    recurrencePeriod: 'NEVER',
    seriesId: null,
    name: 'Super E5; "premium"',
    notes: 'Straße, Nord',
    fuelQuantity: 455.3,
    odometer: 42_180_500,
    tankFull: true,
  },
  payment: null,
  trip: null,
  images: [],
  createdAt: '2031-05-10T10:00:00.000Z',
  updatedAt: '2031-05-10T10:00:00.000Z',
  ...over,
});

describe('numbers as the driver types them', () => {
  it.each([
    ['de', '1.234,56', 1234.56],
    ['de', '12,5', 12.5],
    ['de', '12.5', 12.5],
    ['de', '1.234', 1234],
    ['en', '1,234.56', 1234.56],
    ['en', '12.5', 12.5],
    ['en', '12,5', 12.5],
    ['en', '', null],
    ['en', '12a', null],
    ['en', '-3', null],
  ] as const)('%s "%s" is %s', (locale, text, value) => {
    expect(parseDecimal(text, locale)).toBe(value);
  });

  it('a price becomes deci-cents (cents × 10); more than three decimals is a format error', () => {
    expect(priceToDeciCents('89,50', 'de')).toBe(89_500);
    expect(priceToDeciCents('1.799', 'en')).toBe(1799);
    expect(priceToDeciCents('0.0001', 'en')).toBeNull();
    expect(validatePrice('', 'en')).toEqual({ kind: 'required' });
    expect(validatePrice('x', 'en')).toEqual({ kind: 'format' });
  });

  it('mileage: at most 1,000,000 km, not lower than the previous reading', () => {
    expect(validateMileage('1000001', 'en', null)).toEqual({ kind: 'mileageMax' });
    expect(validateMileage('1000000', 'en', null)).toBeNull();
    expect(validateMileage('41999', 'en', 42_000)).toMatchObject({ kind: 'mileageBelowPrevious' });
    expect(validateMileage('42000', 'en', 42_000)).toBeNull();
  });

  it('the form becomes the cost body with the spec units (litres → ml / 100, km × 1000)', () => {
    const body = toCostBody(
      {
        category: 'FUEL_TOP_UP',
        price: '73,506',
        currency: 'EUR',
        date: '2031-05-10',
        recurrence: 'MONTHLY',
        name: ' Fill ',
        notes: '',
        vehicle: 't1',
        litres: '45,53',
        mileage: '42.180,5',
        tankFull: true,
      },
      'de',
      new Date(2031, 4, 10, 12, 0),
    );
    expect(body).toMatchObject({
      price: 73_506,
      recurrencePeriod: 'MONTHLY',
      name: 'Fill',
      notes: null,
      fuelQuantity: 455.3,
      odometer: 42_180_500,
      tankFull: true,
    });
  });
});

describe('filters on the device match the server query', () => {
  const now = new Date(2031, 5, 15, 12);
  it('type, manual, vehicle, product and period', () => {
    expect(toApiQuery({ type: 'MANUAL', vehicle: 't1', period: '1m' }, now)).toEqual({
      types: 'COST',
      triggerEventTypeAtSource: 'MANUAL',
      vehicleId: 't1',
      from: new Date(2031, 4, 15, 12).toISOString(),
    });
    expect(matches(cost(), { type: 'MANUAL' }, now)).toBe(true);
    expect(matches(cost({ triggerEventTypeAtSource: 'ORDER' }), { type: 'MANUAL' }, now)).toBe(false);
    expect(matches(cost(), { type: 'TRIP' }, now)).toBe(false);
    expect(matches(cost(), { vehicle: 't2' }, now)).toBe(false);
    expect(matches(cost(), { product: 'GAS' }, now)).toBe(false);
    expect(matches(cost(), { period: '1m' }, now)).toBe(false);
    expect(matches(cost(), { period: '3m' }, now)).toBe(true);
  });

  it('months back clamp to the month end', () => {
    expect(monthsBack(new Date(2031, 2, 31), 1)).toEqual(new Date(2031, 1, 28));
  });

  it('a heading before each month', () => {
    const rows = withMonthHeadings([
      { id: 'a', time: new Date(2031, 5, 2).getTime() },
      { id: 'b', time: new Date(2031, 5, 1).getTime() },
      { id: 'c', time: new Date(2031, 4, 30).getTime() },
    ]);
    expect(rows.map((r) => (r.kind === 'month' ? r.month : r.item.id))).toEqual(['2031-06', 'a', 'b', '2031-05', 'c']);
  });
});

describe('CSV export', () => {
  const words = {
    headers: [
      'Date (ISO)',
      'Date',
      'Type',
      'Category',
      'Title',
      'Amount',
      'Currency',
      'Litres',
      'Mileage (km)',
      'Distance (km)',
      'Place',
      'Notes',
    ] as [string, string, string, string, string, string, string, string, string, string, string, string],
    type: () => 'Cost',
    category: () => 'Fuel',
    title: (e: HistoryEvent) => e.cost?.name ?? '',
  };

  it.each([
    ['de', ';', '73,50', '45,53', '42180,5'],
    ['en', ',', '73.50', '45.53', '42180.5'],
    ['fr', ';', '73,50', '45,53', '42180,5'],
  ] as const)('%s: "%s" between fields, amounts as %s (rounded down)', (locale, delimiter, amount, litres, km) => {
    expect(csvDialect(locale).delimiter).toBe(delimiter);
    const csv = historyCsv([cost()], locale, words, 'UTC');
    expect(csv.startsWith(BOM)).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter });
    const [header, row] = parsed.data;
    expect(header).toEqual(words.headers);
    expect(row?.[0]).toBe('2031-05-10T10:00:00.000Z');
    expect(row?.slice(4, 9)).toEqual(['Super E5; "premium"', amount, 'EUR', litres, km]);
    expect(row?.[11]).toBe('Straße, Nord');
  });

  // Issue 32 finding 12: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula.
  const row = (event: HistoryEvent, locale = 'en') => {
    const csv = historyCsv([event], locale, words, 'UTC');
    return Papa.parse<string[]>(csv.slice(1), { delimiter: csvDialect(locale).delimiter }).data[1] ?? [];
  };
  const withText = (notes: string, name = 'Fuel') => cost({ cost: { ...cost().cost!, notes, name } });
  it.each([
    ['=HYPERLINK("http://evil.example","x")'],
    ['+cmd|"/C calc"!A0'],
    ['-2+3+cmd|"/C calc"!A0'],
    ['@SUM(A1:A9)'],
    ['\t=1+1'.replace('\\t', '\t')],
    ['\r=1+1'.replace('\\r', '\r')],
  ])('free text starting with a formula sign is written as text (%j)', (notes) => {
    const cells = row(withText(notes, notes));
    expect(cells[11]).toBe(`'${notes}`);
    expect(cells[4]).toBe(`'${notes}`);
  });
  it('a negative number stays a number: an amount, and a note that is only a number', () => {
    const refund = cost({ cost: { ...cost().cost!, price: -12_500, notes: '-12.5' } });
    const cells = row(refund);
    expect(cells[5]).toBe('-12.50');
    expect(cells[11]).toBe('-12.5');
    expect(row(refund, 'de')[5]).toBe('-12,50');
  });
  it('ordinary text is untouched', () => {
    expect(row(withText('Straße, Nord'))[11]).toBe('Straße, Nord');
  });
});
