import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { navigation } from './navigation';
import { parseQuery, stringifyQuery } from './query-carry';
import { queryClient } from './query-client';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  // Query values stay plain strings (pid=0123 must not become a number); each route's schema coerces what it needs.
  parseSearch: (search) => parseQuery(search),
  stringifySearch: (search) => stringifyQuery(search as Record<string, unknown>),
  defaultPreload: false,
  scrollRestoration: true,
  defaultPendingMs: 300,
});

router.subscribe('onResolved', ({ toLocation }) => {
  navigation.arrived(toLocation.pathname, toLocation.search as Record<string, unknown>);
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
