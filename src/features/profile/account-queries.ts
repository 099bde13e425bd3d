// Writes of the account pages (/profile/manage): registered when this module loads with them, not at boot, so the
// landing bundle does not carry them (common brief: features off the pay path register their own defaults).
import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { accountApi } from './account-api';

export const accountMutations = {
  requestDataDump: ['profile', 'request-data-dump'] as const,
};

export function registerAccountMutations(client: QueryClient): void {
  client.setMutationDefaults(accountMutations.requestDataDump, { mutationFn: () => accountApi.requestDataDump() });
}

/** "Request my data": the export is mailed to the account's address. */
export const useRequestDataDump = () =>
  useMutation<{ requested: true; sentTo: string }, ApiError, void>({ mutationKey: accountMutations.requestDataDump });

registerAccountMutations(queryClient);
