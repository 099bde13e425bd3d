// Money on the wire and in rules: integer minor units with currency and precision, never floats. The one place that
// rounds (pay-flows.md §9: "Prices are formatted with rounding down to the currency precision") and converts to the
// deci-cent unit of the cost calls (shell-and-account.md §9: "Cost price is sent as cents times 10"). App and server
// both import it; formatting for the screen lives in src/lib/money.ts.

export type Money = { amount: number; currency: string; precision: number };

/** Precision of a deci-cent amount: thousandths of the major unit (cents × 10). */
export const DECI_CENT_PRECISION = 3;

/** Fraction digits the currency uses (EUR 2, ISK 0), from Intl (ISO 4217). */
const digitsByCurrency = new Map<string, number>();
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Re-express an integer amount at another precision, rounding down (toward negative infinity) when losing digits. */
export function atPrecision(amount: number, from: number, to: number): number {
  if (to === from) return amount;
  if (to > from) return amount * 10 ** (to - from);
  return Math.floor(amount / 10 ** (from - to));
}

/** The same money at another precision (rounded down when digits are lost). */
export function moneyAt(money: Money, precision: number): Money {
  return { amount: atPrecision(money.amount, money.precision, precision), currency: money.currency, precision };
}

/** The money rounded down to the digits its currency uses (1.789 EUR at precision 3 → 1.78 EUR at precision 2). */
export function roundDownToCurrency(money: Money): Money {
  const digits = currencyDigits(money.currency);
  return money.precision > digits ? moneyAt(money, digits) : money;
}

/** The decimal value of an integer amount, exact for the amounts we handle (below 2^53 / 10^precision). */
export function toDecimal(amount: number, precision: number): number {
  return Number(`${amount < 0 ? '-' : ''}${Math.abs(amount)}e-${precision}`);
}

/** "Cost price is sent as cents times 10": the amount in deci-cents (rounded down past three decimals). */
export function toDeciCents(money: Money): number {
  return atPrecision(money.amount, money.precision, DECI_CENT_PRECISION);
}

/** A deci-cent amount as money at the currency's own precision (rounded down). */
export function fromDeciCents(deciCents: number, currency: string): Money {
  const digits = currencyDigits(currency);
  return { amount: atPrecision(deciCents, DECI_CENT_PRECISION, digits), currency, precision: digits };
}

/** The currency key of a deci-cent amount (pay-flows.md §3: EUR → euroDeciCent, CHF → chfDeciCent, …). */
export function deciCentKey(currency: string): string {
  return currency === 'EUR' ? 'euroDeciCent' : `${currency.toLowerCase()}DeciCent`;
}
