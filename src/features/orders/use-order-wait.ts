// Drives the order-wait reducer (model/order-wait.ts) for a page: the poll loop while the state polls (fed by the
// order's event stream, polling only while it is down: poll.ts), the cancel mutation, and the 30 s cancel timer. The
// page renders the state and holds no timers or counters of its own.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Order } from '../../../contract/orders';
import { queryClient } from '../../lib/query-client';
import {
  CANCEL_WAIT_MS,
  initialWaitState,
  isPolling,
  type Plan,
  transition,
  type WaitEvent,
  type WaitState,
} from './model/order-wait';
import { orderPollLoop } from './poll';
import { orderKeys, useCancelOrder } from './queries';

export type OrderWait = {
  state: WaitState;
  /** The order as last received (stream or poll), with its live `meter` while the product flows. */
  order: Order | undefined;
  /** The driver confirmed the cancel (only for plans with a cancel). */
  cancel: () => void;
  dismissNotice: () => void;
};

/** `kept`: a copy of the order is on the device, so a load failure shows it instead of the error page. */
export function useOrderWait(orderId: string, plan: Plan, kept = false): OrderWait {
  // The wait starts from the order as last seen (an order's state only moves forward, so an old copy is never ahead);
  // the loop's first answer follows at once.
  const [state, dispatch] = useReducer(
    (s: WaitState, e: WaitEvent) => transition(plan, s, e),
    orderId,
    (id): WaitState => {
      const seen = queryClient.getQueryData<Order>(orderKeys.detail(id));
      return seen ? transition(plan, initialWaitState, { type: 'polled', order: seen }) : initialWaitState;
    },
  );
  const [order, setOrder] = useState<Order | undefined>(() =>
    queryClient.getQueryData<Order>(orderKeys.detail(orderId)),
  );
  const cancelOrder = useCancelOrder();
  const keptRef = useRef(kept);
  keptRef.current = kept;
  const polling = isPolling(state);

  useEffect(() => {
    if (!polling) return;
    return orderPollLoop.watch(orderId, {
      onOrder: (next) => {
        setOrder(next);
        dispatch({ type: 'polled', order: next });
      },
      onLoadFailed: () => dispatch({ type: 'loadFailed', kept: keptRef.current }),
    });
  }, [orderId, polling]);

  const confirming = state.kind === 'confirmingCancel';
  useEffect(() => {
    if (!confirming) return;
    const timer = window.setTimeout(() => dispatch({ type: 'cancelTimedOut' }), CANCEL_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [confirming]);

  const { mutate } = cancelOrder;
  const cancel = useCallback(() => {
    dispatch({ type: 'cancelRequested' });
    mutate(orderId, {
      onSuccess: (submitted) =>
        dispatch(
          submitted.status === 'sent'
            ? { type: 'cancelAnswered', order: submitted.result as Order }
            : { type: 'cancelQueued' },
        ),
      onError: () => dispatch({ type: 'cancelRefused' }),
    });
  }, [mutate, orderId]);
  const dismissNotice = useCallback(() => dispatch({ type: 'noticeDismissed' }), []);

  return { state, order, cancel, dismissNotice };
}
