import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { navigation } from './navigation';
import { parseQuery, stringifyQuery } from './query-carry';
import { queryClient } from './query-client';

function createAppRouter() {
  const router = createRouter({
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
  return router;
}

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * The app's router, made on first use. Not when this module loads: setting it up (the browser history, the route
 * tree) is ~20 ms of a slowed phone's main thread, and main.tsx asks for it in a task of its own after the station
 * link's early requests have gone out, so the entry's evaluation is not one long task with it (issue 16).
 */
export function appRouter(): ReturnType<typeof createAppRouter> {
  router ??= createAppRouter();
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
