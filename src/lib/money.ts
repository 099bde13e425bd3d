// Money and quantities for the screen, in the active locale (pay-flows.md §9: "Prices are formatted with rounding
// down to the currency precision; quantity with up to 2 decimals"). The rounding itself is contract/money.ts's.

import { atPrecision, currencyDigits, type Money, toDecimal } from '../../contract/money';

export type { Money };

// Building an Intl.NumberFormat costs far more than using one: keep one per locale and options (a list of prices
// formats hundreds of amounts).
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * Format money in the active locale. Totals use the currency's own digits (rounded down); unit prices pass
 * `fractionDigits` (e.g. 3 for 1.789 per litre).
 */
export function formatMoney(money: Money, locale: string, fractionDigits?: number): string {
  const digits = fractionDigits ?? Math.min(money.precision, currencyDigits(money.currency));
  const amount = atPrecision(money.amount, money.precision, digits);
  return formatter(locale, {
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
  return formatter(locale, { maximumFractionDigits: 2 }).format(hundredths / 100);
}
