// Waiting on an order as data (pay-flows.md §4 Polling, Prepay flow, Finish, Cancel page): a plan per page says which
// states to wait for and where each failure leads; `transition(plan, state, event)` is the whole rule. The poll loop,
// the cancel call and the 30 s cancel timer live outside (features/orders/use-order-wait.ts) and only send events.
import type { Order } from '../../../../contract/orders';
import type { CancelState } from './cancel-page';
import type { OrderType } from './search';
import { evaluate, hasReached, type Wait } from './waits';

/** pay-flows.md §9: "Cancel wait 30 s". */
export const CANCEL_WAIT_MS = 30_000;

/** Error page types an order wait can end on (pay-flows.md §8); 'generic' is the page without a type. */
export type WaitErrorType = 'payment' | 'fueling_prepay' | 'fueling_postpay' | 'fueling_postpay_order' | 'generic';

export type Step = {
  until: Wait;
  failTo: WaitErrorType;
  /** Where an order that failed because it expired goes instead (FAILED, its message contains "expired"). */
  expiredTo?: WaitErrorType;
  /** Where a CANCELLED order goes instead of the error page (EV: "A cancelled order goes to /pay"). */
  cancelledExit?: FlowExit;
};

export type Plan = {
  steps: readonly Step[];
  /** Where the page goes once every step is done; null: it stays and shows the result (the receipt). */
  done: FlowExit | null;
  /** The order could not be loaded after the retries. */
  loadFailedTo: WaitErrorType;
  /** The cancel page state of a successful cancel; absent: the page offers no cancel. */
  cancelledTo?: CancelState;
  /** The cancel page state when the cancel call fails with an API error; absent: the cancel-failure dialog. */
  cancelFailedTo?: CancelState;
};

/** The next step of a flow once its order waits for payment. */
export type SummaryKind = 'wash' | 'postpay';

export type FlowExit =
  | { to: 'finish'; orderType: OrderType }
  | { to: 'summary'; kind: SummaryKind }
  | { to: 'cancel'; state: CancelState }
  /** The EV receipt (/pay/ev/finish). */
  | { to: 'evFinish' }
  /** Back to the station's pump selection (/pay). */
  | { to: 'pay' }
  | { to: 'error'; type: WaitErrorType };

/** Why the driver's cancel did not happen (shown on the waiting page, which keeps waiting). */
export type CancelNotice =
  /** The cancel call failed with an API error, or no CANCELLED entry came within 30 s: the cancel-failure dialog. */
  | 'cancelFailed'
  /**
   * No signal: not an API error (pay-flows.md §8). The cancel waits in the outbox and goes out by itself when the signal
   * returns (also after a restart, issue 10 §11); the page keeps waiting and leaves for the cancel page once the order
   * shows CANCELLED. A second cancel is not offered meanwhile.
   */
  | 'cancelQueued';

export type WaitState =
  /** No order seen yet. */
  | { kind: 'loading' }
  /** Polling until steps[step] is done. */
  | { kind: 'waiting'; step: number; notice: CancelNotice | null }
  /** The cancel call is on its way; polling pauses (REQUEST_CANCEL_ORDER). */
  | { kind: 'cancelling'; step: number }
  /** The cancel was accepted; polling for the CANCELLED entry, at most 30 s. */
  | { kind: 'confirmingCancel'; step: number }
  /** Every step is done and the page stays, or the order cannot be loaded but a copy is kept on the device. */
  | { kind: 'settled' }
  /** The page leaves. */
  | { kind: 'left'; exit: FlowExit };

export type WaitEvent =
  | { type: 'polled'; order: Order }
  | { type: 'loadFailed'; kept: boolean }
  | { type: 'cancelRequested' }
  | { type: 'cancelAnswered'; order: Order }
  | { type: 'cancelRefused' }
  | { type: 'cancelQueued' }
  | { type: 'cancelTimedOut' }
  | { type: 'noticeDismissed' };

export const initialWaitState: WaitState = { kind: 'loading' };

