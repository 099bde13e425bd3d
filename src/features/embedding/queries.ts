// Embedding by a host app (pay-flows.md §4 Callback handling): the server's allowlist of host-app origins, fetched at
// start, kept in the persisted cache (so a callback works without signal too) and read by every exit.
import { queryOptions } from '@tanstack/react-query';
import { type CallbackPolicy, HOST_APPS_MAX_AGE_SECONDS } from '../../../contract/plain/host-apps';
import { queryClient } from '../../lib/query-client';
import { embeddingApi } from './api';

export const embeddingKeys = { hostApps: ['host-apps'] as const };

export const hostAppsQuery = () =>
  queryOptions({
    queryKey: embeddingKeys.hostApps,
    queryFn: ({ signal }) => embeddingApi.hostApps(signal),
    staleTime: HOST_APPS_MAX_AGE_SECONDS * 1000,
    gcTime: Number.POSITIVE_INFINITY,
  });

/**
 * The callback rule's allowlist as known now. Before the server has answered (a first start without signal) only the
 * app's own origin is trusted: a callback is refused rather than followed to an origin nobody vouched for.
 */
export function callbackPolicy(ownOrigin: string): CallbackPolicy {
  return queryClient.getQueryData(embeddingKeys.hostApps) ?? { origins: [ownOrigin], demoMode: false };
}

/** Ask for the allowlist (at boot); a failure keeps what the cache has. */
export function refreshHostApps(): void {
  void queryClient.prefetchQuery(hostAppsQuery());
}

/** The allowlist before a guard decides on a callback: from the cache, else asked for once (a failure keeps none). */
export async function ensureHostApps(): Promise<void> {
  try {
    await queryClient.ensureQueryData(hostAppsQuery());
  } catch {
    // No answer: callbackPolicy falls back to this app's own origin.
  }
}
