// Orders in the app: the order query, the shared order poller, saved payment methods and the prepay payment.
import { queryOptions } from '@tanstack/react-query';
import { isTerminal, type Order } from '../../contract/orders';
import type { Currency } from '../../contract/stations';
import { SDK_STORAGE_PREFIX } from '../../lib/constants';
import { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { type Attempt, attemptFor, authorizeKeyFor, type Selection, sameSelection } from '../checkout/model/attempt';
import { ordersApi, paymentMethodsApi } from './api';
import { createOrderPoller, ORDER_RETRIES, ORDER_RETRY_DELAY_MS } from './model/order-poller';

export const orderKeys = {
  all: ['order'] as const,
  detail: (id: string) => ['order', id] as const,
  paymentMethods: (customerId: string) => ['payment-methods', customerId] as const,
};

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(id, signal),
    // "Order loads retry 3 times with 2 s delays."
    retry: (count, error) =>
      count < ORDER_RETRIES && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    retryDelay: ORDER_RETRY_DELAY_MS,
  });

export const paymentMethodsQuery = (customerId: string) =>
  queryOptions({
    queryKey: orderKeys.paymentMethods(customerId),
    queryFn: ({ signal }) => paymentMethodsApi.list(customerId, signal),
    staleTime: 60_000,
  });

const browserConnectivity = {
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  subscribe: (listener: (online: boolean) => void) => {
    const on = () => listener(true);
    const off = () => listener(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  },
};

/** The one poller of the app: never two for one order. Every fetched order also updates the query cache. */
export const orderPoller = createOrderPoller({
  fetchOrder: (id, signal) => ordersApi.get(id, signal),
  connectivity: browserConnectivity,
  isOffline: (error) => error instanceof ApiError && (error.code === 'network_error' || error.code === 'timeout'),
  onOrder: (order: Order) => queryClient.setQueryData(orderKeys.detail(order._id), order),
});

const ATTEMPT_KEY = `${SDK_STORAGE_PREFIX}payAttempt`;

function readAttempt(): Attempt | null {
  try {
    const raw = localStorage.getItem(ATTEMPT_KEY);
    return raw ? (JSON.parse(raw) as Attempt) : null;
  } catch {
    return null;
  }
}

function writeAttempt(attempt: Attempt | null): void {
  try {
    if (attempt) localStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
    else localStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Without storage a reload starts a new attempt; the server still refuses a duplicate within this page.
  }
}

/** The attempt is over (finished, cancelled, failed for good): the next payment gets new keys. */
export function endAttempt(): void {
  writeAttempt(null);
}

export type PrepayInput = Selection & { paymentMethodId: string; thingId: string | null; partner?: string };

/**
 * Pay for a prepay pump: create the order and authorize the amount, each with the attempt's idempotency key, so that
 * pressing pay again, a retry or a reload after a lost answer replays the first result instead of paying twice.
 */
export async function payPrepay(input: PrepayInput): Promise<Order> {
  const newKey = () => crypto.randomUUID();
  const stored = readAttempt();
  // An attempt whose order has ended (paid and fuelled, declined, cancelled) is spent: paying again is a new order.
  // Without an answer we cannot tell, so the attempt is kept and its keys replay (a lost answer never pays twice).
  let orderEnded = false;
  if (stored?.orderId && sameSelection(stored.selection, input)) {
    try {
      const current = await ordersApi.get(stored.orderId);
      orderEnded = isTerminal(current.state);
      // Already paid (the answer was lost): this is the order to follow, whatever the server remembers of the keys.
      if (!orderEnded && current.state !== 'CREATED') {
        queryClient.setQueryData(orderKeys.detail(current._id), current);
        return current;
      }
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      orderEnded = true;
    }
  }
  try {
    return await payAttempt(input, attemptFor(stored, input, Date.now(), newKey, orderEnded), newKey);
  } catch (error) {
    // Refused (the pump was taken meanwhile, …): the next try is a new attempt, not a replay of this one. Without an
    // answer (status 0) the attempt stays, so pressing pay again replays its keys.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) endAttempt();
    throw error;
  }
}

/** Create and authorize with the attempt's keys. */
async function payAttempt(input: PrepayInput, attempt: Attempt, newKey: () => string): Promise<Order> {
  writeAttempt(attempt);
  const created = await ordersApi.create(
    {
      poiId: input.pid,
      thingId: input.thingId,
      autoAcquire: true,
      products: [{ productId: input.productId, fuelTypeId: input.fuelTypeId }],
    },
    attempt.createKey,
    input.partner,
  );
  const authorizeKey = authorizeKeyFor({ ...attempt, orderId: created._id }, input.paymentMethodId, newKey);
  writeAttempt(authorizeKey.attempt);
  const authorized = await ordersApi.authorize(
    created._id,
    {
      authorizePrice: { amount: input.amount, currency: input.currency as Currency, precision: input.precision },
      paymentMethodId: input.paymentMethodId,
    },
    authorizeKey.key,
  );
  queryClient.setQueryData(orderKeys.detail(authorized._id), authorized);
  // A declined card ends the order (FAILED): the next try starts anew.
  if (isTerminal(authorized.state)) endAttempt();
  return authorized;
}