/** The flows of the pay area, as plans. */
export const PLANS = {
  /**
   * "Prepay fueling: … If the product is already acquired go to finish. If payment is authorized but the product not
   *  pending, wait for PRODUCT_PENDING (failure goes to error type payment). Then wait for PRODUCT_ACQUIRED and go to
   *  /pay/finish with order type PREPAY. Failures go to /error with type fueling_prepay."
   */
  prepayFueling: {
    steps: [
      { until: { kind: 'state', state: 'PRODUCT_PENDING' }, failTo: 'payment' },
      { until: { kind: 'state', state: 'PRODUCT_ACQUIRED' }, failTo: 'fueling_prepay' },
    ],
    done: { to: 'finish', orderType: 'PREPAY' },
    loadFailedTo: 'fueling_prepay',
    cancelledTo: 'CANCELLED_PREPAY',
  },
  /** "If payment is authorized but the product not acquired, wait for acquisition, then completion. Failure goes to
   *  /error type payment." */
  finish: {
    steps: [
      { until: { kind: 'state', state: 'PRODUCT_ACQUIRED' }, failTo: 'payment' },
      { until: { kind: 'completion' }, failTo: 'payment' },
    ],
    done: null,
    loadFailedTo: 'payment',
  },
  /**
   * "Postpay flow: … With no order id, an order is created automatically and its id put in the query; otherwise it is
   *  loaded. Wait for PAYMENT_PENDING, then go to /pay/postpay/summary with type POSTPAY. Cancel goes to /pay/cancel
   *  with CANCELLED_POSTPAY, or API_ERROR_POSTPAY on an API error. Errors go to /error with type fueling_postpay."
   */
  postpayFueling: {
    steps: [{ until: { kind: 'state', state: 'PAYMENT_PENDING' }, failTo: 'fueling_postpay' }],
    done: { to: 'summary', kind: 'postpay' },
    loadFailedTo: 'fueling_postpay',
    cancelledTo: 'CANCELLED_POSTPAY',
    cancelFailedTo: 'API_ERROR_POSTPAY',
  },
  /**
   * The postpay summary waits for the payment: "if the order is FAILED and its message contains expired, show the
   * expired-order error"; "load failure: fueling_postpay"; an authorization failure goes to /error type payment. Paid,
   * it goes to the receipt.
   */
  postpaySummary: {
    steps: [
      {
        until: { kind: 'state', state: 'PAYMENT_AUTHORIZED' },
        failTo: 'payment',
        expiredTo: 'fueling_postpay_order',
      },
    ],
    done: { to: 'finish', orderType: 'POSTPAY' },
    loadFailedTo: 'fueling_postpay',
  },
  /** "Wash flow: selecting a package saves it, creates an order automatically, waits for PAYMENT_PENDING, then goes to
   *  wash summary; errors go to /error." */
  washOrder: {
    steps: [{ until: { kind: 'state', state: 'PAYMENT_PENDING' }, failTo: 'generic' }],
    done: { to: 'summary', kind: 'wash' },
    loadFailedTo: 'generic',
  },
  /** "Paying leads to wash finish, which waits for PRODUCT_ACQUIRED and shows the codes; once acquired and not
   *  completed it waits for COMPLETED." The page stays: it shows the codes. */
  washFinish: {
    steps: [
      { until: { kind: 'state', state: 'PRODUCT_ACQUIRED' }, failTo: 'payment' },
      { until: { kind: 'completion' }, failTo: 'payment' },
    ],
    done: null,
    loadFailedTo: 'payment',
  },
  /**
   * "EV flow: … authorize; the charging page waits for PRODUCT_SUPPLYING; finish-charging sends an acquire-stop and
   *  goes to the EV finish … A cancelled order goes to /pay." The page keeps polling while charging (the meter moves)
   *  and leaves once the charge is acquired.
   */
  evCharging: {
    steps: [
      { until: { kind: 'state', state: 'PRODUCT_SUPPLYING' }, failTo: 'payment', cancelledExit: { to: 'pay' } },
      { until: { kind: 'state', state: 'PRODUCT_ACQUIRED' }, failTo: 'payment', cancelledExit: { to: 'pay' } },
    ],
    done: { to: 'evFinish' },
    loadFailedTo: 'payment',
    // The driver's cancel before the car is plugged in: the pre-authorization is released (the cancel page says so).
    cancelledTo: 'CANCELLED_PREPAY',
  },
  /** "… the EV finish, which waits for COMPLETED." The page stays: it shows the total, energy and time. */
  evFinish: {
    steps: [
      { until: { kind: 'state', state: 'PRODUCT_ACQUIRED' }, failTo: 'payment', cancelledExit: { to: 'pay' } },
      { until: { kind: 'completion' }, failTo: 'payment' },
    ],
    done: null,
    loadFailedTo: 'payment',
  },
} as const satisfies Record<string, Plan>;

/** Does the page poll in this state? */
export function isPolling(state: WaitState): boolean {
  return state.kind === 'loading' || state.kind === 'waiting' || state.kind === 'confirmingCancel';
}

