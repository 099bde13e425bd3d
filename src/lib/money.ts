// Money and quantities for the screen, in the active locale (pay-flows.md §9: "Prices are formatted with rounding
// down to the currency precision; quantity with up to 2 decimals"). The rounding itself is contract/money.ts's.

import { atPrecision, currencyDigits, type Money, toDecimal } from '../contract/money';

export type { Money };

/**
 * Format money in the active locale. Totals use the currency's own digits (rounded down); unit prices pass
 * `fractionDigits` (e.g. 3 for 1.789 per litre).
 */
export function formatMoney(money: Money, locale: string, fractionDigits?: number): string {
  const digits = fractionDigits ?? Math.min(money.precision, currencyDigits(money.currency));
  const amount = atPrecision(money.amount, money.precision, digits);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toDecimal(amount, digits));
}

/** A unit price keeps all its digits (fuel prices have three). */
export function formatUnitPrice(money: Money, locale: string): string {
  return formatMoney(money, locale, money.precision);
}

/** "Quantity with up to 2 decimals", rounded down. */
export function formatQuantity(value: number, locale: string): string {
  // 1.13 * 100 is 112.99999999999999 in binary floating point: cut the noise (12 significant digits) before flooring.
  const hundredths = Math.floor(Number((value * 100).toPrecision(12)));
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(hundredths / 100);
}
