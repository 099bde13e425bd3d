import type { AuthorizeBody, CreateOrderBody } from '../../../contract/orders';
import { IDEMPOTENCY_HEADER, PARTNER_HEADER } from '../../../contract/plain/orders';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the app's entry (lib/http/client.ts).
const contract = () => import('../../../contract/orders');
/** Also what the order's event stream is parsed with (poll.ts). */
export const order = lazySchema(() => contract().then((m) => m.order));
const ongoingOrdersResponse = lazySchema(() => contract().then((m) => m.ongoingOrdersResponse));

const path = (id: string) => `v4/order/${encodeURIComponent(id)}`;

export type UpdateOrderBody = { thingExternalId?: string; carOdometerM?: number };

export const ordersApi = {
  create: (body: CreateOrderBody, idempotencyKey: string, partner?: string) =>
    api.request('v4/order', order, {
      method: 'POST',
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey, ...(partner ? { [PARTNER_HEADER]: partner } : {}) },
    }),
  get: (id: string, signal?: AbortSignal) => api.request(path(id), order, { signal }),
  authorize: (id: string, body: AuthorizeBody, idempotencyKey: string) =>
    api.request(`${path(id)}/authorize`, order, {
      method: 'POST',
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  /** Cancel an order; sent through the outbox with its client id (a replay cancels once). */
  cancel: (id: string, clientId: string) =>
    api.request(`${path(id)}/cancel`, order, {
      method: 'POST',
      json: {},
      headers: { [IDEMPOTENCY_HEADER]: clientId },
    }),
  /** The vehicle and odometer of an order (pay-flows.md §7); sent through the outbox with its client id. */
  update: (id: string, body: UpdateOrderBody, clientId: string) =>
    api.request(`${path(id)}/update-order`, order, {
      method: 'PATCH',
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: clientId },
    }),
  ongoing: () => api.request('v4/ongoing-orders', ongoingOrdersResponse, { searchParams: { limit: 5 } }),
};
