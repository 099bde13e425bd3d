import { queryOptions, useQuery } from '@tanstack/react-query';
import { userKeys } from '../session/keys';
import { usersApi } from './api';

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => usersApi.get(id, signal),
    staleTime: 60_000,
  });

export const featuresQuery = (accountId: string) =>
  queryOptions({
    queryKey: userKeys.features(accountId),
    queryFn: ({ signal }) => usersApi.features(accountId, signal),
    staleTime: 5 * 60_000,
  });

export function useUser(id: string | null | undefined) {
  return useQuery({ ...userQuery(id ?? ''), enabled: !!id });
}

export function useFeatures(accountId: string | null | undefined) {
  return useQuery({ ...featuresQuery(accountId ?? ''), enabled: !!accountId });
}
