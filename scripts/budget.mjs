// Budget check: the gzipped JavaScript the landing route loads must stay within 157 KiB (issue: foundation; 180 until
// session 19, when thirteen new routes (EV, gift card, vouchers, loyalty, payment methods) added their route-tree
// entries to the app's entry: +1.6 KiB; 182 until session 20, when eight more (tutorials, benefits, wash tickets, refer,
// odometer) added 2.4 KiB, most of it the preload table of their chunks' dependencies (__vite__mapDeps); 184 until
// session 21, when full zod left the start-up code (issue 16): plain contract values (contract/plain/), response
// schemas loaded beside their request (lib/http/client.ts lazySchema) and zod-free search schemas (lib/search-schema.ts)
// took the landing page from 183.2 to 156.0 KiB and /pay/pump from 205.2 to 178.0 KiB; the same for the ev, payment
// methods, loyalty, vehicles, vouchers and wallet calls took /pay/prepay/summary from 229.2 to 199.0 KiB).
// 157 until session 22 (issue 16): the pay path's mutation defaults loaded with the first feature page
// (app/feature-mutations.ts), the language sheet with its button, the nearby-station search with its rare link, no
// already-loaded chunk in the route chunks' preload lists, no modulepreload polyfill, no useSyncExternalStore shim.
// Since then all three routes of issue 16 are budgeted (LIMITS below), not only the landing page.
// Session 23 (issue 16): the features' catalog split by area (lingui.config.ts): a feature page waits for the shell
// catalog and its area's only (pay, map, history, account), no longer all features' strings: /pay/pump from 180.2 to
// 172.3 KiB, /pay/prepay/summary from 200.5 to 192.6 KiB. /landing from 149.5 to 150.4 KiB (limit 150 to 150.9): the
// entry's table of catalog chunks grew from 18 to 45, and the strings shared by pay and account moved to the shell.
// The other areas are printed, not budgeted: /map 213.7 to 202.4, /history 224.6 to 214.8, /profile/cars 203.7 to 196.9.
// Then the framework (React, the router, react-query, Lingui, ky) one chunk and the rest of the start-up code another
// (vite.config.ts codeSplitting; the entry loaded 31 chunks, now 3): /landing 142.4, /pay/pump 164.1,
// /pay/prepay/summary 183.6 KiB; limits 143 / 164.6 / 184.1. The summary's fuel-card sheet (its VIN / mileage check,
// the rest loads with the sheet) took the summary to 184.1: limit 184.6.
// Session 28: +0.2 KiB on each (143.2 / 164.8 / 184.8) for two start-up changes in the entry, 0.1 KiB together at
// most: a new visitor's guest sign-in goes out as the app starts (main.tsx; the pump page's first screen came ~0.6 s
// earlier at CPU × 4), and the start's first screen does not fade in (ui/page-motion.ts). Then the summary 184.9: the
// service worker's registration, the host apps and the maintenance check wait for the first contentful paint
// (main.tsx; Lighthouse /landing 96-97 to 98, its simulated LCP 2.33 to 2.13 s).
// Session 29: +0.1 KiB on each (143.3 / 164.9 / 185.0): on a prerendered page the app renders into a container that
// takes #root's place at its first commit (main.tsx replacedAtFirstCommit), so the HTML's page never goes blank
// (Lighthouse /landing: LCP 2.12 s to 0.91 s, server/http/prerender.ts).
// Session 31: 143.4 / 165.2 / 185.3 (+0.1 / +0.3 / +0.3): a station link's first screen comes as HTML with the station
// in it (server/http/station-page.ts); the entry takes that station out of the page and puts it into the cache
// (main.tsx, stations/queries.ts seedStation), the shell's frame is a component the server renders too (AppFrame),
// the pump page's view one (StationScreen). Lighthouse /pay?pid=: 86 to 98-99, LCP 3.5 s to 0.9 s.
// Session 32: 143.6 / 165.4 / 185.5 (+0.2 / +0.2 / +0.2; measured 143.51 / 165.31 / 185.44): behind a station link's
// HTML page the pump page renders in the background instead of in the router's synchronous update
// (app/html-page.tsx; main.tsx swaps the app in once it has): the start's longest task after the paint (~100 ms at
// CPU × 4) is gone; `tbt` /pay?pid= 88-126 to 65-67 ms (A/B, medians of 9). Then /pay/prepay/summary 185.6: the wash
// tickets' sender loads the orders contract's zod schemas with its write instead of at boot (+~60 bytes of loader).
// Session 40: 143.8 / 165.8 / 185.9 (measured 143.7 / 165.7 / 185.8; +0.2 / +0.4 / +0.3). The shell catalog holds
// the security fixes' messages every page may show (issue 32: weak passwords' two new reasons, the Amazon link screen,
// +0.13 KiB); the pay catalog the EV cost limit's strings (issue 39, +0.14 KiB on every pay page); the entry's preload
// table names the new chunks (+0.12 KiB). Won back meanwhile: the password rules load with the two forms that choose a
// password, not with every form (lib/new-password.ts, -0.3 KiB on the summary), the cost limit's call with the EV
// summary only (features/ev/cost-limit-queries.ts), the image-quota message with the history (-0.05 KiB on all).
// Reads the Vite manifest: the entry and its static imports, the route's chunks and the English catalogs it waits for;
// a feature page (not a shell page) also the chunk the root route's beforeLoad loads for it (feature-mutations).
// And the chunk graph (issue 15): the entry, /landing, every /pay route and the /map route's own chunk load no
// MapLibre code statically; MapLibre lives only in chunks reached through a dynamic import (the lazy map).
// And (issue 16) no zod in what the entry, /landing and every /pay route (the route tree's pay/ files, each with its
// layouts) load before their first screen: an import of a contract's zod module there (for a constant, say) would bring
// the ~25 KiB back; import the value from contract/plain/ instead, and a response schema through lazySchema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// gzip KiB of the JavaScript each route waits for (CSS is printed beside it, not budgeted). ~1 KiB over the figure
// measured when the limit was set; BUDGET_KIB overrides the landing page's.
const LIMITS = {
  '/landing': Number(process.env.BUDGET_KIB ?? 143.8),
  '/pay/pump': 165.8,
  '/pay/prepay/summary': 185.9,
};
const dist = process.env.BUDGET_DIST ?? new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const keys = Object.keys(manifest);
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const entries = keys.filter((key) => manifest[key].isEntry);
/** What the root route's beforeLoad loads before a feature page renders (besides its area's catalog). */
const FEATURE_PAGE_CHUNKS = ['src/app/feature-mutations.ts'];
for (const key of FEATURE_PAGE_CHUNKS) if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
const catalogKey = (name) => {
  const key = keys.find((k) => k.startsWith(`src/locales/en/${name}.po`));
  if (!key) throw new Error(`the English ${name} catalog is not in the manifest`);
  return key;
};
const routeChunks = (...sources) =>
  keys.filter((key) => sources.some((source) => key.startsWith(`src/routes/${source}?`)));
