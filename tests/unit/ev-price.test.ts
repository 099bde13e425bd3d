// EV price from a port's price elements with time windows (pay-flows.md §3 Price element, §9 pre-authorization).
import { describe, expect, it } from 'vitest';
import { evPreAuthorization, inWindow, priceCharge } from '../../contract/ev';
import type { PriceElement } from '../../contract/stations';

const energy = (price: number, window?: [string, string]): PriceElement => ({
  ...(window ? { restrictions: { startTime: window[0], endTime: window[1] } } : {}),
  priceComponents: [{ type: 'ENERGY', price, precision: 2, unit: 'KWH' }],
});
const parking = (price: number, r?: PriceElement['restrictions']): PriceElement => ({
  ...(r ? { restrictions: r } : {}),
  priceComponents: [{ type: 'PARKING_TIME', price, precision: 2, unit: 'MIN' }],
});
const blocking = (price: number, r?: PriceElement['restrictions']): PriceElement => ({
  ...(r ? { restrictions: r } : {}),
  priceComponents: [{ type: 'TIME', price, precision: 2, unit: 'MIN' }],
});
const flat = (price: number): PriceElement => ({
  priceComponents: [{ type: 'FLAT', price, precision: 2, unit: 'COUNT' }],
});
const at = (hhmm: string) => new Date(`2031-03-01T${hhmm}:00Z`);

type Case = {
  name: string;
  elements: PriceElement[];
  start: string;
  totalMinutes: number;
  chargingMinutes: number;
  energyWh: number;
  lines: Array<[string, number, number]>; // type, quantity, amount
  total: number;
};

const CASES: Case[] = [
  {
    name: 'energy only: 10 kWh at 0.59',
    elements: [energy(59)],
    start: '12:00',
    totalMinutes: 30,
    chargingMinutes: 30,
    energyWh: 10_000,
    lines: [['ENERGY', 10, 590]],
    total: 590,
  },
  {
    name: 'a night tariff replaces the all-day price from 22:00',
    elements: [energy(59), energy(49, ['22:00', '06:00'])],
    start: '21:30',
    totalMinutes: 60,
    chargingMinutes: 60,
    energyWh: 12_000,
    lines: [
      ['ENERGY', 6, 354],
      ['ENERGY', 6, 294],
    ],
    total: 648,
  },
  {
    name: 'a night window wraps midnight: all of 23:00-00:30 is night',
    elements: [energy(59), energy(49, ['22:00', '06:00'])],
    start: '23:00',
    totalMinutes: 90,
    chargingMinutes: 90,
    energyWh: 9_000,
    lines: [['ENERGY', 9, 441]],
    total: 441,
  },
  {
    name: 'free parking for 2 h, then paid parking inside its window',
    elements: [energy(59), parking(0, { maxDuration: 120 }), parking(10, { startTime: '08:00', endTime: '20:00' })],
    start: '10:00',
    totalMinutes: 200,
    chargingMinutes: 60,
    energyWh: 10_000,
    lines: [
      ['ENERGY', 10, 590],
      ['PARKING_TIME', 60, 0],
      ['PARKING_TIME', 80, 800],
    ],
    total: 1390,
  },
  {
    name: 'parking outside the paid window costs nothing',
    elements: [energy(59), parking(0, { maxDuration: 120 }), parking(10, { startTime: '08:00', endTime: '20:00' })],
    start: '19:00',
    totalMinutes: 200,
    chargingMinutes: 60,
    energyWh: 10_000,
    lines: [
      ['ENERGY', 10, 590],
      ['PARKING_TIME', 60, 0],
    ],
    total: 590,
  },
  {
    name: 'the blocking fee (TIME) runs after maxDuration, inside its window',
    elements: [energy(59), blocking(5, { startTime: '07:00', endTime: '22:00', maxDuration: 240 })],
    start: '10:00',
    totalMinutes: 300,
    chargingMinutes: 300,
    energyWh: 50_000,
    lines: [
      ['ENERGY', 50, 2950],
      ['TIME', 60, 300],
    ],
    total: 3250,
  },
  {
    name: 'a flat session fee once',
    elements: [energy(59), flat(99)],
    start: '12:00',
    totalMinutes: 10,
    chargingMinutes: 10,
    energyWh: 1_000,
    lines: [
      ['ENERGY', 1, 59],
      ['FLAT', 1, 99],
    ],
    total: 158,
  },
  {
    name: 'amounts are rounded down (1.234 kWh at 0.59 = 0.72)',
    elements: [energy(59)],
    start: '12:00',
    totalMinutes: 1,
    chargingMinutes: 1,
    energyWh: 1_234,
    lines: [['ENERGY', 1.234, 72]],
    total: 72,
  },
  {
    name: 'nothing charged: only the flat fee',
    elements: [energy(59), flat(99)],
    start: '12:00',
    totalMinutes: 0,
    chargingMinutes: 0,
    energyWh: 0,
    lines: [['FLAT', 1, 99]],
    total: 99,
  },
];

describe('priceCharge: price elements with time windows', () => {
  it.each(CASES)('$name', (c) => {
    const r = priceCharge(c.elements, 'EUR', {
      start: at(c.start),
      totalMinutes: c.totalMinutes,
      chargingMinutes: c.chargingMinutes,
      energyWh: c.energyWh,
      timeZone: 'UTC',
    });
    expect(r.lines.map((l) => [l.type, l.quantity, l.amount])).toEqual(c.lines);
    expect(r.total).toBe(c.total);
  });

  it('reads windows in the station time zone (22:00 in Berlin is 21:00 UTC in winter)', () => {
    const r = priceCharge([energy(59), energy(49, ['22:00', '06:00'])], 'EUR', {
      start: at('21:00'),
      totalMinutes: 10,
      chargingMinutes: 10,
      energyWh: 1_000,
      timeZone: 'Europe/Berlin',
    });
    expect(r.lines.map((l) => l.unitPrice.amount)).toEqual([49]);
  });
});

describe('inWindow', () => {
  it.each([
    [600, '08:00', '20:00', true],
    [1200, '08:00', '20:00', false],
    [1380, '22:00', '06:00', true],
    [120, '22:00', '06:00', true],
    [720, '22:00', '06:00', false],
    [720, undefined, undefined, true],
  ] as const)('minute %i in %s-%s: %s', (minute, s, e, expected) => {
    expect(inWindow(minute, s, e)).toBe(expected);
  });
});

describe('evPreAuthorization (pay-flows.md §9)', () => {
  it.each([
    ['DKK', {}, 60_000],
    ['EUR', {}, 8_000],
    ['CZK', {}, 200_000],
    ['PLN', {}, 35_000],
    ['CHF', {}, 8_000],
    ['EUR', { EUR: 5_000 }, 5_000],
    ['GBP', { GBP: 7_000 }, 7_000],
    ['GBP', {}, undefined],
  ] as const)('%s with config %o: %s', (cur, config, expected) => {
    expect(evPreAuthorization(cur, config)).toBe(expected);
  });
});
