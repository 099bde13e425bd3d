import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATES, type OrderState } from '../../contract/orders';
import {
  CANCEL_WAIT_MS,
  initialWaitState,
  isPolling,
  PLANS,
  type Plan,
  transition,
  type WaitEvent,
  type WaitState,
} from '../../src/features/orders/model/order-wait';
import { hasReached } from '../../src/features/orders/model/waits';
import { order } from './fixtures/orders';

const FLOW: OrderState[] = [
  'CREATED',
  'PAYMENT_AUTHORIZED',
  'PRODUCT_PENDING',
  'PRODUCT_ACQUIRED',
  'READY_FOR_INVOICE',
  'COMPLETED',
];

/** An order that went the normal way up to `state`. */
function upTo(state: OrderState) {
  const index = FLOW.indexOf(state);
  return order(state, index >= 0 ? FLOW.slice(0, index + 1) : ['CREATED', 'PAYMENT_AUTHORIZED', state]);
}

function run(plan: Plan, events: WaitEvent[], from: WaitState = initialWaitState): WaitState {
  return events.reduce((state, event) => transition(plan, state, event), from);
}

const polled = (state: OrderState): WaitEvent => ({ type: 'polled', order: upTo(state) });
const prepay = PLANS.prepayFueling;
const finish = PLANS.finish;

describe('prepay fueling (pay-flows.md §4 Prepay flow)', () => {
  it('waits for PRODUCT_PENDING while the payment is authorized', () => {
    expect(run(prepay, [polled('PAYMENT_AUTHORIZED')])).toEqual({ kind: 'waiting', step: 0, notice: null });
  });
  it('then waits for PRODUCT_ACQUIRED', () => {
    expect(run(prepay, [polled('PAYMENT_AUTHORIZED'), polled('PRODUCT_PENDING')])).toEqual({
      kind: 'waiting',
      step: 1,
      notice: null,
    });
  });
  it('then goes to /pay/finish with order type PREPAY', () => {
    expect(run(prepay, [polled('PRODUCT_PENDING'), polled('PRODUCT_ACQUIRED')])).toEqual({
      kind: 'left',
      exit: { to: 'finish', orderType: 'PREPAY' },
    });
  });
  it.each(['PRODUCT_ACQUIRED', 'READY_FOR_INVOICE', 'COMPLETED'] as const)(
    'if the product is already acquired (%s) it goes to finish at once',
    (state) => {
      expect(run(prepay, [polled(state)])).toEqual({ kind: 'left', exit: { to: 'finish', orderType: 'PREPAY' } });
    },
  );
  it.each(['PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED'] as const)(
    'a failure (%s) while waiting for PRODUCT_PENDING goes to error type payment',
    (state) => {
      expect(run(prepay, [polled('PAYMENT_AUTHORIZED'), polled(state)])).toEqual({
        kind: 'left',
        exit: { to: 'error', type: 'payment' },
      });
    },
  );
  it.each(['PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED'] as const)(
    'a failure (%s) while waiting for PRODUCT_ACQUIRED goes to error type fueling_prepay',
    (state) => {
      const failed = order(state, ['CREATED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', state]);
      expect(run(prepay, [polled('PRODUCT_PENDING'), { type: 'polled', order: failed }])).toEqual({
        kind: 'left',
        exit: { to: 'error', type: 'fueling_prepay' },
      });
    },
  );
  it('an order that cannot be loaded goes to error type fueling_prepay', () => {
    expect(run(prepay, [{ type: 'loadFailed', kept: false }])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'fueling_prepay' },
    });
  });
  it('polls while loading, waiting and confirming a cancel; not while the cancel call runs or after', () => {
    expect(isPolling({ kind: 'loading' })).toBe(true);
    expect(isPolling({ kind: 'waiting', step: 0, notice: null })).toBe(true);
    expect(isPolling({ kind: 'confirmingCancel', step: 1 })).toBe(true);
    expect(isPolling({ kind: 'cancelling', step: 1 })).toBe(false);
    expect(isPolling({ kind: 'settled' })).toBe(false);
    expect(isPolling({ kind: 'left', exit: { to: 'error', type: 'payment' } })).toBe(false);
  });
});

