// The lottery benefit in the app: its status (persisted, so the joined state shows without signal) and joining it.
// Joining needs a signal (the consent is given to the server there and then); a repeated join is harmless.
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Optin, RewardsStatus } from '../../../contract/benefits';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { benefitsApi } from './api';

export const benefitKeys = {
  all: ['benefits'] as const,
  status: (userId: string, language: string) => ['benefits', 'status', userId, language] as const,
};

export const rewardsStatusQuery = (userId: string, language: string) =>
  queryOptions({
    queryKey: benefitKeys.status(userId, language),
    queryFn: ({ signal }) => benefitsApi.status(signal),
    staleTime: 0,
  });

export const useRewardsStatus = (userId: string | null, language: string, enabled = true) =>
  useQuery({ ...rewardsStatusQuery(userId ?? '', language), enabled: enabled && !!userId });

export type JoinInput = { name: string; consent: boolean };
export const benefitMutations = { join: ['benefits', 'join'] as const };

export function registerBenefitMutations(client: QueryClient): void {
  client.setMutationDefaults(benefitMutations.join, {
    mutationFn: ({ name, consent }: JoinInput) => benefitsApi.join({ name, action: 'JOIN', consent }),
    onSuccess: (joined: Optin) => {
      // Joined at once in every cached status; then asked again.
      client.setQueriesData<RewardsStatus>({ queryKey: benefitKeys.all }, (status) =>
        status
          ? {
              hasJoined: true,
              lotteries: status.lotteries.map((l) =>
                l.name === joined.name ? { ...l, hasJoined: true, joinedAt: joined.joinedAt } : l,
              ),
            }
          : status,
      );
      void client.invalidateQueries({ queryKey: benefitKeys.all });
    },
  });
}

export const useJoinLottery = () => useMutation<Optin, ApiError, JoinInput>({ mutationKey: benefitMutations.join });

registerBenefitMutations(queryClient);
