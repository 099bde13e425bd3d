import { paymentMethodsResponse } from '../../contract/orders';
import { api } from '../../lib/http/index';

export const paymentMethodsApi = {
  /** GET /v4/payment-methods/?customerId&state=ACTIVE (shell-and-account.md §7). */
  list: (customerId: string, signal?: AbortSignal) =>
    api.request('v4/payment-methods/', paymentMethodsResponse, {
      signal,
      searchParams: { customerId, state: 'ACTIVE' },
    }),
};
