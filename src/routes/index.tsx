import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '../api/session';
import { builtOr } from '../app/built-routes';
import { rootRedirect } from '../domain/guards';
import { type Query, stringifyQuery } from '../domain/query';

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
