// Boot: language, query client (+ persister, mutation defaults), router, session events, outbox, service worker,
// maintenance check.
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { STATION_DATA_ID } from '../contract/page-data';
import { PAGE_PENDING_ATTRIBUTE, setHtmlPageShows } from './app/html-page';
import { isUnderMaintenance } from './app/maintenance';
import {
  CACHE_BUSTER,
  cacheRestored,
  dehydrateOptions,
  featureMutations,
  keepCacheOnLeave,
  persister,
  queryClient,
} from './app/query-client';
import { appRouter } from './app/router';
import { installSessionEvents } from './app/session-events';
import { serviceWorker } from './app/sw-register';
import { configureOutbox, outboxMayHoldWrites } from './db/outbox-hooks';
import { refreshHostApps } from './features/embedding/queries';
import { startGuestSessionEarly } from './features/session/queries';
import { activateLanguage, i18n, initialLanguage, isShellPath } from './i18n';
import { pagesFadeIn } from './ui/page-motion';
import './styles.css';

installSessionEvents(appRouter);

/**
 * Features whose writes register their senders when their code loads come first, so every waiting write has its
 * sender; then the outbox starts (sends what waits, and again whenever the signal returns). Once; a failed load is
 * tried again by the next caller.
 */
let outboxPrepared: Promise<void> | undefined;
function prepareOutbox(): Promise<void> {
  outboxPrepared ??= Promise.all([
    import('./db/app-outbox'),
    featureMutations(),
    import('./features/history/queries'),
    import('./features/wash/tickets-queries'),
  ]).then(
    ([{ outbox }]) => outbox.start(),
    (error: unknown) => {
      outboxPrepared = undefined;
      throw error;
    },
  );
  return outboxPrepared;
}
configureOutbox({ prepare: prepareOutbox });

/**
 * A station link (/pay?pid=…, a pump's QR code). Station reads are open to everyone, so the station is asked for at
 * once, beside the session, instead of after it when the page renders; the page's query then finds it in the cache
 * (or in flight). And the pay pages need a session (app/guards.ts): a new visitor's guest sign-in goes out now too,
 * not when the router's guard runs. The station a station link's HTML brought goes into the cache at once, so the
 * pump page's first screen is the page the HTML showed.
 */
function startPayPathEarly(): void {
  if (!/^\/pay(\/|$)/.test(window.location.pathname)) return;
  startGuestSessionEarly(queryClient);
  const pid = new URLSearchParams(window.location.search).get('pid');
  if (!pid) return;
  // The station a station link's HTML brought (server/http/station-page.ts), taken out of the page.
  const embedded = document.getElementById(STATION_DATA_ID);
  embedded?.remove();
  void import('./features/stations/queries').then(({ seedStation, stationQuery }) => {
    if (embedded) void seedStation(queryClient, pid, embedded.textContent).catch(() => {});
    return queryClient.prefetchQuery(stationQuery(pid));
  });
}
startPayPathEarly();

/**
 * Pages fade in when the driver moves between them, not on the start's first screen (ui/page-motion.ts): from the
 * first navigation after the first page was shown (the start's own redirects come before that).
 */
function fadeInLaterPages(): void {
  const router = appRouter();
  const stopWatchingNavigation = router.subscribe('onBeforeNavigate', () => {
    if (!router.state.resolvedLocation) return;
    stopWatchingNavigation();
    pagesFadeIn();
  });
}

/** Once the router has shown its first page: `later` schedules `run` from then. */
function onceFirstPageShown(later: () => void): void {
  const router = appRouter();
  if (router.state.resolvedLocation) {
    later();
    return;
  }
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    later();
  });
}

/** Once the router has shown its first page, when the browser is idle (at most 2 s later). */
function afterFirstScreen(run: () => void): void {
  onceFirstPageShown(() =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200),
  );
}

/**
 * Once the router has shown its first page and the browser has painted content (its first-contentful-paint entry, which
 * comes after the frame is on the screen; a second at most where there is none).
 */
function afterFirstPaint(run: () => void): void {
  let pending: (() => void) | null = run;
  const start = () => {
    if (pending) setTimeout(pending);
    pending = null;
  };
  onceFirstPageShown(() => {
    setTimeout(start, 1000);
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    }).observe({ type: 'paint', buffered: true });
  });
}

