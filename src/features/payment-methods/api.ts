import { paymentMethod, paymentMethodsResponse } from '../../contract/orders';
import {
  availableProvidersResponse,
  limitExceededResponse,
  providerPageResponse,
} from '../../contract/payment-methods';
import { api } from '../../lib/http/index';

const path = (id: string) => `v4/payment-methods/${encodeURIComponent(id)}`;
export type ReturnUrls = { successUrl: string; errorUrl: string };

export const paymentMethodsApi = {
  /** GET /v4/payment-methods/?customerId&state=ACTIVE[&supportedByPoi] (shell-and-account.md §7). */
  list: (customerId: string, signal?: AbortSignal, supportedByPoi?: string) =>
    api.request('v4/payment-methods/', paymentMethodsResponse, {
      signal,
      searchParams: { customerId, state: 'ACTIVE', supportedByPoi },
    }),
  /** GET v4/payment-methods/is-payment-methods-limit-exceeded */
  limitExceeded: (signal?: AbortSignal) =>
    api.request('v4/payment-methods/is-payment-methods-limit-exceeded', limitExceededResponse, { signal }),
  /** GET /v4/features/psp/available-providers */
  providers: (signal?: AbortSignal) =>
    api.request('v4/features/psp/available-providers', availableProvidersResponse, { signal }),
  /** GET /payments/{provider}/urls: the provider's page to register a card, returning to urls. */
  registrationPage: (provider: string, urls: ReturnUrls) =>
    api.request(`payments/${encodeURIComponent(provider)}/urls`, providerPageResponse, { searchParams: urls }),
  /** PATCH /v4/payment-methods/{id}?successUrl&errorUrl: the provider's page to renew a card's details. */
  editPage: (id: string, urls: ReturnUrls) =>
    api.request(path(id), providerPageResponse, { method: 'PATCH', searchParams: urls }),
  setPreferred: (id: string) => api.request(`${path(id)}/set-as-preferred`, paymentMethod, { method: 'POST' }),
  deactivate: (id: string) => api.request(`${path(id)}/deactivate`, paymentMethod, { method: 'POST' }),
};
