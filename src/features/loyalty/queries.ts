// Loyalty in the app: programs, the driver's cards, adding and removing one. Write defaults register on load.
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LoyaltySubscription, LoyaltySubscriptionBody } from '../../../contract/loyalty';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { loyaltyApi } from './api';

export const loyaltyKeys = {
  all: ['loyalty'] as const,
  programs: ['loyalty', 'programs'] as const,
  list: (userId: string) => ['loyalty', 'list', userId] as const,
};

export const programsQuery = () =>
  queryOptions({
    queryKey: loyaltyKeys.programs,
    queryFn: ({ signal }) => loyaltyApi.programs(signal),
    staleTime: 3_600_000,
  });
export const loyaltyCardsQuery = (userId: string) =>
  queryOptions({
    queryKey: loyaltyKeys.list(userId),
    queryFn: ({ signal }) => loyaltyApi.list(signal),
    // The restored cache shows at once; the server's list always follows (a write may not have been persisted yet).
    staleTime: 0,
  });

export const useLoyaltyPrograms = (enabled = true) => useQuery({ ...programsQuery(), enabled });
export const useLoyaltyCards = (userId: string | null) =>
  useQuery({ ...loyaltyCardsQuery(userId ?? ''), enabled: !!userId });

export const loyaltyMutations = { add: ['loyalty', 'add'] as const, remove: ['loyalty', 'remove'] as const };

export function registerLoyaltyMutations(client: QueryClient): void {
  const reload = () => void client.invalidateQueries({ queryKey: loyaltyKeys.all });
  client.setMutationDefaults(loyaltyMutations.add, {
    mutationFn: (body: LoyaltySubscriptionBody) => loyaltyApi.add(body),
    onSuccess: reload,
  });
  client.setMutationDefaults(loyaltyMutations.remove, {
    mutationFn: (id: string) => loyaltyApi.remove(id),
    onSuccess: reload,
  });
}

export const useAddLoyaltyCard = () =>
  useMutation<LoyaltySubscription, ApiError, LoyaltySubscriptionBody>({ mutationKey: loyaltyMutations.add });
export const useRemoveLoyaltyCard = () =>
  useMutation<{ deleted: true }, ApiError, string>({ mutationKey: loyaltyMutations.remove });

registerLoyaltyMutations(queryClient);
