import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodsApi } from './api';

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  list: (customerId: string) => ['payment-methods', customerId] as const,
};

export const paymentMethodsQuery = (customerId: string) =>
  queryOptions({
    queryKey: paymentMethodKeys.list(customerId),
    queryFn: ({ signal }) => paymentMethodsApi.list(customerId, signal),
    staleTime: 60_000,
  });

/** The driver's saved methods; a guest has none (pay-flows.md §6: no payment-method picker). */
export function usePaymentMethods(customerId: string | null) {
  return useQuery({ ...paymentMethodsQuery(customerId ?? ''), enabled: !!customerId });
}
