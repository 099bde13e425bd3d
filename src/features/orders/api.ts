import {
  type AuthorizeBody,
  type CreateOrderBody,
  IDEMPOTENCY_HEADER,
  ongoingOrdersResponse,
  order,
  PARTNER_HEADER,
  paymentMethodsResponse,
} from '../../contract/orders';
import { api } from '../../lib/http/index';

export const ordersApi = {
  create: (body: CreateOrderBody, idempotencyKey: string, partner?: string) =>
    api.request('v4/order', order, {
      method: 'POST',
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey, ...(partner ? { [PARTNER_HEADER]: partner } : {}) },
    }),
  get: (id: string, signal?: AbortSignal) => api.request(`v4/order/${encodeURIComponent(id)}`, order, { signal }),
  authorize: (id: string, body: AuthorizeBody, idempotencyKey: string) =>
    api.request(`v4/order/${encodeURIComponent(id)}/authorize`, order, {
      method: 'POST',
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  cancel: (id: string) => api.request(`v4/order/${encodeURIComponent(id)}/cancel`, order, { method: 'POST', json: {} }),
  ongoing: () => api.request('v4/ongoing-orders', ongoingOrdersResponse, { searchParams: { limit: 5 } }),
};

export const paymentMethodsApi = {
  list: (customerId: string, signal?: AbortSignal) =>
    api.request('v4/payment-methods/', paymentMethodsResponse, {
      signal,
      searchParams: { customerId, state: 'ACTIVE' },
    }),
};