/**
 * A container for the app that takes `prerendered`'s place (and id) once the app has committed content into it: the
 * app's first commit may be empty (the router still loading), and the page must not go blank in between.
 */
function replacedAtFirstCommit(prerendered: HTMLElement): HTMLElement {
  const next = document.createElement('div');
  setHtmlPageShows(true);
  const observer = new MutationObserver(() => {
    // A page whose content still renders in the background (app/html-page) is not shown yet either.
    if (!next.firstElementChild || next.querySelector(`[${PAGE_PENDING_ATTRIBUTE}]`)) return;
    observer.disconnect();
    setHtmlPageShows(false);
    prerendered.replaceWith(next);
    next.id = prerendered.id;
  });
  observer.observe(next, { childList: true, subtree: true });
  return next;
}

async function boot() {
  // On a public page the first screen needs only the shell catalog; on a feature page also its area's (src/i18n).
  const language = activateLanguage(initialLanguage(), false, { pathname: window.location.pathname });
  void language.catch(() => {}); // awaited below
  // The router's set-up (its history, the route tree: app/router.tsx) in a task of its own, after this one's: the
  // entry's evaluation and a station link's early requests (above) were one long task with it (issue 16).
  await new Promise((resolve) => setTimeout(resolve));
  const router = appRouter();
  fadeInLaterPages();
  await language;
  const root = document.getElementById('root');
  if (!root) return;
  // A page the server prerendered (server/http/prerender.ts) stays on the screen until the app has rendered its own.
  const reactRoot = createRoot(root.firstElementChild ? replacedAtFirstCommit(root) : root);
  // In a transition, React renders the first screen in slices and yields between them (~5 ms each), instead of one
  // long task: the browser stays responsive while the app starts (issue 16: total blocking time).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={{ persister, buster: CACHE_BUSTER, dehydrateOptions }}
            onSuccess={cacheRestored}
          >
            <RouterProvider router={router} />
          </PersistQueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
  keepCacheOnLeave();
  // The host apps a callback may return to (kept in the persisted cache for a start without signal). A feature page
  // asks at once: a station page's exit reads the list synchronously (app/leave.ts), possibly right after the first
  // screen. A public page has no exit: it asks once painted, below.
  const publicPage = isShellPath(window.location.pathname);
  if (!publicPage) refreshHostApps();
  // What the first screen does not wait for starts once it is painted: the service worker's registration, the
  // maintenance check (and a public page's host apps). Asked for before, they shared a slow phone's network and main
  // thread with the first screen's code.
  afterFirstPaint(() => {
    serviceWorker.register();
    if (publicPage) refreshHostApps();
    // "If its production flag is set, it goes to /maintenance." On timeout or error the app simply continues. A start
    // without signal asks once the signal is back, not at once: the request would fail, and nothing would ask again.
    const checkMaintenance = async () => {
      if (await isUnderMaintenance()) void router.navigate({ to: '/maintenance' });
    };
    if (navigator.onLine) void checkMaintenance();
    else window.addEventListener('online', () => void checkMaintenance(), { once: true });
  });
  // Writes made without signal in an earlier visit go out once the first screen is up and the browser is idle (and
  // whenever the signal returns); the outbox and Dexie are not part of the start's work. Writes are made on feature
  // pages only: a start on a public page (the landing page, sign-in) with nothing waiting (the mark, or no database at
  // all: db/outbox-hooks.ts) loads them with the first feature page instead, while there is signal, so a write made
  // later without signal can still wait in the outbox.
  afterFirstScreen(() => {
    void outboxMayHoldWrites()
      .then((maybe) => {
        if (maybe || !isShellPath(router.state.location.pathname)) return prepareOutbox();
        const unsubscribe = router.subscribe('onResolved', ({ toLocation }) => {
          if (isShellPath(toLocation.pathname)) return;
          unsubscribe();
          void prepareOutbox().catch(() => {});
        });
      })
      .catch(() => {
        // Its code could not load (no signal on a first visit): the next write tries again.
      });
  });
}

void boot();
