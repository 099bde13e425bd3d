// "Export as Spritmonitor CSV" read back by the import gives the same entries (issue 35's round trip), for any fills:
// a property test over days, mileages, millilitres, cents, currencies, full/partial/unknown fills, Spritmonitor's fuel
// names and notes with quotes, separators, line breaks and formula signs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../contract/history';
import { CURRENCIES } from '../../contract/plain/stations';
import {
  dayToSampleTime,
  type ParsedLog,
  parseFuelLog,
  toImportBody,
} from '../../src/features/history/model/csv-import';
import { SPRITMONITOR_FUELS } from '../../src/features/history/model/fuel-log-formats';
import { SPRITMONITOR_HEADERS, spritmonitorCsv } from '../../src/features/history/model/spritmonitor-export';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const note = fc
  .array(fc.constantFrom('a', 'Z', 'ä', 'ß', ' ', ';', ',', '"', "'", '\n', '=', '+', '-', '@', '1', '°', '€', '·'), {
    minLength: 1,
    maxLength: 30,
  })
  .map((cs) => cs.join('').trim())
  .filter((s) => s.length > 0 && !s.includes(' · ') && !/\s\n|\n\s/.test(s));

const fill = fc.record({
  day,
  odometerM: fc.option(fc.integer({ min: 1, max: 999_999_999 }), { nil: null }),
  ml: fc.integer({ min: 1, max: 200_000 }),
  cents: fc.integer({ min: 0, max: 99_999_99 }),
  currency: fc.constantFrom(...CURRENCIES),
  tankFull: fc.constantFrom(true, false, null),
  name: fc.option(fc.constantFrom(...Object.values(SPRITMONITOR_FUELS).map((f) => f.name)), { nil: null }),
  notes: fc.option(note, { nil: null }),
});

type FillValue = typeof fill extends fc.Arbitrary<infer T> ? T : never;

const asEvent = (f: FillValue, i: number): HistoryEvent => ({
  _id: `e${i}`,
  type: 'COST',
  thingId: null,
  sampleTime: dayToSampleTime(f.day),
  triggerEventTypeAtSource: 'MANUAL',
  cost: {
    category: 'FUEL_TOP_UP',
    price: f.cents * 10,
    currency: f.currency,
    recurrencePeriod: 'NEVER',
    seriesId: null,
    name: f.name,
    notes: f.notes,
    fuelQuantity: f.ml / 100,
    odometer: f.odometerM,
    tankFull: f.tankFull,
  },
  payment: null,
  trip: null,
  images: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

const entry = (e: { sampleTime: string; cost: HistoryEvent['cost'] }) => {
  const c = e.cost as NonNullable<HistoryEvent['cost']>;
  return JSON.stringify([e.sampleTime, c.price, c.currency, c.fuelQuantity, c.odometer, c.tankFull, c.name, c.notes]);
};

describe('the app’s Spritmonitor export imports back to the same entries', () => {
  it('any fills: same day, amount, currency, litres, mileage, full/partial, fuel and note', () => {
    fc.assert(
      fc.property(fc.array(fill, { minLength: 1, maxLength: 25 }), (fills) => {
        const events = fills.map(asEvent);
        const { csv, count } = spritmonitorCsv(events);
        expect(count).toBe(events.length);
        const parsed = parseFuelLog(csv, { currency: 'EUR' }) as ParsedLog;
        expect(parsed.format).toBe('spritmonitor');
        expect(parsed.errors).toEqual([]);
        const back = parsed.rows.map((r) => {
          const body = toImportBody(r, null);
          return entry({
            sampleTime: body.sampleTime,
            cost: {
              category: 'FUEL_TOP_UP',
              price: body.price,
              currency: body.currency,
              recurrencePeriod: 'NEVER',
              seriesId: null,
              name: body.name ?? null,
              notes: body.notes ?? null,
              fuelQuantity: body.fuelQuantity ?? null,
              odometer: body.odometer ?? null,
              tankFull: body.tankFull ?? null,
            },
          });
        });
        expect(back.sort()).toEqual(events.map(entry).sort());
      }),
      { numRuns: 300 },
    );
    // 300 runs take ~1.5 s on an idle machine; the limit is for a machine shared by many (a guard, not a measure).
  }, 60_000);
  it('writes Spritmonitor’s own header row and codes', () => {
    const [event] = [
      asEvent(
        {
          day: '2016-06-15',
          odometerM: 231_505_000,
          ml: 43_520,
          cents: 4772,
          currency: 'EUR',
          tankFull: false,
          name: 'Diesel',
          notes: '=1+1',
        },
        0,
      ),
    ];
    const { csv } = spritmonitorCsv([event as HistoryEvent]);
    const [header, line] = csv.split('\n');
    expect(header).toBe(SPRITMONITOR_HEADERS.join(';'));
    expect(line).toBe('15.06.2016;231505,00;0,00;43,52;47,72;"EUR";2;;;;1;"\'=1+1";0,00;;;;"";"";"";""');
  });
});
