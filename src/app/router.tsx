import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { registerBuiltRoutes } from './built-routes';
import { navigation } from './navigation';
import { parseQuery, stringifyQuery } from './query-carry';
import { queryClient } from './query-client';

export type RouterContext = { queryClient: QueryClient };

export const router = createRouter({
  routeTree,
  context: { queryClient },
  // Query values stay plain strings (pid=0123 must not become a number).
  parseSearch: (search) => parseQuery(search),
  stringifySearch: (search) => stringifyQuery(search as Record<string, unknown>),
  defaultPreload: false,
  scrollRestoration: true,
  defaultPendingMs: 300,
});

registerBuiltRoutes(Object.keys(router.routesByPath));

router.subscribe('onResolved', ({ toLocation }) => {
  navigation.arrived(toLocation.pathname, toLocation.search as Record<string, string>);
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
