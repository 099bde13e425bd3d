// Orders in the app: the order query, keeping what was fetched (receipts on the device too), and the order writes as
// mutations whose defaults are registered once at boot (registerOrderMutations). The poll loop is poll.ts: only the
// waiting pages load it, not the app's entry.
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AuthorizeBody, CreateOrderBody, Order } from '../../../contract/orders';
import type { Poi } from '../../../contract/stations';
import type { SubmitResult } from '../../db/outbox';
import { registerOutboxSender } from '../../db/outbox-senders';
import { submitToOutbox } from '../../db/outbox-submit';
import type { ApiError } from '../../lib/http/errors';
import { retryPolicy } from '../../lib/http/retry';
import { queryClient } from '../../lib/query-client';
import { currentUserId } from '../session/queries';
import { stationKeys } from '../stations/queries';
import { ordersApi, type UpdateOrderBody } from './api';
import { stationSummary } from './model/receipt';
import { hasReached } from './model/waits';

export const orderKeys = {
  all: ['order'] as const,
  detail: (id: string) => ['order', id] as const,
};

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(id, signal),
    ...retryPolicy,
  });

/**
 * The order as last fetched, without fetching: the poll loop is the one that asks the server (a page that also
 * fetched on mount would ask twice at once).
 */
export function useOrderSnapshot(orderId: string) {
  return useQuery({ ...orderQuery(orderId), enabled: false });
}

/** Keep what was fetched: the query cache shows it at once, and an acquired order is kept as a receipt. */
function remember(order: Order): void {
  queryClient.setQueryData(orderKeys.detail(order._id), order);
  if (!hasReached(order, 'PRODUCT_ACQUIRED')) return;
  const station = queryClient.getQueryData<Poi>(stationKeys.detail(order.poiId));
  const receipt = { order, userId: currentUserId(), station: station ? stationSummary(station) : null };
  // Dexie comes with the first receipt, not with the app's entry.
  void import('./store').then(({ keepReceipt }) => keepReceipt(receipt));
}

/**
 * Load the receipt store (Dexie) ahead, while the driver fuels: the hang-up's receipt is then written and shown
 * without waiting for the chunk (issue 16, hang-up to receipt).
 */
export function preloadReceiptStore(): void {
  void import('./store');
}

/** Keep an order fetched elsewhere (the poll loop, poll.ts) as this module keeps its own answers. */
export const rememberOrder = remember;

/** The order now, from the server (not the cache). */
export async function fetchOrder(orderId: string): Promise<Order> {
  const order = await ordersApi.get(orderId);
  remember(order);
  return order;
}

/** Create an order (POST v4/order) with an idempotency key: repeating it answers the same order. */
export async function createOrder(body: CreateOrderBody, idempotencyKey: string, partner?: string): Promise<Order> {
  const order = await ordersApi.create(body, idempotencyKey, partner);
  remember(order);
  return order;
}

/** Authorize an order (hold the amount) with an idempotency key: repeating it never holds twice. */
export async function authorizeOrder(orderId: string, body: AuthorizeBody, idempotencyKey: string): Promise<Order> {
  const order = await ordersApi.authorize(orderId, body, idempotencyKey);
  remember(order);
  return order;
}

export const orderMutations = {
  cancel: ['orders', 'cancel'] as const,
  update: ['orders', 'update'] as const,
};

export type UpdateOrderInput = { orderId: string } & UpdateOrderBody;

/** The writes of this area; called once with the app's query client at boot. */
export function registerOrderMutations(client: QueryClient): void {
  // The driver's cancel: sent at once, or kept in the outbox without signal (and after a crash mid-call) and sent when
  // the signal returns, with its client id as the Idempotency-Key so a replay cancels once.
  registerOutboxSender('orders.cancel', async (orderId: string, clientId) => {
    const order = await ordersApi.cancel(orderId, clientId);
    remember(order);
    return order;
  });
  client.setMutationDefaults(orderMutations.cancel, {
    networkMode: 'always',
    mutationFn: (orderId: string) => submitToOutbox('orders.cancel', orderId),
  });
  // Vehicle and odometer of an order: offline-capable, it waits in the outbox when there is no signal.
  registerOutboxSender('orders.update', ({ orderId, ...body }: UpdateOrderInput, clientId) =>
    ordersApi.update(orderId, body, clientId).then(remember),
  );
  client.setMutationDefaults(orderMutations.update, {
    networkMode: 'always',
    mutationFn: (input: UpdateOrderInput) => submitToOutbox('orders.update', input),
  });
}

export const useCancelOrder = () => useMutation<SubmitResult, ApiError, string>({ mutationKey: orderMutations.cancel });
export const useUpdateOrder = () =>
  useMutation<SubmitResult, ApiError, UpdateOrderInput>({ mutationKey: orderMutations.update });
