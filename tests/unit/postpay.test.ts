// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The postpay pages' order waits (pay-flows.md §4 Postpay flow), as plans of the order-wait reducer.
import { describe, expect, it } from 'vitest';
import type { Order, OrderState } from '../../contract/orders';
import {
  hasExpired,
  initialWaitState,
  PLANS,
  type Plan,
  transition,
  type WaitEvent,
  type WaitState,
} from '../../src/features/orders/model/order-wait';
import { order } from './fixtures/orders';

const run = (plan: Plan, events: WaitEvent[], from: WaitState = initialWaitState): WaitState =>
  events.reduce((s, e) => transition(plan, s, e), from);
const polled = (o: Order): WaitEvent => ({ type: 'polled', order: o });
const FUELLED: OrderState[] = ['CREATED', 'PRODUCT_PENDING', 'PRODUCT_SUPPLYING', 'PAYMENT_PENDING'];
const expired = (): Order => ({
  ...order('FAILED', [...FUELLED, 'FAILED']),
  error: { message: 'The order expired: it was not paid in time' },
});

describe('postpay fueling: "wait for PAYMENT_PENDING, then go to /pay/postpay/summary with type POSTPAY"', () => {
  const plan = PLANS.postpayFueling;
  it('waits while the pump is released and while fuel flows', () => {
    expect(run(plan, [polled(order('PRODUCT_PENDING', ['CREATED', 'PRODUCT_PENDING']))])).toMatchObject({
      kind: 'waiting',
    });
    expect(run(plan, [polled(order('PRODUCT_SUPPLYING', FUELLED.slice(0, 3)))])).toMatchObject({ kind: 'waiting' });
  });
  it('goes to the summary once the order waits for payment', () => {
    expect(run(plan, [polled(order('PAYMENT_PENDING', FUELLED))])).toEqual({
      kind: 'left',
      exit: { to: 'summary', kind: 'postpay' },
    });
  });
  it('"Errors go to /error with type fueling_postpay" (a failed order, or one that cannot be loaded)', () => {
    expect(run(plan, [polled(order('PROBLEM', ['CREATED', 'PRODUCT_PENDING', 'PROBLEM']))])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'fueling_postpay' },
    });
    expect(run(plan, [{ type: 'loadFailed', kept: false }])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'fueling_postpay' },
    });
  });
  it('"Cancel goes to /pay/cancel with CANCELLED_POSTPAY"', () => {
    const waiting = run(plan, [polled(order('PRODUCT_PENDING', ['CREATED', 'PRODUCT_PENDING']))]);
    const cancelled = order('CANCELLED', ['CREATED', 'PRODUCT_PENDING', 'CANCELLED']);
    expect(run(plan, [{ type: 'cancelRequested' }, { type: 'cancelAnswered', order: cancelled }], waiting)).toEqual({
      kind: 'left',
      exit: { to: 'cancel', state: 'CANCELLED_POSTPAY' },
    });
  });
  it('"… or API_ERROR_POSTPAY on an API error" (no cancel-failure dialog as for prepay)', () => {
    const waiting = run(plan, [polled(order('PRODUCT_PENDING', ['CREATED', 'PRODUCT_PENDING']))]);
    expect(run(plan, [{ type: 'cancelRequested' }, { type: 'cancelRefused' }], waiting)).toEqual({
      kind: 'left',
      exit: { to: 'cancel', state: 'API_ERROR_POSTPAY' },
    });
    // Without signal nothing was refused: the cancel waits in the outbox and the driver stays.
    expect(run(plan, [{ type: 'cancelRequested' }, { type: 'cancelQueued' }], waiting)).toMatchObject({
      kind: 'waiting',
      notice: 'cancelQueued',
    });
  });
  it('a cancel while fuel flows hangs up: the order waits for payment and the summary follows', () => {
    const waiting = run(plan, [polled(order('PRODUCT_SUPPLYING', FUELLED.slice(0, 3)))]);
    expect(
      run(
        plan,
        [{ type: 'cancelRequested' }, { type: 'cancelAnswered', order: order('PAYMENT_PENDING', FUELLED) }],
        waiting,
      ),
    ).toMatchObject({ kind: 'confirmingCancel' });
    expect(
      run(
        plan,
        [
          { type: 'cancelRequested' },
          { type: 'cancelAnswered', order: order('PAYMENT_PENDING', FUELLED) },
          polled(order('PAYMENT_PENDING', FUELLED)),
        ],
        waiting,
      ),
    ).toEqual({ kind: 'left', exit: { to: 'summary', kind: 'postpay' } });
  });
});

describe('postpay summary', () => {
  const plan = PLANS.postpaySummary;
  it('"if the order is FAILED and its message contains expired, show the expired-order error"', () => {
    expect(run(plan, [polled(order('PAYMENT_PENDING', FUELLED)), polled(expired())])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'fueling_postpay_order' },
    });
  });
  it('another failure (a declined card) goes to /error type payment', () => {
    const declined = { ...order('FAILED', [...FUELLED, 'FAILED']), error: { message: 'Payment declined' } };
    expect(run(plan, [polled(declined)])).toEqual({ kind: 'left', exit: { to: 'error', type: 'payment' } });
  });
  it('paid (here or from another tab) goes to the receipt with type POSTPAY', () => {
    const paid = order('PRODUCT_ACQUIRED', [...FUELLED, 'PAYMENT_AUTHORIZED', 'PRODUCT_ACQUIRED']);
    expect(run(plan, [polled(paid)])).toEqual({ kind: 'left', exit: { to: 'finish', orderType: 'POSTPAY' } });
  });
  it('"load failure: fueling_postpay"', () => {
    expect(run(plan, [{ type: 'loadFailed', kept: false }])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'fueling_postpay' },
    });
  });
  it('expired means FAILED with "expired" in its message, nothing else', () => {
    expect(hasExpired(expired())).toBe(true);
    expect(hasExpired({ ...expired(), state: 'CANCELLED' })).toBe(false);
    expect(hasExpired({ ...order('FAILED'), error: { message: 'Payment declined' } })).toBe(false);
  });
});
