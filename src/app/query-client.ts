// The query client at boot: its cache persisted to local storage (sync-storage persister) so what a driver saw shows
// at once on the next start, with or without signal; and the mutation defaults of the features registered, so a
// mutation is one `useMutation({ mutationKey })` wherever it is used. The session's (the public pages sign in) at
// once; those of the pay path (orders, checkout, profile) with the first feature page: the root route's beforeLoad
// waits for featureMutations() before any feature page renders, and main.tsx before the outbox replays. Features off
// that path (history) register their own when their code loads.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { type DehydrateOptions, dehydrate } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { registerSessionMutations } from '../features/session/queries';
import { queryClient } from '../lib/query-client';

export { queryClient };

registerSessionMutations(queryClient);

let featureMutationsLoaded: Promise<void> | undefined;

/** The pay path's mutation defaults and outbox senders, registered once; a failed load is tried again next time. */
export function featureMutations(): Promise<void> {
  featureMutationsLoaded ??= import('./feature-mutations').then(
    ({ registerFeatureMutations }) => registerFeatureMutations(queryClient),
    (error: unknown) => {
      featureMutationsLoaded = undefined;
      throw error;
    },
  );
  return featureMutationsLoaded;
}

const PERSIST_KEY = 'forecourt-query-cache';

/**
 * What is kept: every query with data. A refetch that failed (no signal: TanStack starts online and a reload without
 * signal fails its fetches) leaves a query in error with its data; the default (success only) dropped it at the next
 * write, and a later start without signal had nothing of what the driver saw.
 */
export const dehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) => query.state.data !== undefined && query.state.status !== 'pending',
};

/** Such a query is kept as its data (a success of when it last succeeded), not as the failure. */
export function serialize(client: PersistedClient): string {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error'
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureReason: null } }
      : q,
  );
  return JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
}

export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: PERSIST_KEY,
  throttleTime: 1000,
  serialize,
});

/** Bumped when the shape of cached data changes, so an old cache is dropped instead of misread. */
export const CACHE_BUSTER = 'v1';

let restored = false;

/** PersistQueryClientProvider's onSuccess: the kept cache is in (from here on the cache is the one to keep). */
export function cacheRestored(): void {
  restored = true;
}

/**
 * The persister writes at most once a second, so a page left within that second (a reload right after saving the
 * profile or a PIN, the app closed at once) kept the cache of before: the next start showed the old user as fresh, an
 * edit form began from it and the summary read an old two-factor state. As the page goes, the cache is written once
 * more, at once, in the persister's own format (not before the kept cache was restored: that would drop it).
 */
export function keepCacheOnLeave(): void {
  window.addEventListener('pagehide', () => {
    if (!restored) return;
    try {
      window.localStorage.setItem(
        PERSIST_KEY,
        serialize({
          buster: CACHE_BUSTER,
          timestamp: Date.now(),
          clientState: dehydrate(queryClient, dehydrateOptions),
        }),
      );
    } catch {
      // Storage full or unavailable: the last throttled write stays.
    }
  });
}