/** A route file's chunks with its layouts' (pay/prepay/summary.tsx: pay/route.tsx, pay/prepay/route.tsx too). */
function withLayouts(source) {
  const parts = source.split('/');
  const layouts = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('/')}/route.tsx`);
  return routeChunks(...new Set([...layouts, source]));
}

/** The chunks loaded statically from `start` (manifest keys), with their files (JS and CSS). */
function staticClosure(start) {
  const seen = new Set();
  const out = [];
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    out.push({ key, files: [chunk.file, ...(chunk.css ?? [])] });
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  start.forEach(walk);
  return out;
}

/** The catalog of a feature page's area, as src/i18n/catalog-area.ts areaOfPath has it (the first path segment). */
const AREA_OF_SEGMENT = { pay: 'pay', map: 'map', history: 'history' };
const areaOf = (source) => AREA_OF_SEGMENT[source.split('/')[0]] ?? 'account';

/** Everything a first visit to a route waits for: entry, the route's chunks, the catalogs, the feature-page chunks. */
function firstScreen(routeKeys, { shell, area }) {
  const catalogs = shell ? [catalogKey('shell')] : [catalogKey('shell'), catalogKey(area)];
  return staticClosure([...entries, ...routeKeys, ...catalogs, ...(shell ? [] : FEATURE_PAGE_CHUNKS)]);
}
function measure(closure) {
  const files = [...new Set(closure.flatMap(({ files }) => files))];
  const rows = files.map((file) => [file, gz(file)]);
  const sum = (ext) => rows.filter(([file]) => file.endsWith(ext)).reduce((total, [, size]) => total + size, 0);
  return { rows, js: sum('.js'), css: sum('.css') };
}

const landing = routeChunks('(public)/landing.tsx');
if (landing.length === 0) throw new Error('landing route chunk not found in the manifest');
const budgeted = {
  '/landing': firstScreen(landing, { shell: true }),
  '/pay/pump': firstScreen(withLayouts('pay/pump.tsx'), { shell: false, area: areaOf('pay/pump.tsx') }),
  '/pay/prepay/summary': firstScreen(withLayouts('pay/prepay/summary.tsx'), {
    shell: false,
    area: areaOf('pay/prepay/summary.tsx'),
  }),
};
const landingRows = measure(budgeted['/landing']).rows.filter(([file]) => file.endsWith('.js'));
landingRows.sort((a, b) => b[1] - a[1]);
console.log('/landing, file by file:');
for (const [file, size] of landingRows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);

// --- The chunk graph: no MapLibre on the landing page or the pay path ----------------------------------------------
const MAPLIBRE = /MapLibre GL JS|maplibregl-canvas/;
const hasMaplibre = (file) => MAPLIBRE.test(readFileSync(join(dist, file), 'utf8'));
const guarded = {
  entry: entries,
  landing,
  pay: keys.filter((key) => key.startsWith('src/routes/pay/')),
  'map route (lazy map only)': keys.filter((key) => key.startsWith('src/routes/map/')),
};
if (guarded.pay.length === 0) throw new Error('no /pay route chunk in the manifest');
if (guarded['map route (lazy map only)'].length === 0) throw new Error('no /map route chunk in the manifest');
const withMaplibre = keys.filter((key) => hasMaplibre(manifest[key].file));
// The check must be able to fail: the map chunk itself is found by the same signature.
if (withMaplibre.length === 0) throw new Error('no chunk with MapLibre found: the signature check is broken');
let graphOk = true;
for (const [name, start] of Object.entries(guarded)) {
  const closure = staticClosure(start);
  const bad = closure.filter(({ files }) => files.some(hasMaplibre));
  console.log(`${name}: ${closure.length} chunks loaded statically, ${bad.length} with MapLibre`);
  for (const { key } of bad) console.error(`  MapLibre reached statically from ${name}: ${key}`);
  if (bad.length > 0) graphOk = false;
}
console.log(`MapLibre only in lazily loaded chunks: ${withMaplibre.map((key) => manifest[key].file).join(', ')}`);
if (!graphOk) {
  console.error('The landing page, the pay flow or the map route loads MapLibre statically');
  process.exit(1);
}

// --- No zod at start-up or on the pay path: the entry, /landing, every /pay route ------------------------------------
const ZOD = /\$ZodType/;
const withZod = keys.filter(
  (key) => manifest[key].file.endsWith('.js') && ZOD.test(readFileSync(join(dist, manifest[key].file), 'utf8')),
);
// The check must be able to fail: the lazily loaded contracts still bring zod, found by the same signature.
if (withZod.length === 0) throw new Error('no chunk with zod found: the signature check is broken');
// Every route file under src/routes/pay/ in the route tree (layouts and pages), each with its layouts.
const routeTree = readFileSync(new URL('../src/routeTree.gen.ts', import.meta.url), 'utf8');
const payRoutes = [...routeTree.matchAll(/from '\.\/routes\/(pay\/[^']+)'/g)].map((m) => `${m[1]}.tsx`);
if (payRoutes.length < 10) throw new Error(`only ${payRoutes.length} /pay routes found in src/routeTree.gen.ts`);
const zodChecked = {
  entry: staticClosure(entries),
  landing: budgeted['/landing'],
  ...Object.fromEntries(
    payRoutes.map((source) => [`/${source}`, firstScreen(withLayouts(source), { shell: false, area: areaOf(source) })]),
  ),
};
let zodOk = true;
const clean = [];
for (const [name, closure] of Object.entries(zodChecked)) {
  const bad = closure.filter(({ key }) => withZod.includes(key));
  if (bad.length === 0) clean.push(name);
  else {
    for (const { key } of bad) console.error(`  zod reached statically from ${name}: ${key}`);
    zodOk = false;
  }
}
console.log(`no zod loaded statically by ${clean.length} of ${Object.keys(zodChecked).length}: ${clean.join(', ')}`);
if (!zodOk) {
  console.error(
    'zod is back in the start-up code or the pay path: import plain values from contract/plain/, response ' +
      'schemas lazily (lib/http lazySchema)',
  );
  process.exit(1);
}

// --- The budget ------------------------------------------------------------------------------------------------------
// The other areas' first pages, measured (not budgeted): each waits for its own area's catalog.
const measured = {
  '/map': firstScreen(withLayouts('map/index.tsx'), { shell: false, area: areaOf('map/index.tsx') }),
  '/history': firstScreen(withLayouts('history/index.tsx'), { shell: false, area: areaOf('history/index.tsx') }),
  '/profile/cars': firstScreen(withLayouts('profile/cars/index.tsx'), {
    shell: false,
    area: areaOf('profile/cars/index.tsx'),
  }),
};
for (const [path, closure] of Object.entries(measured)) {
  const { js, css } = measure(closure);
  console.log(
    `${path} route JavaScript: ${(js / 1024).toFixed(1)} KiB gzip in ${closure.length} chunks (CSS ${(css / 1024).toFixed(1)} KiB more)`,
  );
}
let over = false;
for (const [path, closure] of Object.entries(budgeted)) {
  const { js, css } = measure(closure);
  const kib = js / 1024;
  const limit = LIMITS[path];
  console.log(
    `${path} route JavaScript: ${kib.toFixed(1)} KiB gzip (${js} B) in ${closure.length} chunks (budget ${limit} KiB = ${Math.floor(limit * 1024)} B; CSS ${(css / 1024).toFixed(1)} KiB more)`,
  );
  if (kib > limit) {
    console.error(`  ${path}: budget exceeded by ${(kib - limit).toFixed(1)} KiB`);
    over = true;
  }
}
if (over) process.exit(1);