describe('prepay cancel (pay-flows.md §4: confirm, send cancel, wait for CANCELLED, go to /pay/cancel)', () => {
  const waiting = run(prepay, [polled('PRODUCT_PENDING')]);
  const cancelling = transition(prepay, waiting, { type: 'cancelRequested' });

  it('the driver asks to cancel: the call goes out and polling pauses', () => {
    expect(cancelling).toEqual({ kind: 'cancelling', step: 1 });
  });
  it('an order polled meanwhile does not overtake the cancel answer', () => {
    expect(transition(prepay, cancelling, polled('PRODUCT_ACQUIRED'))).toBe(cancelling);
  });
  it('a CANCELLED answer goes to /pay/cancel with CANCELLED_PREPAY', () => {
    const answer = order('CANCELLED', ['CREATED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'CANCELLED']);
    expect(transition(prepay, cancelling, { type: 'cancelAnswered', order: answer })).toEqual({
      kind: 'left',
      exit: { to: 'cancel', state: 'CANCELLED_PREPAY' },
    });
  });
  it('cancelling while fuel flows hangs up: the dispensed amount is invoiced and the receipt follows', () => {
    expect(transition(prepay, cancelling, { type: 'cancelAnswered', order: upTo('PRODUCT_ACQUIRED') })).toEqual({
      kind: 'left',
      exit: { to: 'finish', orderType: 'PREPAY' },
    });
  });
  it('an accepted cancel waits for the CANCELLED entry', () => {
    const confirming = transition(prepay, cancelling, { type: 'cancelAnswered', order: upTo('PRODUCT_PENDING') });
    expect(confirming).toEqual({ kind: 'confirmingCancel', step: 1 });
    expect(transition(prepay, confirming, polled('PRODUCT_PENDING'))).toEqual(confirming);
    const cancelled = order('CANCELLED', ['PRODUCT_PENDING', 'CANCELLED']);
    expect(transition(prepay, confirming, { type: 'polled', order: cancelled })).toEqual({
      kind: 'left',
      exit: { to: 'cancel', state: 'CANCELLED_PREPAY' },
    });
    expect(transition(prepay, confirming, polled('PRODUCT_ACQUIRED'))).toEqual({
      kind: 'left',
      exit: { to: 'finish', orderType: 'PREPAY' },
    });
  });
  it(`no CANCELLED entry within ${CANCEL_WAIT_MS / 1000} s: the cancel-failure dialog, and fueling is waited for again`, () => {
    const confirming = transition(prepay, cancelling, { type: 'cancelAnswered', order: upTo('PRODUCT_PENDING') });
    expect(transition(prepay, confirming, { type: 'cancelTimedOut' })).toEqual({
      kind: 'waiting',
      step: 1,
      notice: 'cancelFailed',
    });
    expect(CANCEL_WAIT_MS).toBe(30_000);
  });
  it('a cancel call failing with an API error shows the cancel-failure dialog and keeps waiting for fueling', () => {
    expect(transition(prepay, cancelling, { type: 'cancelRefused' })).toEqual({
      kind: 'waiting',
      step: 1,
      notice: 'cancelFailed',
    });
  });
  it('a cancel without signal waits in the outbox: the page says so, keeps waiting, and offers no second cancel', () => {
    const queued = transition(prepay, cancelling, { type: 'cancelQueued' });
    expect(queued).toEqual({ kind: 'waiting', step: 1, notice: 'cancelQueued' });
    expect(transition(prepay, queued, polled('PRODUCT_PENDING'))).toEqual(queued);
    expect(transition(prepay, queued, { type: 'cancelRequested' })).toBe(queued);
    expect(transition(prepay, queued, { type: 'noticeDismissed' })).toBe(queued);
  });
  it('once the queued cancel went out and the order shows CANCELLED, the page leaves for the cancel page', () => {
    const queued = transition(prepay, cancelling, { type: 'cancelQueued' });
    expect(transition(prepay, queued, polled('CANCELLED'))).toEqual({
      kind: 'left',
      exit: { to: 'cancel', state: 'CANCELLED_PREPAY' },
    });
  });
  it('if the queued cancel came too late and the fill went on, the flow goes on to the receipt', () => {
    const queued = transition(prepay, cancelling, { type: 'cancelQueued' });
    expect(transition(prepay, queued, polled('PRODUCT_ACQUIRED'))).toEqual({
      kind: 'left',
      exit: { to: 'finish', orderType: 'PREPAY' },
    });
  });
  it('nothing to cancel before the order is loaded', () => {
    expect(transition(prepay, initialWaitState, { type: 'cancelRequested' })).toEqual(initialWaitState);
  });
  it('a timer or answer that comes late changes nothing', () => {
    expect(transition(prepay, waiting, { type: 'cancelTimedOut' })).toBe(waiting);
    expect(transition(prepay, waiting, { type: 'cancelAnswered', order: upTo('PRODUCT_PENDING') })).toBe(waiting);
    expect(transition(prepay, waiting, { type: 'cancelRefused' })).toBe(waiting);
  });
});

describe('finish (pay-flows.md §4 Finish)', () => {
  it('waits for acquisition, then completion, then stays on the receipt', () => {
    const acquired = run(finish, [polled('PAYMENT_AUTHORIZED'), polled('PRODUCT_ACQUIRED')]);
    expect(acquired).toEqual({ kind: 'waiting', step: 1, notice: null });
    expect(transition(finish, acquired, polled('READY_FOR_INVOICE'))).toEqual(acquired);
    expect(transition(finish, acquired, polled('COMPLETED'))).toEqual({ kind: 'settled' });
  });
  it.each(['PROBLEM', 'CANCELLED'] as const)('completion ends on %s too', (state) => {
    const acquired = run(finish, [polled('PRODUCT_ACQUIRED')]);
    const ended = order(state, ['PRODUCT_PENDING', 'PRODUCT_ACQUIRED', state]);
    expect(transition(finish, acquired, { type: 'polled', order: ended })).toEqual({ kind: 'settled' });
  });
  it('completion fails on REJECTED: error type payment', () => {
    const acquired = run(finish, [polled('PRODUCT_ACQUIRED')]);
    const rejected = order('REJECTED', ['PRODUCT_ACQUIRED', 'REJECTED']);
    expect(transition(finish, acquired, { type: 'polled', order: rejected })).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'payment' },
    });
  });
  it('a failure before acquisition goes to error type payment', () => {
    expect(run(finish, [polled('PAYMENT_AUTHORIZED'), polled('FAILED')])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'payment' },
    });
  });
  it('an order that cannot be loaded shows the receipt kept on the device, else the payment error', () => {
    expect(run(finish, [{ type: 'loadFailed', kept: true }])).toEqual({ kind: 'settled' });
    expect(run(finish, [{ type: 'loadFailed', kept: false }])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'payment' },
    });
  });
  it('offers no cancel', () => {
    const waiting = run(finish, [polled('PAYMENT_AUTHORIZED')]);
    expect(transition(finish, waiting, { type: 'cancelRequested' })).toBe(waiting);
  });
});

