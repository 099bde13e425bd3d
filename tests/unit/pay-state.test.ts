// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_TTL_MS,
  attemptFor,
  attemptForOrder,
  authorizeKeyFor,
  type Selection,
} from '../../src/features/checkout/model/attempt';
import { cancelPageFor } from '../../src/features/orders/model/cancel-page';

const selection: Selection = {
  pid: 's',
  productId: 'p',
  fuelTypeId: 'SUPER_E5',
  amount: 3000,
  currency: 'EUR',
  precision: 2,
};

function keys() {
  let n = 0;
  return () => `k${++n}`;
}

describe('idempotency keys per payment attempt', () => {
  it('a new attempt gets a fresh create key and no authorize key yet', () => {
    const attempt = attemptFor(null, selection, 1000, keys());
    expect(attempt).toEqual({ selection, createKey: 'k1', authorizeKeys: {}, orderId: null, createdAt: 1000 });
  });
  it('one authorize key per card: the same card replays, another card is another request', () => {
    const next = keys();
    const first = authorizeKeyFor(attemptFor(null, selection, 1000, next), 'visa', next);
    expect(first.key).toBe('k2');
    const again = authorizeKeyFor(first.attempt, 'visa', next);
    expect(again).toEqual({ attempt: first.attempt, key: 'k2' });
    const other = authorizeKeyFor(again.attempt, 'mastercard', next);
    expect(other.key).toBe('k3');
    expect(other.attempt.authorizeKeys).toEqual({ visa: 'k2', mastercard: 'k3' });
    expect(other.attempt.createKey).toBe('k1');
  });
  it('an attempt whose order has ended is spent: the same selection starts anew', () => {
    const stored = { ...attemptFor(null, selection, 1000, keys()), orderId: 'o1' };
    const next = attemptFor(stored, selection, 2000, () => 'fresh', true);
    expect(next).toEqual({ selection, createKey: 'fresh', authorizeKeys: {}, orderId: null, createdAt: 2000 });
  });
  it('an attempt stored by an older version (one authorize key) is not reused', () => {
    const legacy = { selection, createKey: 'a', authorizeKey: 'b', orderId: 'o1', createdAt: 1000 };
    const next = attemptFor(legacy as never, selection, 2000, () => 'fresh');
    expect(next.createKey).toBe('fresh');
  });
  it('the same selection reuses the stored attempt (a retry or a reload after a lost answer)', () => {
    const stored = { ...attemptFor(null, selection, 1000, keys()), orderId: 'o1' };
    expect(attemptFor(stored, { ...selection }, 5000, keys())).toEqual(stored);
  });
  it.each([
    ['pump', { productId: 'p2' }],
    ['fuel', { fuelTypeId: 'DIESEL' }],
    ['amount', { amount: 5000 }],
    ['currency', { currency: 'CHF' }],
    ['station', { pid: 's2' }],
  ])('another %s starts a new attempt', (_what, change) => {
    const stored = attemptFor(null, selection, 1000, keys());
    const next = attemptFor(stored, { ...selection, ...change }, 2000, () => 'fresh');
    expect(next.createKey).toBe('fresh');
    expect(next.orderId).toBeNull();
  });
  it('an old attempt is not reused', () => {
    const stored = attemptFor(null, selection, 0, keys());
    expect(attemptFor(stored, selection, ATTEMPT_TTL_MS, () => 'fresh').createKey).toBe('fresh');
  });
});

describe('idempotency keys of paying an order that exists (postpay, wash)', () => {
  it('a new attempt for the order has nothing to create and no authorize key yet', () => {
    expect(attemptForOrder(null, 'o1', 1000)).toEqual({
      selection: null,
      createKey: null,
      authorizeKeys: {},
      orderId: 'o1',
      createdAt: 1000,
    });
  });
  it('the same order reuses its attempt (pressing pay again, a reload): its keys replay', () => {
    const stored = authorizeKeyFor(attemptForOrder(null, 'o1', 1000), 'visa', () => 'k1').attempt;
    expect(attemptForOrder(stored, 'o1', 5000)).toBe(stored);
  });
  it('another order, or an old attempt, starts anew', () => {
    const stored = authorizeKeyFor(attemptForOrder(null, 'o1', 0), 'visa', () => 'k1').attempt;
    expect(attemptForOrder(stored, 'o2', 10).authorizeKeys).toEqual({});
    expect(attemptForOrder(stored, 'o1', ATTEMPT_TTL_MS).authorizeKeys).toEqual({});
  });
  it('a prepay attempt is not replayed for a selection once the stored one pays an existing order', () => {
    const priced = attemptForOrder(null, 'o1', 1000);
    expect(attemptFor(priced, selection, 2000, () => 'fresh').createKey).toBe('fresh');
  });
});

describe('cancel page (pay-flows.md §4)', () => {
  it.each([
    ['CANCELLED_PREPAY', 'info', true],
    ['CANCELLED_POSTPAY', 'info', true],
    ['API_ERROR_PREPAY', 'nozzle', false],
    ['API_ERROR_POSTPAY', 'nozzle', true],
  ] as const)('%s: %s icon, pay state reset %s', (state, icon, reset) => {
    expect(cancelPageFor(state)).toEqual({ state, icon, resetPayState: reset });
  });
  it('an unknown state shows the API error of prepay', () => {
    expect(cancelPageFor('nonsense').state).toBe('API_ERROR_PREPAY');
    expect(cancelPageFor(undefined).state).toBe('API_ERROR_PREPAY');
  });
});
