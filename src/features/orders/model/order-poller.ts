// The order-polling machine (pay-flows.md §4, §8, §9): fetch every 2.5 s until a wait is satisfied or fails; retry a
// failed load 3 times 2 s apart; pause while offline and, back online, reload at once and resume; one poller per order.
// Pure TypeScript: timers, connectivity and the fetch are injected, so tests drive it with fake timers.
import type { Order } from '../../../contract/orders';
import { evaluate, type Wait } from './waits';

/** pay-flows.md §9: "Order poll 2500 ms", "Retry count and delay 3 and 2 s", "Cancel wait 30 s". */
export const ORDER_POLL_MS = 2_500;
export const ORDER_RETRIES = 3;
export const ORDER_RETRY_DELAY_MS = 2_000;
export const CANCEL_WAIT_MS = 30_000;

/** Internal codes of pay-flows.md §8, plus the outcomes of a wait. */
export type OrderFlowCode =
  /** Polling was stopped (the page was left, a newer poller took over): ignored silently. */
  | 'ORDER_CANCELED'
  /** The driver asked to cancel. */
  | 'REQUEST_CANCEL_ORDER'
  /** The cancel call failed or no CANCELLED entry came within 30 s: the cancel-failure dialog. */
  | 'ORDER_CANCELED_API_ERROR'
  /** The order reached a failure state for this wait. */
  | 'ORDER_FAILED'
  /** The order could not be loaded after the retries. */
  | 'ORDER_LOAD_FAILED';

export class OrderFlowError extends Error {
  readonly code: OrderFlowCode;
  readonly order: Order | null;
  override readonly cause: unknown;
  constructor(code: OrderFlowCode, order: Order | null = null, cause?: unknown) {
    super(code);
    this.name = 'OrderFlowError';
    this.code = code;
    this.order = order;
    this.cause = cause;
  }
}

export function isSilent(error: unknown): boolean {
  return error instanceof OrderFlowError && error.code === 'ORDER_CANCELED';
}

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type Connectivity = {
  isOnline: () => boolean;
  /** Calls back with the new state on every change; returns an unsubscribe. */
  subscribe: (listener: (online: boolean) => void) => () => void;
};

export type PollerDeps = {
  fetchOrder: (orderId: string, signal: AbortSignal) => Promise<Order>;
  timers?: Timers;
  connectivity?: Connectivity;
  /** Is this failure "no signal" (pause) rather than an error to retry? */
  isOffline?: (error: unknown) => boolean;
  intervalMs?: number;
  onOrder?: (order: Order) => void;
};

type Running = { stop: () => void };

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const alwaysOnline: Connectivity = { isOnline: () => true, subscribe: () => () => {} };

export function createOrderPoller(deps: PollerDeps) {
  const timers = deps.timers ?? defaultTimers;
  const connectivity = deps.connectivity ?? alwaysOnline;
  const intervalMs = deps.intervalMs ?? ORDER_POLL_MS;
  const running = new Map<string, Running>();

  /**
   * Poll the order until the wait is satisfied (resolves with the order) or fails (rejects with an OrderFlowError).
   * Starting a wait on an order that already has one stops the older one (it rejects with the silent ORDER_CANCELED).
   */
  function waitFor(orderId: string, wait: Wait): Promise<Order> {
    running.get(orderId)?.stop();
    return new Promise<Order>((resolve, reject) => {
      let timer: unknown = null;
      let deadline: unknown = null;
      let controller: AbortController | null = null;
      let failures = 0;
      let finished = false;
      let last: Order | null = null;

      const cleanup = () => {
        finished = true;
        if (timer !== null) timers.clearTimeout(timer);
        if (deadline !== null) timers.clearTimeout(deadline);
        controller?.abort();
        unsubscribe();
        if (running.get(orderId) === handle) running.delete(orderId);
      };
      const succeed = (order: Order) => {
        cleanup();
        resolve(order);
      };
      const fail = (error: OrderFlowError) => {
        cleanup();
        reject(error);
      };
      const schedule = (ms: number) => {
        if (finished) return;
        if (timer !== null) timers.clearTimeout(timer);
        timer = timers.setTimeout(() => {
          timer = null;
          void tick();
        }, ms);
      };

      async function tick(): Promise<void> {
        if (finished || controller) return; // one fetch at a time
        if (!connectivity.isOnline()) return; // paused: the online event resumes
        controller = new AbortController();
        const mine = controller;
        try {
          const order = await deps.fetchOrder(orderId, mine.signal);
          if (finished || mine.signal.aborted) return;
          controller = null;
          failures = 0;
          last = order;
          deps.onOrder?.(order);
          const verdict = evaluate(wait, order);
          if (verdict === 'done') succeed(order);
          else if (verdict === 'fail') fail(new OrderFlowError('ORDER_FAILED', order));
          else schedule(intervalMs); // pay-flows.md §9: 2.5 s, whatever the order's pollIntervalMs says
        } catch (error) {
          if (finished || mine.signal.aborted) return;
          controller = null;
          if (!connectivity.isOnline()) return; // paused: the online event reloads and resumes
          if (deps.isOffline?.(error)) {
            // No answer although the device says it is online (a dead cell, the server restarting, a timeout): not an
            // error of the order, so not counted as a retry, and no online event will come, so keep asking.
            schedule(intervalMs);
            return;
          }
          failures += 1;
          if (failures > ORDER_RETRIES) fail(new OrderFlowError('ORDER_LOAD_FAILED', last, error));
          else schedule(ORDER_RETRY_DELAY_MS);
        }
      }

      const unsubscribe = connectivity.subscribe((online) => {
        if (finished) return;
        if (online) {
          // "Coming online reloads the order and resumes."
          if (timer !== null) timers.clearTimeout(timer);
          timer = null;
          void tick();
        } else {
          // "Going offline stops polling."
          if (timer !== null) timers.clearTimeout(timer);
          timer = null;
          controller?.abort();
          controller = null;
        }
      });

      const handle: Running = { stop: () => fail(new OrderFlowError('ORDER_CANCELED', last)) };
      running.set(orderId, handle);

      if (wait.kind === 'cancelled') {
        deadline = timers.setTimeout(() => fail(new OrderFlowError('ORDER_CANCELED_API_ERROR', last)), CANCEL_WAIT_MS);
      }
      void tick();
    });
  }

  return {
    waitFor,
    /** Stop polling an order (leaving the page): its wait rejects with the silent ORDER_CANCELED. */
    stop(orderId: string): void {
      running.get(orderId)?.stop();
    },
    stopAll(): void {
      for (const handle of [...running.values()]) handle.stop();
    },
    isPolling: (orderId: string) => running.has(orderId),
  };
}

export type OrderPoller = ReturnType<typeof createOrderPoller>;
