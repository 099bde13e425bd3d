// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderState } from '../../contract/orders';
import {
  createPollLoop,
  ORDER_POLL_MS,
  ORDER_RETRIES,
  ORDER_RETRY_DELAY_MS,
  type PollLoopDeps,
} from '../../src/features/orders/model/poll-loop';
import { evaluate, hasReached, newerCopy } from '../../src/features/orders/model/waits';
import type { Connectivity } from '../../src/lib/connectivity';
import { order } from './fixtures/orders';

/** A server whose answers are scripted one per fetch; the last answer repeats. */
function scripted(...answers: Array<Order | Error>) {
  const calls: number[] = [];
  const fetchOrder = vi.fn(async (_id: string, _signal: AbortSignal) => {
    calls.push(Date.now());
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetchOrder, calls };
}

function network(initial = true) {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return {
    connectivity,
    set(next: boolean) {
      online = next;
      for (const l of [...listeners]) l(next);
    },
    listeners,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waits (pay-flows.md §4)', () => {
  it.each(['COMPLETED', 'PROBLEM', 'CANCELLED'] as const)('waiting for completion ends on %s', (s) => {
    expect(evaluate({ kind: 'completion' }, order(s))).toBe('done');
  });
  it('waiting for completion fails on REJECTED', () => {
    expect(evaluate({ kind: 'completion' }, order('REJECTED'))).toBe('fail');
  });
  it.each([
    'CREATED',
    'PAYMENT_AUTHORIZED',
    'PRODUCT_PENDING',
    'PRODUCT_ACQUIRED',
    'READY_FOR_INVOICE',
    'FAILED',
  ] as const)('waiting for completion keeps waiting on %s', (s) => {
    expect(evaluate({ kind: 'completion' }, order(s))).toBe('wait');
  });
  it.each(['PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED'] as const)('other waits fail on %s', (s) => {
    expect(evaluate({ kind: 'state', state: 'PRODUCT_ACQUIRED' }, order(s))).toBe('fail');
  });
  it('a state wait ends when the state is reached', () => {
    expect(evaluate({ kind: 'state', state: 'PRODUCT_PENDING' }, order('PRODUCT_PENDING'))).toBe('done');
    expect(evaluate({ kind: 'state', state: 'PRODUCT_PENDING' }, order('PAYMENT_AUTHORIZED'))).toBe('wait');
  });
  it('a state wait ends when the order has passed through the state', () => {
    const passed = order('PRODUCT_ACQUIRED', ['CREATED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'PRODUCT_ACQUIRED']);
    expect(hasReached(passed, 'PRODUCT_PENDING')).toBe(true);
    expect(evaluate({ kind: 'state', state: 'PRODUCT_PENDING' }, passed)).toBe('done');
  });
  it('the cancel wait looks for a CANCELLED history entry', () => {
    expect(evaluate({ kind: 'cancelled' }, order('PAYMENT_AUTHORIZED'))).toBe('wait');
    expect(evaluate({ kind: 'cancelled' }, order('CANCELLED', ['CREATED', 'CANCELLED']))).toBe('done');
  });
});

/** Watch an order and collect what the loop reports. */
function watching(deps: PollLoopDeps, orderId = 'o1') {
  const loop = createPollLoop(deps);
  const seen: OrderState[] = [];
  const failures: unknown[] = [];
  const stop = loop.watch(orderId, {
    onOrder: (o) => seen.push(o.state),
    onLoadFailed: (error) => failures.push(error),
  });
  return { loop, seen, failures, stop };
}

describe('order poll loop (pay-flows.md §4 Polling)', () => {
  it('fetches at once, then every 2.5 s, reporting every order', async () => {
    const { fetchOrder, calls } = scripted(
      order('PAYMENT_AUTHORIZED'),
      order('PAYMENT_AUTHORIZED'),
      order('PRODUCT_PENDING'),
    );
    const { seen } = watching({ fetchOrder });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(calls).toEqual([0, 2500, 5000]);
    expect(seen).toEqual(['PAYMENT_AUTHORIZED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING']);
    expect(ORDER_POLL_MS).toBe(2500);
  });

  it('stops polling once stopped, also from inside its own report', async () => {
    const { fetchOrder } = scripted(order('COMPLETED'));
    const loop = createPollLoop({ fetchOrder });
    const stop = loop.watch('o1', { onOrder: () => stop(), onLoadFailed: () => {} });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    expect(loop.isPolling('o1')).toBe(false);
  });

  it('retries a failed load 3 times with 2 s delays, then reports the failure and stops', async () => {
    const { fetchOrder, calls } = scripted(new Error('500'));
    const { failures, loop } = watching({ fetchOrder });
    await vi.advanceTimersByTimeAsync(ORDER_RETRY_DELAY_MS * ORDER_RETRIES);
    expect(calls).toEqual([0, 2000, 4000, 6000]);
    expect(failures).toHaveLength(1);
    expect(loop.isPolling('o1')).toBe(false);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(calls).toHaveLength(4);
  });

  it('recovers when a retry succeeds and keeps polling', async () => {
    const { fetchOrder, calls } = scripted(new Error('500'), order('PRODUCT_PENDING'), order('COMPLETED'));
    const { seen, failures } = watching({ fetchOrder });
    await vi.advanceTimersByTimeAsync(ORDER_RETRY_DELAY_MS + ORDER_POLL_MS);
    expect(calls).toEqual([0, 2000, 4500]);
    expect(seen).toEqual(['PRODUCT_PENDING', 'COMPLETED']);
    expect(failures).toEqual([]);
  });

  it('a success resets the retry count', async () => {
    const boom = new Error('500');
    const { fetchOrder } = scripted(boom, boom, boom, order('PRODUCT_PENDING'), boom, boom, boom, order('COMPLETED'));
    const { seen, failures } = watching({ fetchOrder });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(failures).toEqual([]);
    expect(seen.slice(0, 2)).toEqual(['PRODUCT_PENDING', 'COMPLETED']);
  });

  it('offline pauses polling; online reloads the order at once and resumes', async () => {
    const net = network(true);
    const { fetchOrder, calls } = scripted(
      order('PRODUCT_PENDING'),
      order('PRODUCT_PENDING'),
      order('PRODUCT_ACQUIRED'),
    );
    const { seen } = watching({ fetchOrder, connectivity: net.connectivity });
    await vi.advanceTimersByTimeAsync(1000);
    net.set(false);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 10);
    expect(calls).toEqual([0]);
    net.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0, 26000]);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(seen).toEqual(['PRODUCT_PENDING', 'PRODUCT_PENDING', 'PRODUCT_ACQUIRED']);
  });

  it('a failure while offline does not count as a retry', async () => {
    const net = network(true);
    const boom = new Error('Failed to fetch');
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'), boom, boom, boom, boom, order('PRODUCT_ACQUIRED'));
    const { seen, failures } = watching({ fetchOrder, connectivity: net.connectivity });
    await vi.advanceTimersByTimeAsync(100);
    net.set(false);
    for (let i = 0; i < 4; i++) {
      // Each reconnect is answered by a failure while the device drops again at once.
      net.set(true);
      net.set(false);
      await vi.advanceTimersByTimeAsync(0);
    }
    net.set(true);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(failures).toEqual([]);
    expect(seen).toContain('PRODUCT_ACQUIRED');
  });

  it('network errors while the device says it is online keep polling every 2.5 s and never count as retries', async () => {
    const net = network(true);
    const lost = new Error('Failed to fetch');
    const { fetchOrder, calls } = scripted(
      order('PRODUCT_PENDING'),
      lost,
      lost,
      lost,
      lost,
      lost,
      lost,
      order('PRODUCT_ACQUIRED'),
    );
    const { seen, failures } = watching({ fetchOrder, connectivity: net.connectivity, isOffline: (e) => e === lost });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 7);
    expect(calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * ORDER_POLL_MS));
    expect(failures).toEqual([]);
    expect(seen.at(-1)).toBe('PRODUCT_ACQUIRED');
  });

  it('polls every 2.5 s even when the order suggests a longer interval', async () => {
    const { fetchOrder, calls } = scripted(
      { ...order('PRODUCT_PENDING'), pollIntervalMs: 10_000 },
      { ...order('PRODUCT_PENDING'), pollIntervalMs: 10_000 },
      order('PRODUCT_ACQUIRED'),
    );
    watching({ fetchOrder });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(calls).toEqual([0, ORDER_POLL_MS, ORDER_POLL_MS * 2]);
  });

  it('starting offline waits for the network before the first fetch', async () => {
    const net = network(false);
    const { fetchOrder } = scripted(order('COMPLETED'));
    const { seen } = watching({ fetchOrder, connectivity: net.connectivity });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchOrder).not.toHaveBeenCalled();
    net.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['COMPLETED']);
  });

  it('never runs two loops for one order: a new watch stops the old one', async () => {
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'));
    const loop = createPollLoop({ fetchOrder });
    const first: OrderState[] = [];
    const second: OrderState[] = [];
    loop.watch('o1', { onOrder: (o) => first.push(o.state), onLoadFailed: () => {} });
    await vi.advanceTimersByTimeAsync(100);
    loop.watch('o1', { onOrder: (o) => second.push(o.state), onLoadFailed: () => {} });
    fetchOrder.mockClear();
    const firstCount = first.length;
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    // One fetch per interval: only the second loop is running.
    expect(fetchOrder.mock.calls.length).toBe(4);
    expect(first.length).toBe(firstCount);
    expect(second.length).toBeGreaterThan(0);
    loop.stop('o1');
    expect(loop.isPolling('o1')).toBe(false);
  });

  it('leaving the page stops every loop', async () => {
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'));
    const { loop } = watching({ fetchOrder });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    loop.stopAll();
    fetchOrder.mockClear();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(fetchOrder).not.toHaveBeenCalled();
  });

  it('different orders poll independently', async () => {
    const fetchOrder = vi.fn(async (id: string) => ({ ...order('PRODUCT_PENDING'), _id: id }));
    const loop = createPollLoop({ fetchOrder });
    const stopA = loop.watch('a', { onOrder: () => {}, onLoadFailed: () => {} });
    loop.watch('b', { onOrder: () => {}, onLoadFailed: () => {} });
    stopA();
    expect(loop.isPolling('a')).toBe(false);
    expect(loop.isPolling('b')).toBe(true);
    loop.stopAll();
  });

  it('every fetched order also goes to onOrder of the loop (cache and kept receipt)', async () => {
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'), order('PRODUCT_ACQUIRED'));
    const all: OrderState[] = [];
    watching({ fetchOrder, onOrder: (o) => all.push(o.state) });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    expect(all).toEqual(['PRODUCT_PENDING', 'PRODUCT_ACQUIRED']);
  });
});

describe('newerCopy', () => {
  it('takes the copy with the longer state history, or whichever exists', () => {
    const pending = order('PRODUCT_PENDING', ['CREATED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING']);
    const acquired = order('PRODUCT_ACQUIRED', [
      'CREATED',
      'PAYMENT_AUTHORIZED',
      'PRODUCT_PENDING',
      'PRODUCT_ACQUIRED',
    ]);
    expect(newerCopy(pending, acquired)).toBe(acquired);
    expect(newerCopy(acquired, pending)).toBe(acquired);
    expect(newerCopy(undefined, acquired)).toBe(acquired);
    expect(newerCopy(pending, null)).toBe(pending);
    expect(newerCopy(undefined, undefined)).toBeNull();
  });
});
