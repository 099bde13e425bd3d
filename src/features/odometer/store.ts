// The odometer answer of the payment under way (pay-flows.md §2 Odometer screen, §4 Finish "unless the user refused
// (stored value REFUSED)"): one per chosen pump or port, in the tab's sessionStorage, with the server's refusal of a
// reading kept beside it so the screen shows it again with the driver's input.
import type { OdometerAnswer } from './model/odometer';

const KEY = 'odometer-answer';

type Stored = { selection: string; answer: OdometerAnswer; rejectedBelowKm: number | null };

/** The pump or port the answer belongs to: another choice asks again. */
export const odometerSelection = (pid: string, productId: string) => `${pid}|${productId}`;

function read(): Stored | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

export function readOdometer(selection: string): { answer: OdometerAnswer; rejectedBelowKm: number | null } | null {
  const stored = read();
  return stored && stored.selection === selection ? stored : null;
}

export function writeOdometer(selection: string, answer: OdometerAnswer): void {
  sessionStorage.setItem(KEY, JSON.stringify({ selection, answer, rejectedBelowKm: null } satisfies Stored));
}

/** The server refused the reading (lower than the vehicle's last one): the screen opens again with it. */
export function rejectOdometer(selection: string, previousKm: number): void {
  const stored = read();
  if (!stored || stored.selection !== selection) return;
  sessionStorage.setItem(KEY, JSON.stringify({ ...stored, rejectedBelowKm: previousKm } satisfies Stored));
}

/** The payment is over: the next one asks again. */
export function clearOdometer(): void {
  sessionStorage.removeItem(KEY);
}

// The answer an order went with, until its receipt records the cost (pay-flows.md §4 Finish "The odometer reading is
// submitted once the product is acquired, unless the user refused"): in localStorage, so a reload, a 3-D Secure round
// trip or the receipt opened later still finds it. A few orders at most; the oldest go first.
const BY_ORDER_KEY = 'odometer-by-order';
const BY_ORDER_KEEP = 20;

type ByOrder = [orderId: string, answer: OdometerAnswer][];

function readByOrder(): ByOrder {
  try {
    const raw = localStorage.getItem(BY_ORDER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as ByOrder) : [];
  } catch {
    return [];
  }
}

function writeByOrder(entries: ByOrder): void {
  try {
    if (entries.length === 0) localStorage.removeItem(BY_ORDER_KEY);
    else localStorage.setItem(BY_ORDER_KEY, JSON.stringify(entries.slice(-BY_ORDER_KEEP)));
  } catch {
    // Storage full or refused: the cost is then recorded without the finish's call (the order has the reading).
  }
}

/** The order went out with this answer: the payment's answer is cleared (the next one asks again) and kept by order. */
export function bindOdometerToOrder(orderId: string, answer: OdometerAnswer | null): void {
  clearOdometer();
  if (!answer) return;
  writeByOrder([...readByOrder().filter(([id]) => id !== orderId), [orderId, answer]]);
}

/** The answer the order went with (null when there was no odometer screen for it, or it was recorded already). */
export function orderOdometer(orderId: string): OdometerAnswer | null {
  return readByOrder().find(([id]) => id === orderId)?.[1] ?? null;
}

/** The receipt recorded the cost (or the driver refused): nothing more to send for this order. */
export function forgetOrderOdometer(orderId: string): void {
  writeByOrder(readByOrder().filter(([id]) => id !== orderId));
}
