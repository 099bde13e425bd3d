// One query client, its cache persisted to local storage (sync-storage persister) so what a driver saw shows at once
// on the next start, with or without signal.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Offline-first: serve from cache, fetch when possible; never throw away data because the network is gone.
      networkMode: 'offlineFirst',
      gcTime: 24 * 60 * 60 * 1000,
      // Retry only a server hiccup. Without signal a retry would wait for the network (offlineFirst pauses it) and
      // hold up the page; the guards and screens handle "no answer" themselves.
      retry: (count, error) => count < 2 && ((error as { status?: number }).status ?? 0) >= 500,
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'offlineFirst' },
  },
});

export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: 'forecourt-query-cache',
  throttleTime: 1000,
});

/** Bumped when the shape of cached data changes, so an old cache is dropped instead of misread. */
export const CACHE_BUSTER = 'v1';
