import { describe, expect, it } from 'vitest';
import { ATTEMPT_TTL_MS, attemptFor, type Selection } from '../../src/domain/orders/attempt';
import { cancelPageFor } from '../../src/domain/orders/cancel-page';

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

describe('one idempotency key pair per payment attempt', () => {
  it('a new attempt gets fresh keys for create and authorize', () => {
    const attempt = attemptFor(null, selection, 1000, keys());
    expect(attempt).toEqual({ selection, createKey: 'k1', authorizeKey: 'k2', orderId: null, createdAt: 1000 });
  });
  it('the same selection reuses the stored attempt (a retry or a reload after a lost answer)', () => {
    const stored = { ...attemptFor(null, selection, 1000, keys()), orderId: 'o1' };
    expect(attemptFor(stored, { ...selection }, 5000, keys())).toBe(stored);
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