describe('any sequence of events (property)', () => {
  const stateArb = fc.constantFrom(...ORDER_STATES);
  const eventArb: fc.Arbitrary<WaitEvent> = fc.oneof(
    stateArb.map((s) => polled(s)),
    fc.boolean().map((kept) => ({ type: 'loadFailed', kept }) as const),
    fc.constantFrom<WaitEvent>(
      { type: 'cancelRequested' },
      { type: 'cancelRefused' },
      { type: 'cancelQueued' },
      { type: 'cancelTimedOut' },
      { type: 'noticeDismissed' },
    ),
    stateArb.map((s) => ({ type: 'cancelAnswered', order: upTo(s) }) as const),
  );

  it('a page that has left or settled never moves again', () => {
    fc.assert(
      fc.property(fc.constantFrom<Plan>(prepay, finish), fc.array(eventArb, { maxLength: 40 }), (plan, events) => {
        let state: WaitState = initialWaitState;
        let ended: WaitState | null = null;
        for (const event of events) {
          state = transition(plan, state, event);
          if (ended) expect(state).toBe(ended);
          else if (state.kind === 'left' || state.kind === 'settled') ended = state;
        }
      }),
    );
  });

  it('prepay fueling reaches the receipt only with an order that reached PRODUCT_ACQUIRED', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        let state: WaitState = initialWaitState;
        let acquiredSeen = false;
        for (const event of events) {
          state = transition(prepay, state, event);
          if (
            (event.type === 'polled' || event.type === 'cancelAnswered') &&
            hasReached(event.order, 'PRODUCT_ACQUIRED')
          )
            acquiredSeen = true;
          if (state.kind === 'left' && state.exit.to === 'finish') expect(acquiredSeen).toBe(true);
        }
      }),
    );
  });
});
