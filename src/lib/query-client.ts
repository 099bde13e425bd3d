// The one query client. Created here, below every feature, so a feature's imperative code (the order poll loop writing
// what it fetched into the cache) reaches it without importing the app shell; the shell adds persistence at boot.
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
