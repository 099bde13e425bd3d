// Money of orders: integer minor units. Holds, captures and pump amounts are precision 2 (AMOUNT_PRECISION).
import { AMOUNT_PRECISION } from '../forecourt/meter';

export { AMOUNT_PRECISION };

/** Converts minor units between precisions, rounding down (pay-flows.md §9: prices round down). */
export function toPrecision(amount: number, from: number, to: number): number {
  if (from === to) return amount;
  if (from > to) return Math.floor(amount / 10 ** (from - to));
  return amount * 10 ** (to - from);
}

/** Order poll interval (pay-flows.md §4: "The order is fetched every 2.5 s"). */
export const POLL_INTERVAL_MS = 2500;
