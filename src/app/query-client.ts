// The query client at boot: its cache persisted to local storage (sync-storage persister) so what a driver saw shows
// at once on the next start, with or without signal; and the mutation defaults of the features on the pay path
// registered, so a mutation is one `useMutation({ mutationKey })` wherever it is used. Features off that path
// (history) register their own when their code loads; main.tsx loads them before the outbox replays.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { registerCheckoutMutations } from '../features/checkout/queries';
import { registerOrderMutations } from '../features/orders/queries';
import { registerProfileMutations } from '../features/profile/queries';
import { registerSessionMutations } from '../features/session/queries';
import { queryClient } from '../lib/query-client';

export { queryClient };

registerSessionMutations(queryClient);
registerOrderMutations(queryClient);
registerCheckoutMutations(queryClient);
registerProfileMutations(queryClient);

export const persister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: 'forecourt-query-cache',
  throttleTime: 1000,
});

/** Bumped when the shape of cached data changes, so an old cache is dropped instead of misread. */
export const CACHE_BUSTER = 'v1';
