import { createFileRoute, redirect } from '@tanstack/react-router';
import { rootRedirect } from '../app/guard-rules';
import { HOME_PATH } from '../app/home';
import { type Query, stringifyQuery, type UiQuery, uiQuery } from '../app/query-carry';
import { session } from '../features/session/store';

export const Route = createFileRoute('/')({
  validateSearch: uiQuery,
  beforeLoad: ({ location }) => {
    const query = location.search as Query;
    const { to, search } = rootRedirect(query);
    // A first visit (never signed in, not even as a guest) starts on the landing page.
    if (!session.isLoggedIn() && query.redirect === undefined && query.pid === undefined) {
      throw redirect({ to: '/landing', search: search as UiQuery, replace: true });
    }
    if (to === '/pay') throw redirect({ to: '/pay', search: search as UiQuery, replace: true });
    if (to === '/map') throw redirect({ to: HOME_PATH, search: search as UiQuery, replace: true });
    // A feedback redirect names any path of the app, decoded and checked to stay on this origin.
    throw redirect({ href: `${to}${stringifyQuery(search)}`, replace: true });
  },
});
