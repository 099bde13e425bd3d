// The query client's cache persisted to local storage (sync-storage persister) so what a driver saw shows at once on
// the next start, with or without signal.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';

export { queryClient } from '../lib/query-client';

export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: 'forecourt-query-cache',
  throttleTime: 1000,
});

/** Bumped when the shape of cached data changes, so an old cache is dropped instead of misread. */
export const CACHE_BUSTER = 'v1';
