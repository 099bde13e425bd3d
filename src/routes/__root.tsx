import { Trans } from '@lingui/react/macro';
import { createRootRouteWithContext, Link, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { navigation } from '../app/navigation';
import { applyQueryRules, type Query, sameQuery, stringifyQuery } from '../app/query-carry';
import type { RouterContext } from '../app/router';
import { showsFooter, showsSupportWidget } from '../app/shell-rules';
import { Footer } from '../app/ui/Footer';
import { OfflineBanner } from '../app/ui/OfflineBanner';
import { SupportWidget } from '../app/ui/SupportWidget';
import { TopBar } from '../app/ui/TopBar';
import { UpdatePrompt } from '../app/ui/UpdatePrompt';

export const Route = createRootRouteWithContext<RouterContext>()({
  search: {
    // Links and navigations get the carried query when they are built (no redirect needed).
    middlewares: [
      ({ search, next }) =>
        applyQueryRules({ previous: search as Query, next: next(search) as Query, nextPath: null }) as never,
    ],
  },
  beforeLoad: ({ location, cause }) => {
    if (cause === 'preload') return;
    // Direct loads and anything the middleware could not know (the /register data rule) are settled here.
    const next = location.search as Query;
    const computed = applyQueryRules({
      previous: navigation.current()?.query ?? {},
      next,
      nextPath: location.pathname,
    });
    if (!sameQuery(computed, next)) {
      const hash = location.hash ? `#${location.hash}` : '';
      throw redirect({ href: `${location.pathname}${stringifyQuery(computed)}${hash}`, replace: true });
    }
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // After an in-app navigation, put keyboard and screen-reader focus on the new page (unless the page took it itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the path
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <TopBar />
      <OfflineBanner />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      {showsSupportWidget(pathname) ? <SupportWidget /> : null}
      {showsFooter(pathname) ? <Footer /> : null}
      <UpdatePrompt />
    </div>
  );
}

function NotFound() {
  return (
    <section className="page center">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Go to start</Trans>
      </Link>
    </section>
  );
}
