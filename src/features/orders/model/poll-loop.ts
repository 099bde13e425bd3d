// The order poll loop (pay-flows.md §4 Polling, §8 Retries): fetch every 2.5 s; retry a failed load 3 times 2 s apart;
// pause while offline and, back online, reload at once and resume; one loop per order. It only fetches and reports:
// what an order means for the page (keep waiting, move on, fail) is the order-wait reducer's decision.
// Push first (issue 16): with a live source (the order's event stream) the loop takes the orders it sends and polls
// only while the stream is down — one owner, so stream and poll never run together for one order.
// Timers, connectivity, the fetch and the live source are injected, so tests drive it with fake timers.
import type { Order } from '../../../../contract/orders';
import { alwaysOnline, type Connectivity, realTimers, type Timers } from '../../../lib/connectivity';
import { RETRY_ATTEMPTS, RETRY_DELAY_MS } from '../../../lib/http/retry';

/** pay-flows.md §9: "Order poll 2500 ms"; "Retry count and delay 3 and 2 s" (the one retry policy, lib/http). */
export const ORDER_POLL_MS = 2_500;
export const ORDER_RETRIES = RETRY_ATTEMPTS;
export const ORDER_RETRY_DELAY_MS = RETRY_DELAY_MS;

/** A push channel for one order: delivers orders and says when it is up or down; returns its close. */
export type LiveSource = (
  orderId: string,
  handlers: { onOrder: (order: Order) => void; onStatus: (open: boolean) => void },
) => () => void;

export type PollLoopDeps = {
  fetchOrder: (orderId: string, signal: AbortSignal) => Promise<Order>;
  /** The order's event stream; without it the loop only polls. */
  live?: LiveSource;
  timers?: Timers;
  connectivity?: Connectivity;
  /** Is this failure "no signal" (keep asking) rather than an error to retry? */
  isOffline?: (error: unknown) => boolean;
  /** Every order any loop fetched (the query cache, the kept receipt). */
  onOrder?: (order: Order) => void;
};

export type Watcher = {
  onOrder: (order: Order) => void;
  /** The order could not be loaded after the retries; the loop has stopped. */
  onLoadFailed: (error: unknown) => void;
};

export function createPollLoop(deps: PollLoopDeps) {
  const timers = deps.timers ?? realTimers;
  const connectivity = deps.connectivity ?? alwaysOnline;
  const running = new Map<string, () => void>();

  /**
   * Poll the order until stopped, reporting every order fetched. Watching an order that already has a loop stops the
   * older one first (quietly: the spec's ORDER_CANCELED), so one order never has two loops.
   */
  function watch(orderId: string, watcher: Watcher): () => void {
    running.get(orderId)?.();
    let timer: unknown = null;
    let controller: AbortController | null = null;
    let failures = 0;
    let stopped = false;
    /** The stream is up: it delivers, the loop does not poll. */
    let streaming = false;
    let closeLive: () => void = () => {};

    const stop = () => {
      if (stopped) return;
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      controller?.abort();
      closeLive();
      unsubscribe();
      if (running.get(orderId) === stop) running.delete(orderId);
    };
    const schedule = (ms: number) => {
      if (stopped || streaming) return;
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(() => {
        timer = null;
        void tick();
      }, ms);
    };

    async function tick(): Promise<void> {
      if (stopped || controller) return; // one fetch at a time
      if (streaming) return; // the stream delivers
      if (!connectivity.isOnline()) return; // paused: the online event resumes
      controller = new AbortController();
      const mine = controller;
      try {
        const order = await deps.fetchOrder(orderId, mine.signal);
        if (stopped || mine.signal.aborted) return;
        controller = null;
        failures = 0;
        deps.onOrder?.(order);
        watcher.onOrder(order);
        schedule(ORDER_POLL_MS); // always 2.5 s, whatever the order's pollIntervalMs says
      } catch (error) {
        if (stopped || mine.signal.aborted) return;
        controller = null;
        if (!connectivity.isOnline()) return; // paused: the online event reloads and resumes
        if (deps.isOffline?.(error)) {
          // No answer although the device says it is online (a dead cell, the server restarting, a timeout): not an
          // error of the order, so not counted as a retry, and no online event will come, so keep asking.
          schedule(ORDER_POLL_MS);
          return;
        }
        failures += 1;
        if (failures > ORDER_RETRIES) {
          stop();
          watcher.onLoadFailed(error);
        } else schedule(ORDER_RETRY_DELAY_MS);
      }
    }

    const unsubscribe = connectivity.subscribe((online) => {
      if (stopped) return;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      if (online) {
        // "Coming online reloads the order and resumes."
        void tick();
      } else {
        // "Going offline stops polling."
        controller?.abort();
        controller = null;
      }
    });

    running.set(orderId, stop);
    void tick();
    if (deps.live) {
      closeLive = deps.live(orderId, {
        onOrder: (order) => {
          if (stopped) return;
          failures = 0;
          deps.onOrder?.(order);
          watcher.onOrder(order);
        },
        onStatus: (open) => {
          if (stopped || open === streaming) return;
          streaming = open;
          if (open) {
            // Up: no more polls (a fetch under way may still answer; it schedules nothing).
            if (timer !== null) timers.clearTimeout(timer);
            timer = null;
          } else if (!controller) {
            // Down: poll again at once (a change may have been missed), then every 2.5 s until it is back.
            if (timer !== null) timers.clearTimeout(timer);
            timer = null;
            void tick();
          }
        },
      });
    }
    return stop;
  }

  return {
    watch,
    /** Stop polling an order (leaving the page). */
    stop(orderId: string): void {
      running.get(orderId)?.();
    },
    stopAll(): void {
      for (const stop of [...running.values()]) stop();
    },
    isPolling: (orderId: string) => running.has(orderId),
  };
}

export type PollLoop = ReturnType<typeof createPollLoop>;
