// The driver's cost limit of a charge ("charge for at most 20 EUR", issue 39): an optional amount up to the
// pre-authorization; the server stops the charger when the running cost reaches it. Pure, no React.
import type { OrderCharge } from '../../../../contract/ev';

export type Amount = { amount: number; currency: string; precision: number };

/**
 * The limits offered on the EV summary: a quarter, half and three quarters of the pre-authorization, in whole
 * currency units (EUR 80 -> 20, 40, 60; DKK 600 -> 150, 300, 450); none when the hold is too small to split.
 */
export function costLimitChoices(hold: Amount | null): number[] {
  if (!hold || hold.amount <= 0) return [];
  const unit = 10 ** hold.precision;
  const out: number[] = [];
  for (const part of [1, 2, 3]) {
    const amount = Math.floor((hold.amount * part) / 4 / unit) * unit;
    if (amount > 0 && amount < hold.amount && !out.includes(amount)) out.push(amount);
  }
  return out;
}

/** A limit the server takes: more than 0, at most the pre-authorization, in its currency. */
export function isValidCostLimit(limit: number | null, hold: Amount | null): boolean {
  if (limit === null) return true;
  return !!hold && Number.isInteger(limit) && limit > 0 && limit <= hold.amount;
}

/** What the receipt says about how the charge ended, when it is worth saying. */
export type StopNote = { kind: 'cost-limit'; limit: Amount } | { kind: 'pre-authorization' } | { kind: 'fault' } | null;

export function stopNote(charge: OrderCharge | null | undefined, costLimit: Amount | null | undefined): StopNote {
  switch (charge?.stopReason) {
    case 'COST_LIMIT':
      return costLimit ? { kind: 'cost-limit', limit: costLimit } : null;
    case 'PRE_AUTHORIZATION':
      return { kind: 'pre-authorization' };
    case 'FAULT':
      return { kind: 'fault' };
    default:
      return null;
  }
}
