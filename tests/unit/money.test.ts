import { describe, expect, it } from 'vitest';
import {
  atPrecision,
  currencyDigits,
  formatMoney,
  formatQuantity,
  formatUnitPrice,
  toDecimal,
} from '../../src/lib/money';

describe('money (pay-flows.md §9)', () => {
  it('knows the digits of each currency', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('ISK')).toBe(0);
    expect(currencyDigits('PLN')).toBe(2);
  });
  it('re-expresses amounts at another precision, rounding down', () => {
    expect(atPrecision(1789, 3, 2)).toBe(178);
    expect(atPrecision(178, 2, 3)).toBe(1780);
    expect(atPrecision(3999, 3, 0)).toBe(3);
    expect(atPrecision(-1, 3, 2)).toBe(-1);
  });
  it('turns minor units into exact decimals', () => {
    expect(toDecimal(1789, 3)).toBe(1.789);
    expect(toDecimal(3000, 2)).toBe(30);
    expect(toDecimal(7, 2)).toBe(0.07);
    expect(toDecimal(-250, 2)).toBe(-2.5);
  });
  it('formats totals at the currency precision, rounded down, in the active locale', () => {
    expect(formatMoney({ amount: 3000, currency: 'EUR', precision: 2 }, 'en-GB')).toBe('€30.00');
    expect(formatMoney({ amount: 3000, currency: 'EUR', precision: 2 }, 'de')).toBe('30,00\u00a0€');
    expect(formatMoney({ amount: 29999, currency: 'EUR', precision: 3 }, 'en-GB')).toBe('€29.99');
    expect(formatMoney({ amount: 35000, currency: 'PLN', precision: 2 }, 'pl')).toBe('350,00\u00a0zł');
    expect(formatMoney({ amount: 60000, currency: 'DKK', precision: 2 }, 'da')).toBe('600,00\u00a0kr.');
    expect(formatMoney({ amount: 8000, currency: 'CHF', precision: 2 }, 'de-CH')).toMatch(/^CHF\s?80\.00$/);
    expect(formatMoney({ amount: 1234, currency: 'ISK', precision: 2 }, 'en')).toBe('ISK\u00a012');
  });
  it('formats unit prices with all their digits', () => {
    expect(formatUnitPrice({ amount: 1789, currency: 'EUR', precision: 3 }, 'en-GB')).toBe('€1.789');
    expect(formatUnitPrice({ amount: 1789, currency: 'EUR', precision: 3 }, 'fr')).toBe('1,789\u00a0€');
  });
  it('formats quantities with up to 2 decimals, rounded down', () => {
    expect(formatQuantity(23.456, 'en')).toBe('23.45');
    expect(formatQuantity(20, 'de')).toBe('20');
    expect(formatQuantity(1234.5, 'de')).toBe('1.234,5');
    expect(formatQuantity(1.13, 'en')).toBe('1.13');
    expect(formatQuantity(0.29, 'en')).toBe('0.29');
    expect(formatQuantity(4.359, 'en')).toBe('4.35');
  });
  it('shows every fill the server can send (ml / 1000, up to 100 l) exactly, rounded down to centilitres', () => {
    const format = new Intl.NumberFormat('en', { maximumFractionDigits: 2, useGrouping: false });
    const wrong: number[] = [];
    for (let ml = 0; ml <= 100_000; ml++) {
      const expected = format.format(Math.floor(ml / 10) / 100);
      if (formatQuantity(ml / 1000, 'en').replace(/,/g, '') !== expected) wrong.push(ml);
    }
    expect(wrong).toEqual([]);
  });
});
