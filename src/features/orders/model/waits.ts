// What a wait on an order is looking for (pay-flows.md §4 Polling), as a pure decision per fetched order.
import type { Order } from '../../../../contract/orders';
import type { OrderState } from '../../../../contract/plain/orders';

export type Wait =
  /** "Waiting for completion ends on COMPLETED, PROBLEM or CANCELLED and fails on REJECTED." */
  | { kind: 'completion' }
  /** "Other waits fail on PROBLEM, CANCELLED, FAILED or REJECTED." */
  | { kind: 'state'; state: OrderState }
  /** "Cancel polling waits up to 30 s for a CANCELLED history entry." */
  | { kind: 'cancelled' };

export type Verdict = 'wait' | 'done' | 'fail';

const OTHER_WAIT_FAILURES: readonly OrderState[] = ['PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED'];

/** Reached means the order is in the state now or has passed through it. */
export function hasReached(order: Pick<Order, 'state' | 'stateHistory'>, state: OrderState): boolean {
  return order.state === state || order.stateHistory.some((entry) => entry.state === state);
}

export function evaluate(wait: Wait, order: Pick<Order, 'state' | 'stateHistory'>): Verdict {
  switch (wait.kind) {
    case 'completion':
      if (order.state === 'REJECTED') return 'fail';
      return order.state === 'COMPLETED' || order.state === 'PROBLEM' || order.state === 'CANCELLED' ? 'done' : 'wait';
    case 'state':
      if (order.state === wait.state) return 'done';
      if (OTHER_WAIT_FAILURES.includes(order.state)) return 'fail';
      return hasReached(order, wait.state) ? 'done' : 'wait';
    case 'cancelled':
      return order.stateHistory.some((entry) => entry.state === 'CANCELLED') ? 'done' : 'wait';
  }
}

/**
 * The newer of two copies of one order (either may be missing): its state history only grows, so the longer one is
 * newer. A cached copy from before fuelling must not hide the receipt kept on the device.
 */
export function newerCopy<T extends Pick<Order, 'stateHistory'>>(a: T | null | undefined, b: T | null | undefined) {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.stateHistory.length > a.stateHistory.length ? b : a;
}
