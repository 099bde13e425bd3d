// Writes of the account pages (/profile/manage): registered when this module loads with them, not at boot, so the
// landing bundle does not carry them (common brief: features off the pay path register their own defaults).
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DataExport } from '../../../contract/users';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { accountApi } from './account-api';

/** While an export is being built the screen looks again this often (it is mailed too, so nobody has to wait here). */
export const DATA_EXPORT_POLL_MS = 5000;

export const accountKeys = {
  dataExport: ['profile', 'data-export'] as const,
};

export const accountMutations = {
  requestDataDump: ['profile', 'request-data-dump'] as const,
};

export function registerAccountMutations(client: QueryClient): void {
  client.setMutationDefaults(accountMutations.requestDataDump, {
    mutationFn: () => accountApi.requestDataDump(),
    onSuccess: (answer) => client.setQueryData(accountKeys.dataExport, { export: answer.export }),
  });
}

export const dataExportQuery = queryOptions({
  queryKey: accountKeys.dataExport,
  queryFn: ({ signal }) => accountApi.latestDataExport(signal),
  refetchInterval: (q) => (q.state.data?.export?.state === 'REQUESTED' ? DATA_EXPORT_POLL_MS : false),
});

/** The newest data export of the driver and its state (requested, ready, expired, failed), or null. */
export const useDataExport = () => useQuery(dataExportQuery);

/** "Request my data": the export is built in the background; the answer names the address the ready mail goes to. */
export const useRequestDataDump = () =>
  useMutation<{ requested: true; sentTo: string; export: DataExport }, ApiError, void>({
    mutationKey: accountMutations.requestDataDump,
  });

export const downloadDataExport = (id: string) => accountApi.downloadDataExport(id);

registerAccountMutations(queryClient);
