import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderState } from '../../src/contract/orders';
import {
  CANCEL_WAIT_MS,
  type Connectivity,
  createOrderPoller,
  isSilent,
  ORDER_POLL_MS,
  ORDER_RETRIES,
  ORDER_RETRY_DELAY_MS,
  OrderFlowError,
} from '../../src/features/orders/model/order-poller';
import { evaluate, hasReached, newerCopy } from '../../src/features/orders/model/waits';

function order(state: OrderState, history: OrderState[] = [state]): Order {
  return {
    _id: 'o1',
    state,
    type: 'MANUAL',
    orderType: 'PREPAY',
    poiId: 's1',
    thingId: null,
    stateHistory: history.map((s) => ({ state: s, createdAt: '2026-11-21T10:00:00Z' })),
    authorizePrice: null,
    totalBeforeDiscounts: null,
    totalAfterDiscounts: null,
    loyaltyItems: [],
    vouchers: [],
    products: [],
    error: null,
    userInteraction: null,
    payment: null,
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
  };
}

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

describe('order poller', () => {
  it('fetches every 2.5 s until the wait is satisfied', async () => {
    const { fetchOrder, calls } = scripted(
      order('PAYMENT_AUTHORIZED'),
      order('PAYMENT_AUTHORIZED'),
      order('PRODUCT_PENDING'),
    );
    const poller = createOrderPoller({ fetchOrder });
    const result = poller.waitFor('o1', { kind: 'state', state: 'PRODUCT_PENDING' });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    await expect(result).resolves.toMatchObject({ state: 'PRODUCT_PENDING' });
    expect(calls).toEqual([0, 2500, 5000]);
    expect(ORDER_POLL_MS).toBe(2500);
  });

  it('stops polling once done', async () => {
    const { fetchOrder } = scripted(order('COMPLETED'));
    const poller = createOrderPoller({ fetchOrder });
    await expect(poller.waitFor('o1', { kind: 'completion' })).resolves.toMatchObject({ state: 'COMPLETED' });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    expect(poller.isPolling('o1')).toBe(false);
  });

  it.each(['PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED'] as const)(
    'a state wait rejects with ORDER_FAILED on %s',
    async (s) => {
      const { fetchOrder } = scripted(order('PAYMENT_AUTHORIZED'), order(s));
      const poller = createOrderPoller({ fetchOrder });
      const result = poller.waitFor('o1', { kind: 'state', state: 'PRODUCT_ACQUIRED' });
      const settled = expect(result).rejects.toMatchObject({ code: 'ORDER_FAILED', order: { state: s } });
      await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
      await settled;
    },
  );

  it('the completion wait rejects on REJECTED and resolves on PROBLEM', async () => {
    const rejected = createOrderPoller(scripted(order('REJECTED'))).waitFor('o1', { kind: 'completion' });
    await expect(rejected).rejects.toMatchObject({ code: 'ORDER_FAILED' });
    const problem = createOrderPoller(scripted(order('PROBLEM'))).waitFor('o1', { kind: 'completion' });
    await expect(problem).resolves.toMatchObject({ state: 'PROBLEM' });
  });

  it('retries a failed load 3 times with 2 s delays, then fails', async () => {
    const { fetchOrder, calls } = scripted(new Error('500'));
    const poller = createOrderPoller({ fetchOrder });
    const result = poller.waitFor('o1', { kind: 'completion' });
    const settled = expect(result).rejects.toMatchObject({ code: 'ORDER_LOAD_FAILED' });
    await vi.advanceTimersByTimeAsync(ORDER_RETRY_DELAY_MS * ORDER_RETRIES);
    await settled;
    expect(calls).toEqual([0, 2000, 4000, 6000]);
  });

  it('recovers when a retry succeeds and keeps polling', async () => {
    const { fetchOrder, calls } = scripted(new Error('500'), order('PRODUCT_PENDING'), order('COMPLETED'));
    const poller = createOrderPoller({ fetchOrder });
    const result = poller.waitFor('o1', { kind: 'completion' });
    await vi.advanceTimersByTimeAsync(ORDER_RETRY_DELAY_MS + ORDER_POLL_MS);
    await expect(result).resolves.toMatchObject({ state: 'COMPLETED' });
    expect(calls).toEqual([0, 2000, 4500]);
  });

  it('the cancel wait gives up after 30 s with ORDER_CANCELED_API_ERROR', async () => {
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'));
    const poller = createOrderPoller({ fetchOrder });
    const result = poller.waitFor('o1', { kind: 'cancelled' });
    const settled = expect(result).rejects.toMatchObject({ code: 'ORDER_CANCELED_API_ERROR' });
    await vi.advanceTimersByTimeAsync(CANCEL_WAIT_MS - 1);
    expect(poller.isPolling('o1')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(CANCEL_WAIT_MS).toBe(30_000);
  });

  it('the cancel wait ends on a CANCELLED entry within 30 s', async () => {
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'), order('CANCELLED', ['PRODUCT_PENDING', 'CANCELLED']));
    const result = createOrderPoller({ fetchOrder }).waitFor('o1', { kind: 'cancelled' });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await expect(result).resolves.toMatchObject({ state: 'CANCELLED' });
  });

  it('offline pauses polling; online reloads the order at once and resumes', async () => {
    const net = network(true);
    const { fetchOrder, calls } = scripted(
      order('PRODUCT_PENDING'),
      order('PRODUCT_PENDING'),
      order('PRODUCT_ACQUIRED'),
    );
    const poller = createOrderPoller({ fetchOrder, connectivity: net.connectivity });
    const result = poller.waitFor('o1', { kind: 'state', state: 'PRODUCT_ACQUIRED' });
    await vi.advanceTimersByTimeAsync(1000);
    net.set(false);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 10);
    expect(calls).toEqual([0]);
    net.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0, 26000]);
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    await expect(result).resolves.toMatchObject({ state: 'PRODUCT_ACQUIRED' });
  });

  it('a failure while offline does not count as a retry', async () => {
    const net = network(true);
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'), new Error('Failed to fetch'), order('PRODUCT_ACQUIRED'));
    const poller = createOrderPoller({ fetchOrder, connectivity: net.connectivity, isOffline: () => true });
    const result = poller.waitFor('o1', { kind: 'state', state: 'PRODUCT_ACQUIRED' });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    net.set(false);
    net.set(true);
    await vi.advanceTimersByTimeAsync(0);
    await expect(result).resolves.toMatchObject({ state: 'PRODUCT_ACQUIRED' });
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
    const poller = createOrderPoller({
      fetchOrder,
      connectivity: net.connectivity,
      isOffline: (error) => error === lost,
    });
    const result = poller.waitFor('o1', { kind: 'state', state: 'PRODUCT_ACQUIRED' });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 7);
    expect(calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * ORDER_POLL_MS));
    await expect(result).resolves.toMatchObject({ state: 'PRODUCT_ACQUIRED' });
  });

  it('polls every 2.5 s even when the order suggests a longer interval', async () => {
    const { fetchOrder, calls } = scripted(
      { ...order('PRODUCT_PENDING'), pollIntervalMs: 10_000 },
      { ...order('PRODUCT_PENDING'), pollIntervalMs: 10_000 },
      order('PRODUCT_ACQUIRED'),
    );
    const result = createOrderPoller({ fetchOrder }).waitFor('o1', { kind: 'state', state: 'PRODUCT_ACQUIRED' });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2);
    expect(calls).toEqual([0, ORDER_POLL_MS, ORDER_POLL_MS * 2]);
    await expect(result).resolves.toMatchObject({ state: 'PRODUCT_ACQUIRED' });
  });

  it('starting offline waits for the network before the first fetch', async () => {
    const net = network(false);
    const { fetchOrder } = scripted(order('COMPLETED'));
    const result = createOrderPoller({ fetchOrder, connectivity: net.connectivity }).waitFor('o1', {
      kind: 'completion',
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchOrder).not.toHaveBeenCalled();
    net.set(true);
    await expect(result).resolves.toMatchObject({ state: 'COMPLETED' });
  });

  it('never runs two pollers for one order: a new wait stops the old one silently', async () => {
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'));
    const poller = createOrderPoller({ fetchOrder });
    const first = poller.waitFor('o1', { kind: 'completion' });
    const firstSettled = first.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    const second = poller.waitFor('o1', { kind: 'completion' });
    const error = await firstSettled;
    expect(error).toBeInstanceOf(OrderFlowError);
    expect(isSilent(error)).toBe(true);
    fetchOrder.mockClear();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    // One fetch per interval: only the second poller is running.
    expect(fetchOrder.mock.calls.length).toBe(4);
    poller.stop('o1');
    await expect(second).rejects.toMatchObject({ code: 'ORDER_CANCELED' });
  });

  it('leaving the page stops polling with the silent ORDER_CANCELED', async () => {
    const { fetchOrder } = scripted(order('PRODUCT_PENDING'));
    const poller = createOrderPoller({ fetchOrder });
    const result = poller.waitFor('o1', { kind: 'completion' });
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    poller.stopAll();
    await expect(result).rejects.toSatisfy(isSilent);
    fetchOrder.mockClear();
    await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 4);
    expect(fetchOrder).not.toHaveBeenCalled();
  });

  it('different orders poll independently', async () => {
    const fetchOrder = vi.fn(async (id: string) => ({
      ...order(id === 'a' ? 'COMPLETED' : 'PRODUCT_PENDING'),
      _id: id,
    }));
    const poller = createOrderPoller({ fetchOrder });
    const a = poller.waitFor('a', { kind: 'completion' });
    const b = poller.waitFor('b', { kind: 'completion' });
    await expect(a).resolves.toMatchObject({ _id: 'a' });
    expect(poller.isPolling('b')).toBe(true);
    poller.stop('b');
    await expect(b).rejects.toSatisfy(isSilent);
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
