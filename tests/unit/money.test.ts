// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import {
  atPrecision,
  currencyDigits,
  DECI_CENT_PRECISION,
  deciCentKey,
  fromDeciCents,
  moneyAt,
  roundDownToCurrency,
  toDeciCents,
  toDecimal,
} from '../../contract/money';
import { formatMoney, formatQuantity, formatUnitPrice } from '../../src/lib/money';

describe('money (pay-flows.md §9: integer minor units, rounded down)', () => {
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
  it('rounds down to the currency precision, never up', () => {
    expect(roundDownToCurrency({ amount: 1789, currency: 'EUR', precision: 3 })).toEqual({
      amount: 178,
      currency: 'EUR',
      precision: 2,
    });
    expect(roundDownToCurrency({ amount: 12345, currency: 'ISK', precision: 2 })).toEqual({
      amount: 123,
      currency: 'ISK',
      precision: 0,
    });
    const exact = { amount: 3000, currency: 'EUR', precision: 2 };
    expect(roundDownToCurrency(exact)).toBe(exact);
    expect(moneyAt(exact, 3)).toEqual({ amount: 30000, currency: 'EUR', precision: 3 });
  });
  it('every amount at any precision rounds down to a value not above itself and less than one unit below', () => {
    const wrong: string[] = [];
    for (let amount = 0; amount < 20_000; amount += 7) {
      for (const from of [0, 1, 2, 3, 4]) {
        for (const to of [0, 1, 2, 3]) {
          const rounded = atPrecision(amount, from, to);
          const ok =
            to >= from
              ? rounded === amount * 10 ** (to - from)
              : Number.isInteger(rounded) &&
                amount - rounded * 10 ** (from - to) >= 0 &&
                amount - rounded * 10 ** (from - to) < 10 ** (from - to);
          if (!ok) wrong.push(`${amount}@${from}->${to}=${rounded}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
  it('"cost price is sent as cents times 10": deci-cents both ways', () => {
    expect(DECI_CENT_PRECISION).toBe(3);
    expect(toDeciCents({ amount: 4599, currency: 'EUR', precision: 2 })).toBe(45990);
    expect(toDeciCents({ amount: 1789, currency: 'EUR', precision: 3 })).toBe(1789);
    expect(toDeciCents({ amount: 17891, currency: 'EUR', precision: 4 })).toBe(1789);
    expect(fromDeciCents(45990, 'EUR')).toEqual({ amount: 4599, currency: 'EUR', precision: 2 });
    expect(fromDeciCents(45999, 'EUR')).toEqual({ amount: 4599, currency: 'EUR', precision: 2 });
    expect(fromDeciCents(12000, 'ISK')).toEqual({ amount: 12, currency: 'ISK', precision: 0 });
  });
  it('names the currency keys of deci-cent amounts (pay-flows.md §3)', () => {
    expect(deciCentKey('EUR')).toBe('euroDeciCent');
    expect(deciCentKey('CHF')).toBe('chfDeciCent');
    expect(deciCentKey('PLN')).toBe('plnDeciCent');
    expect(deciCentKey('BAM')).toBe('bamDeciCent');
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
    const wrong: number[] = [];
    for (let ml = 0; ml <= 100_000; ml++) {
      // The expected text, built from integers only: whole litres, then the centilitres rounded down.
      const cl = Math.floor(ml / 10);
      const expected = `${Math.floor(cl / 100)}${
        cl % 100 === 0
          ? ''
          : `.${String(cl % 100)
              .padStart(2, '0')
              .replace(/0$/, '')}`
      }`;
      if (formatQuantity(ml / 1000, 'en').replace(/,/g, '') !== expected) wrong.push(ml);
    }
    expect(wrong).toEqual([]);
  });
});
