// One payment attempt = one idempotency key for creating the order and one for authorizing it per means, kept across
// retries and reloads so a lost response never becomes a second order or a second hold (issue: orders and holds). A
// flow that pays an order that exists already (postpay, wash) has an attempt for that order, without a selection.

export type Selection = {
  pid: string;
  productId: string;
  fuelTypeId: string;
  amount: number;
  currency: string;
  precision: number;
};

export type Attempt = {
  /** What the order is created for; null: the order existed before paying (postpay, wash). */
  selection: Selection | null;
  /** null: nothing to create (postpay, wash). */
  createKey: string | null;
  /** One authorize key per card: paying the same order with another card is another request, not a replay. */
  authorizeKeys: Record<string, string>;
  orderId: string | null;
  createdAt: number;
};

/** The attempt of an order still to create: what it is for and its create key. */
export type CreateAttempt = Attempt & { selection: Selection; createKey: string };
const hasCreateKey = (a: Attempt): a is CreateAttempt => a.selection !== null && !!a.createKey;

/** Attempts older than this are not reused: the driver is starting over. */
export const ATTEMPT_TTL_MS = 30 * 60 * 1000;

export function sameSelection(a: Selection | null, b: Selection): boolean {
  return (
    a !== null &&
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
): CreateAttempt {
  if (
    stored &&
    !orderEnded &&
    typeof stored.authorizeKeys === 'object' &&
    sameSelection(stored.selection, selection) &&
    now - stored.createdAt < ATTEMPT_TTL_MS &&
    hasCreateKey(stored)
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

/** The attempt of paying an order that exists (postpay, wash): the stored one for that order, else a new one. */
export function attemptForOrder(stored: Attempt | null, orderId: string, now: number): Attempt {
  if (
    stored &&
    stored.orderId === orderId &&
    typeof stored.authorizeKeys === 'object' &&
    now - stored.createdAt < ATTEMPT_TTL_MS
  ) {
    return stored;
  }
  return { selection: null, createKey: null, authorizeKeys: {}, orderId, createdAt: now };
}
