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
