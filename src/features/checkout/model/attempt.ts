// One payment attempt = one idempotency key for creating the order and one for authorizing it, kept across retries and
// reloads so a lost response never becomes a second order or a second hold (issue: orders and holds).

export type Selection = {
  pid: string;
  productId: string;
  fuelTypeId: string;
  amount: number;
  currency: string;
  precision: number;
};

export type Attempt = {
  selection: Selection;
  createKey: string;
  /** One authorize key per card: paying the same order with another card is another request, not a replay. */
  authorizeKeys: Record<string, string>;
  orderId: string | null;
  createdAt: number;
};

/** Attempts older than this are not reused: the driver is starting over. */
export const ATTEMPT_TTL_MS = 30 * 60 * 1000;

export function sameSelection(a: Selection, b: Selection): boolean {
  return (
    a.pid === b.pid &&
    a.productId === b.productId &&
    a.fuelTypeId === b.fuelTypeId &&
    a.amount === b.amount &&
    a.currency === b.currency &&
    a.precision === b.precision
  );
}

/**
 * Reuse the stored attempt for the same selection (a retry or a reload) unless it is spent — its order has ended
 * (orderEnded: the caller looked it up) — or too old; otherwise start a new one.
 */
export function attemptFor(
  stored: Attempt | null,
  selection: Selection,
  now: number,
  newKey: () => string,
  orderEnded = false,
): Attempt {
  if (
    stored &&
    !orderEnded &&
    typeof stored.authorizeKeys === 'object' &&
    sameSelection(stored.selection, selection) &&
    now - stored.createdAt < ATTEMPT_TTL_MS
  ) {
    return stored;
  }
  return { selection, createKey: newKey(), authorizeKeys: {}, orderId: null, createdAt: now };
}

/** The attempt's authorize key for this card (made on first use). */
export function authorizeKeyFor(
  attempt: Attempt,
  paymentMethodId: string,
  newKey: () => string,
): { attempt: Attempt; key: string } {
  const known = attempt.authorizeKeys[paymentMethodId];
  if (known) return { attempt, key: known };
  const key = newKey();
  return { attempt: { ...attempt, authorizeKeys: { ...attempt.authorizeKeys, [paymentMethodId]: key } }, key };
}
