// A station link's first screen, rendered on the server (issue 16: /pay's largest paint on a slow phone waited for
// ~165 KiB of JavaScript, the guest sign-in and the station). Built by `vite build --ssr` (vite.config.ts) beside the
// app it belongs to (STATIC_DIR/.vite/ssr/station-page.mjs) and loaded by the server (server/http/station-page.ts),
// which puts the markup into the HTML of /pay?pid=… and /pay/pump?pid=… for a new visitor. It renders the app's own
// components: the shell's frame (AppFrame) around the pump selection (StationScreen) as the app shows it before the
// station is confirmed ("Checking the station…", pumps not yet choosable), for a guest. The app then renders the same
// page over it (src/main.tsx puts the station the HTML brought into its cache first), and confirms the station.
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { Poi } from '../../contract/stations';
import { MAP_IS_HOME } from '../app/home';
import { carryOnBuild, parseQuery, stringifyQuery, type UiQuery, uiQuery } from '../app/query-carry';
import { AppFrame } from '../app/ui/AppFrame';
import { giftCardsOf, opensOnPumps } from '../features/stations/model/pumps';
import { isLanguage, type Language } from '../i18n/language';
import { StationScreen } from '../routes/pay/-components/StationScreen';

/** The catalogs the page needs: the shell's and the pay area's (lingui.config.ts), per language. */
const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/{shell,pay}.po');
const loaded = new Map<Language, Promise<void>>();
function loadMessages(language: Language): Promise<void> {
  let loading = loaded.get(language);
  if (!loading) {
    loading = Promise.all(
      ['shell', 'pay'].map((name) => {
        const importer = catalogs[`../locales/${language}/${name}.po`];
        if (!importer) throw new Error(`no catalog ${language}/${name}`);
        return importer().then(({ messages }) => i18n.load(language, messages));
      }),
    ).then(() => undefined);
    loaded.set(language, loading);
  }
  return loading;
}

/** The root route's query rules, so links are built as the app builds them (src/routes/__root.tsx). */
const rootRoute = createRootRoute({
  validateSearch: uiQuery,
  search: { middlewares: [carryOnBuild] },
});

/**
 * The markup of #root for `url` (a station link: /pay?pid=… or /pay/pump?pid=…) showing `station` in `language`, or
 * null when the first screen is another one (opensOnPumps: features/stations/model/pumps.ts) or the language has no
 * catalogs.
 */
export async function renderStationPage({
  url,
  station,
  language,
}: {
  url: string;
  station: Poi;
  language: string;
}): Promise<string | null> {
  if (!isLanguage(language) || !opensOnPumps(station)) return null;
  await loadMessages(language);
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [url] }),
    parseSearch: (search) => parseQuery(search),
    stringifySearch: (search) => stringifyQuery(search as Record<string, unknown>),
    isServer: true,
  });
  const query = router.state.location.search as UiQuery;
  const none = () => {};
  // Rendering is synchronous: no other request's language can come in between.
  i18n.activate(language);
  return renderToString(
    <I18nProvider i18n={i18n}>
      <RouterContextProvider router={router}>
        <AppFrame pathname="/pay/pump">
          <StationScreen
            station={station}
            isGuest
            confirmed={false}
            online
            canChoose={false}
            // A guest may buy gift cards (routes/-account-page.ts offersGiftCards).
            giftCards={giftCardsOf(station)}
            onChoose={none}
            onGiftCard={none}
            // As the route decides it (routes/pay/pump.tsx): a host app may hide the way to the map.
            onFindAnother={MAP_IS_HOME && query.hideRydMapLink === undefined ? none : undefined}
          />
        </AppFrame>
      </RouterContextProvider>
    </I18nProvider>,
  );
}

/** The languages it renders (the app's nine): the server picks one by Accept-Language. */
export { LANGUAGES as languages } from '../i18n/language';
