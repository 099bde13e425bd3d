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
  authorizeKey: string;
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

/** Reuse the stored attempt for the same selection (a retry or a reload); otherwise start a new one. */
export function attemptFor(stored: Attempt | null, selection: Selection, now: number, newKey: () => string): Attempt {
  if (stored && sameSelection(stored.selection, selection) && now - stored.createdAt < ATTEMPT_TTL_MS) return stored;
  return { selection, createKey: newKey(), authorizeKey: newKey(), orderId: null, createdAt: now };
}
