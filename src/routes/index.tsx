import { createFileRoute, redirect } from '@tanstack/react-router';
import { builtOr } from '../app/built-routes';
import { rootRedirect } from '../app/guard-rules';
import { type Query, stringifyQuery } from '../app/query-carry';
import { session } from '../features/session/store';

export const Route = createFileRoute('/')({
  beforeLoad: ({ location }) => {
    const query = location.search as Query;
    const target = rootRedirect(query);
    // A first visit (never signed in, not even as a guest) starts on the landing page.
    if (!session.isLoggedIn() && query.redirect === undefined && query.pid === undefined) {
      throw redirect({ href: `/landing${stringifyQuery(target.search)}`, replace: true });
    }
    // The map comes with a later issue; until then a signed-in driver without a station lands on settings.
    const to = builtOr(target.to, '/settings');
    throw redirect({ href: `${to}${stringifyQuery(target.search)}`, replace: true });
  },
});
