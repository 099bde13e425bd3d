// The driver's payment methods: list, limit, and the writes (set preferred, deactivate). The provider page round
// trips are plain calls (they end in a full-page redirect).
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../contract/orders';
import { MBWAY_PROVIDER } from '../../../contract/plain/payment-methods';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { userKeys } from '../session/queries';
import { paymentMethodsApi, pinApi, type ReturnUrls } from './api';
import { REGISTER_RETURN_PATH } from './model/registration-return';

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  list: (customerId: string) => ['payment-methods', customerId] as const,
  limit: () => ['payment-methods', 'limit'] as const,
  pin: () => ['payment-methods', 'pin'] as const,
};

/** user_has_pin: {result, locked}. "The PIN existence check swallows errors and returns false" (pay-flows.md §8). */
export const pinStatusQuery = () =>
  queryOptions({
    queryKey: paymentMethodKeys.pin(),
    queryFn: async ({ signal }) => {
      try {
        return await pinApi.status(signal);
      } catch {
        return { result: false, locked: false };
      }
    },
    staleTime: 0,
  });

export const paymentMethodsQuery = (customerId: string) =>
  queryOptions({
    queryKey: paymentMethodKeys.list(customerId),
    queryFn: ({ signal }) => paymentMethodsApi.list(customerId, signal),
    // Shown at once from the persisted cache, and always asked again on a new screen: a card added or removed on the
    // provider's page (a full page load) must show on the summary right away.
    staleTime: 0,
  });

export const limitQuery = () =>
  queryOptions({
    queryKey: paymentMethodKeys.limit(),
    queryFn: ({ signal }) => paymentMethodsApi.limitExceeded(signal),
    staleTime: 0,
  });

/** The driver's saved methods; a guest has none (pay-flows.md §6: no payment-method picker). */
export function usePaymentMethods(customerId: string | null) {
  return useQuery({ ...paymentMethodsQuery(customerId ?? ''), enabled: !!customerId });
}

/** Both return addresses of a provider page round trip: this app's return route (or another page of the app). */
function returnUrls(path = REGISTER_RETURN_PATH): ReturnUrls {
  const back = `${window.location.origin}${path}`;
  return { successUrl: back, errorUrl: back };
}

/** The provider's page to add a card or link PayPal (GET /payments/{provider}/urls). */
export const openRegistrationPage = (provider = 'sandbox') =>
  paymentMethodsApi.registrationPage(provider, returnUrls());
/** The MB WAY phone's approval of a mandate for this number; back to returnPath (default the register route). */
export const openMbwayPage = (phoneNumber: string, returnPath?: string) =>
  paymentMethodsApi.registrationPage(MBWAY_PROVIDER, { ...returnUrls(returnPath), phoneNumber });
/** The provider's page to renew a card (PATCH /v4/payment-methods/{id}). */
export const openEditPage = (id: string) => paymentMethodsApi.editPage(id, returnUrls());

/** After a change: the lists (every customer key) and the limit load again. */
export const refreshPaymentMethods = (client: QueryClient = queryClient) =>
  client.invalidateQueries({ queryKey: paymentMethodKeys.all });

export const paymentMethodMutations = {
  setPreferred: ['payment-methods', 'set-preferred'] as const,
  deactivate: ['payment-methods', 'deactivate'] as const,
  savePin: ['payment-methods', 'save-pin'] as const,
  validatePin: ['payment-methods', 'validate-pin'] as const,
  unlockPin: ['payment-methods', 'unlock-pin'] as const,
};

export function registerPaymentMethodMutations(client: QueryClient): void {
  client.setMutationDefaults(paymentMethodMutations.setPreferred, {
    mutationFn: ({ id }: { id: string }) => paymentMethodsApi.setPreferred(id),
    onSettled: () => refreshPaymentMethods(client),
  });
  client.setMutationDefaults(paymentMethodMutations.deactivate, {
    mutationFn: ({ id }: { id: string }) => paymentMethodsApi.deactivate(id),
    onSettled: () => refreshPaymentMethods(client),
  });
  // A PIN saved or unlocked changes the user's twoFactorMethod too (the summary's "PayPal needs a two-factor method").
  const refreshPin = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: paymentMethodKeys.pin() }),
      client.invalidateQueries({ queryKey: userKeys.all }),
    ]);
  client.setMutationDefaults(paymentMethodMutations.savePin, {
    mutationFn: (body: { pin: string; password?: string }) => pinApi.save(body),
    onSettled: refreshPin,
  });
  client.setMutationDefaults(paymentMethodMutations.validatePin, {
    mutationFn: ({ pin }: { pin: string }) => pinApi.validate(pin),
    onError: refreshPin,
  });
  client.setMutationDefaults(paymentMethodMutations.unlockPin, {
    mutationFn: ({ password }: { password: string }) => pinApi.unlock(password),
    onSettled: refreshPin,
  });
}

export const useSetPreferred = () =>
  useMutation<PaymentMethod, ApiError, { id: string }>({ mutationKey: paymentMethodMutations.setPreferred });
export const useDeactivate = () =>
  useMutation<PaymentMethod, ApiError, { id: string }>({ mutationKey: paymentMethodMutations.deactivate });

type Result = { result: boolean };
export const useSavePin = () =>
  useMutation<Result, ApiError, { pin: string; password?: string }>({ mutationKey: paymentMethodMutations.savePin });
/** A right PIN answers the proof the authorize payload carries (paymentProof). */
export const useValidatePin = () =>
  useMutation<Result & { paymentProof?: string | undefined }, ApiError, { pin: string }>({
    mutationKey: paymentMethodMutations.validatePin,
  });
export const useUnlockPin = () =>
  useMutation<Result, ApiError, { password: string }>({ mutationKey: paymentMethodMutations.unlockPin });

// Registered when this module first loads (the summary or a payment-methods screen), not with the app's entry.
registerPaymentMethodMutations(queryClient);
