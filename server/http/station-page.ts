// A station link's first screen as HTML (issue 16: Lighthouse /pay?pid=… scored 86 with its largest paint at 3.5 s:
// the pump page waited for ~165 KiB of JavaScript, the guest sign-in and the station). A new visitor's cold start of
// /pay?pid=… or /pay/pump?pid=… (a host app's callback and hideRydMapLink besides, nothing else) gets the station's
// pump selection inside #root, rendered by the app's own components on the server (src/ssr/station-page.tsx, built
// beside the app into STATIC_DIR/.vite/ssr), in the language the browser asks for, and the station itself as JSON
// after it (the app puts it into its cache before its
// first screen, src/main.tsx, so it renders that same page over the HTML's). The app's code then starts as on the
// prerendered landing page (prerender.ts, scripts/prerender.ts: after the paint; a stored session or another stored
// language drops the markup first). The station is read on every such request (pump states change), as GET
// /v4/pois/{id} reads it. A build without the renderer, an unknown station, or one whose first screen is another
// (an offline station, a brand's hint first): the HTML as built.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STATION_DATA_ID } from '../../contract/page-data';
import type { Poi } from '../../contract/stations';

/** The renderer's module in a static directory (vite.config.ts: `vite build --ssr`). */
export const STATION_RENDERER_FILE = '.vite/ssr/station-page.mjs';

export type StationRenderer = {
  languages: readonly string[];
  renderStationPage(input: { url: string; station: Poi; language: string }): Promise<string | null>;
};

const isRenderer = (value: unknown): value is StationRenderer =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as StationRenderer).languages) &&
  typeof (value as StationRenderer).renderStationPage === 'function';

/** The renderer of a static directory, or null (none built, or not of the expected shape). */
export async function loadStationRenderer(staticDir: string): Promise<StationRenderer | null> {
  const file = join(staticDir, STATION_RENDERER_FILE);
  try {
    // By its time too: a build written over the running server's is a new module, not the one imported before.
    const loaded: unknown = await import(`${pathToFileURL(file).href}?v=${statSync(file).mtimeMs}`);
    return isRenderer(loaded) ? loaded : null;
  } catch {
    return null;
  }
}

const STATION_PATHS = new Set(['/pay', '/pay/pump']);
const STATION_ID = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * What else a station link may carry and still open on the page the server renders: a host app's return address and
 * its "no map link" flag (the renderer reads the URL as the app does). Anything else (an order, a payment's return,
 * coordinates, a partner's look) opens elsewhere or differently.
 */
const ALSO = new Set(['callback', 'hideRydMapLink']);

/** The station a URL is the first screen of (a path of STATION_PATHS with `pid`, once, and ALSO at most), or null. */
export function stationLinkId(path: string, search: string): string | null {
  if (!STATION_PATHS.has(path)) return null;
  const params = new URLSearchParams(search);
  const keys = [...params.keys()];
  const pid = params.get('pid');
  if (pid === null || !STATION_ID.test(pid) || params.getAll('pid').length !== 1) return null;
  return keys.every((key) => key === 'pid' || ALSO.has(key)) && new Set(keys).size === keys.length ? pid : null;
}

/** The station as a JSON data block after #root: `<` escaped, so no text in it can close the element. */
export const stationData = (station: Poi): string =>
  `<script type="application/json" id="${STATION_DATA_ID}">${JSON.stringify(station).replace(/</g, '\\u003c')}</script>`;