/** Run the steps from `step` against an order: the first step still waiting, a failure, or the end of the plan. */
function advance(plan: Plan, step: number, order: Order): { step: number } | { exit: FlowExit } | { end: true } {
  for (let i = step; i < plan.steps.length; i++) {
    const current = plan.steps[i]!;
    const verdict = evaluate(current.until, order);
    if (verdict === 'wait') return { step: i };
    if (verdict === 'fail') {
      if (current.cancelledExit && order.state === 'CANCELLED') return { exit: current.cancelledExit };
      const type = current.expiredTo && hasExpired(order) ? current.expiredTo : current.failTo;
      return { exit: { to: 'error', type } };
    }
  }
  return { end: true };
}

function afterOrder(plan: Plan, step: number, order: Order, notice: CancelNotice | null): WaitState {
  const next = advance(plan, step, order);
  if ('exit' in next) return { kind: 'left', exit: next.exit };
  if ('end' in next) return plan.done ? { kind: 'left', exit: plan.done } : { kind: 'settled' };
  return { kind: 'waiting', step: next.step, notice };
}

/** "If the order is FAILED and its message contains expired". */
export function hasExpired(order: Pick<Order, 'state' | 'error' | 'stateHistory'>): boolean {
  if (order.state !== 'FAILED') return false;
  const messages = [order.error?.message, ...order.stateHistory.map((h) => h.message)];
  return messages.some((m) => m?.toLowerCase().includes('expired'));
}

function cancelled(order: Order): boolean {
  return evaluate({ kind: 'cancelled' }, order) === 'done';
}

export function transition(plan: Plan, state: WaitState, event: WaitEvent): WaitState {
  if (state.kind === 'left' || state.kind === 'settled') return state; // terminal for the page
  switch (event.type) {
    case 'polled': {
      if (state.kind === 'cancelling') return state; // the cancel's own answer decides
      if (state.kind === 'confirmingCancel') {
        if (cancelled(event.order) && plan.cancelledTo)
          return { kind: 'left', exit: { to: 'cancel', state: plan.cancelledTo } };
        const next = afterOrder(plan, state.step, event.order, null);
        // Still waiting: keep looking for the CANCELLED entry until the 30 s are up.
        return next.kind === 'waiting' ? { kind: 'confirmingCancel', step: next.step } : next;
      }
      const step = state.kind === 'loading' ? 0 : state.step;
      const notice = state.kind === 'waiting' ? state.notice : null;
      // The queued cancel went out meanwhile and the forecourt cancelled the order.
      if (notice === 'cancelQueued' && cancelled(event.order) && plan.cancelledTo)
        return { kind: 'left', exit: { to: 'cancel', state: plan.cancelledTo } };
      return afterOrder(plan, step, event.order, notice);
    }
    case 'loadFailed':
      if (event.kept) return { kind: 'settled' };
      return { kind: 'left', exit: { to: 'error', type: plan.loadFailedTo } };
    case 'cancelRequested':
      if (state.kind !== 'waiting' || !plan.cancelledTo || state.notice === 'cancelQueued') return state;
      return { kind: 'cancelling', step: state.step };
    case 'cancelAnswered': {
      if (state.kind !== 'cancelling' || !plan.cancelledTo) return state;
      // Cancelling while fuel flows hangs the nozzle up: what was dispensed is invoiced and the receipt follows.
      if (hasReached(event.order, 'PRODUCT_ACQUIRED')) return afterOrder(plan, state.step, event.order, null);
      if (cancelled(event.order)) return { kind: 'left', exit: { to: 'cancel', state: plan.cancelledTo } };
      return { kind: 'confirmingCancel', step: state.step };
    }
    case 'cancelRefused':
      if (state.kind !== 'cancelling') return state;
      // Postpay: "Cancel goes to /pay/cancel with CANCELLED_POSTPAY, or API_ERROR_POSTPAY on an API error."
      if (plan.cancelFailedTo) return { kind: 'left', exit: { to: 'cancel', state: plan.cancelFailedTo } };
      // Prepay: "If the cancel call fails with an API error, show the cancel-failure dialog and keep waiting for fueling."
      return { kind: 'waiting', step: state.step, notice: 'cancelFailed' };
    case 'cancelQueued':
      return state.kind === 'cancelling' ? { kind: 'waiting', step: state.step, notice: 'cancelQueued' } : state;
    case 'cancelTimedOut':
      return state.kind === 'confirmingCancel' ? { kind: 'waiting', step: state.step, notice: 'cancelFailed' } : state;
    case 'noticeDismissed':
      // A queued cancel is a fact, not a message to close.
      return state.kind === 'waiting' && state.notice !== 'cancelQueued' ? { ...state, notice: null } : state;
  }
}
