import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '../api/session';
import { rootRedirect } from '../domain/guards';
import { type Query, stringifyQuery } from '../domain/query';

/**
 * Targets of the / redirect that are not built yet. The station shell (/pay) and the map (/map) come with later
 * issues; until then a signed-in driver lands on settings instead of a not-found page.
 */
const NOT_YET_BUILT = new Set(['/pay', '/map']);

export const Route = createFileRoute('/')({
  beforeLoad: ({ location }) => {
    const query = location.search as Query;
    const target = rootRedirect(query);
    // A first visit (never signed in, not even as a guest) starts on the landing page.
    if (!session.isLoggedIn() && query.redirect === undefined && query.pid === undefined) {
      throw redirect({ href: `/landing${stringifyQuery(target.search)}`, replace: true });
    }
    const to = NOT_YET_BUILT.has(target.to) ? '/settings' : target.to;
    throw redirect({ href: `${to}${stringifyQuery(target.search)}`, replace: true });
  },
});
