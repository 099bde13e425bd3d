import { Trans } from '@lingui/react/macro';
import { createRootRouteWithContext, Link, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { carryOnBuild, carryQuery, leaving, type Query, sameQuery, type UiQuery, uiQuery } from '../app/query-carry';
import { featureMutations } from '../app/query-client';
import type { RouterContext } from '../app/router-context';
import { AppFrame } from '../app/ui/AppFrame';
import { OfflineBanner } from '../app/ui/OfflineBanner';
import { TopBar } from '../app/ui/TopBar';
import { UpdatePrompt } from '../app/ui/UpdatePrompt';
import { ResumeOrders } from '../features/orders/resume/ui/ResumeOrders';
import { areaMessages, isShellPath } from '../i18n';
import { buttonClass, Page } from '../ui';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: uiQuery,
  search: { middlewares: [carryOnBuild] },
  beforeLoad: async ({ location, cause }) => {
    // A feature page renders with its area's strings in (the shell catalog alone covers the public pages), and with
    // the pay path's mutation defaults registered (app/query-client.ts).
    if (!isShellPath(location.pathname)) await Promise.all([areaMessages(location.pathname), featureMutations()]);
    if (cause === 'preload') return;
    // Carrying happened when the navigation was built; here only the rules that need the path (the /register data
    // rule) and the first load (auth=0) are left to settle.
    const next = location.search as Query;
    const settled = carryQuery({ previous: {}, next, nextPath: location.pathname });
    if (!sameQuery(settled, next)) {
      // `leaving`: the settled query is final; the middleware must not carry the old one back into it.
      throw redirect({
        to: location.pathname as '/',
        search: leaving(settled) as UiQuery,
        hash: location.hash,
        replace: true,
      });
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
    <AppFrame
      pathname={pathname}
      before={
        <>
          <TopBar />
          <OfflineBanner />
          <ResumeOrders />
        </>
      }
      after={<UpdatePrompt />}
    >
      <Outlet />
    </AppFrame>
  );
}

function NotFound() {
  return (
    <Page
      align="center"
      title={<Trans>Page not found</Trans>}
      description={<Trans>The page you are looking for does not exist.</Trans>}
      actions={
        <Link to="/" className={buttonClass()}>
          <Trans>Go to start</Trans>
        </Link>
      }
    />
  );
}
