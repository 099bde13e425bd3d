import type { FuelCardBody } from '../../../contract/payment-methods';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the pay path's code (lib/http/client.ts, issue 16).
const contract = () => import('../../../contract/payment-methods');
const orders = () => import('../../../contract/orders');
const paymentMethod = lazySchema(() => orders().then((m) => m.paymentMethod));
const paymentMethodsResponse = lazySchema(() => orders().then((m) => m.paymentMethodsResponse));
const limitExceededResponse = lazySchema(() => contract().then((m) => m.limitExceededResponse));
const availableProvidersResponse = lazySchema(() => contract().then((m) => m.availableProvidersResponse));
const providerPageResponse = lazySchema(() => contract().then((m) => m.providerPageResponse));
const twoFactorOptionsResponse = lazySchema(() => contract().then((m) => m.twoFactorOptionsResponse));
const pinStatusResponse = lazySchema(() => contract().then((m) => m.pinStatusResponse));
/** {result} of every cloud function, and {result, paymentProof} of the validations (also used by webauthn.ts). */
export const functionResult = lazySchema(() => contract().then((m) => m.functionResult));
export const validationResult = lazySchema(() => contract().then((m) => m.validationResult));

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
  registrationPage: (provider: string, urls: ReturnUrls & { phoneNumber?: string }) =>
    api.request(`payments/${encodeURIComponent(provider)}/urls`, providerPageResponse, { searchParams: urls }),
  /** PATCH /v4/payment-methods/{id}?successUrl&errorUrl: the provider's page to renew a card's details. */
  editPage: (id: string, urls: ReturnUrls) =>
    api.request(path(id), providerPageResponse, { method: 'PATCH', searchParams: urls }),
  /** POST /v4/payment-methods/fuel-card (ours): holder, number, expiry, tpin, brand, vin. */
  addFuelCard: (body: FuelCardBody) =>
    api.request('v4/payment-methods/fuel-card', paymentMethod, { method: 'POST', json: body }),
  setPreferred: (id: string) => api.request(`${path(id)}/set-as-preferred`, paymentMethod, { method: 'POST' }),
  deactivate: (id: string) => api.request(`${path(id)}/deactivate`, paymentMethod, { method: 'POST' }),
};

/** A payment method's own second factor (shell-and-account.md §7 two-factor calls): a mailed one-time code. */
export const twoFactorApi = {
  registrationOptions: (paymentMethodId: string) =>
    api.request('auth/2fa/registration/generate-options', twoFactorOptionsResponse, {
      method: 'POST',
      json: { paymentMethodId },
    }),
  verifyRegistration: (paymentMethodId: string, code: string) =>
    api.request('auth/2fa/registration/verify', paymentMethod, { method: 'POST', json: { paymentMethodId, code } }),
  authenticationOptions: (paymentMethodId: string) =>
    api.request('auth/2fa/authentication/generate-options', twoFactorOptionsResponse, {
      method: 'POST',
      json: { paymentMethodId },
    }),
  verifyAuthentication: (body: { orderId: string; paymentMethodId: string; code: string }) =>
    api.request('auth/2fa/authentication/verify', functionResult, { method: 'POST', json: body }),
};

/** The payment PIN's cloud functions (pay-flows.md §7; unlock_pin is ours: the lock needs the account password). */
export const pinApi = {
  status: (signal?: AbortSignal) => api.request('functions/user_has_pin_prod', pinStatusResponse, { signal }),
  save: (body: { pin: string; password?: string }) =>
    api.request('functions/save_pin_prod', functionResult, { method: 'POST', json: body }),
  validate: (pin: string) =>
    api.request('functions/validate_pin_prod', validationResult, { method: 'POST', json: { pin } }),
  unlock: (password: string) =>
    api.request('functions/unlock_pin_prod', functionResult, { method: 'POST', json: { password } }),
};
