// Budget check: the gzipped JavaScript the landing route loads must stay within 157 KiB (issue: foundation; 180 until
// session 19, when thirteen new routes (EV, gift card, vouchers, loyalty, payment methods) added their route-tree
// entries to the app's entry: +1.6 KiB; 182 until session 20, when eight more (tutorials, benefits, wash tickets, refer,
// odometer) added 2.4 KiB, most of it the preload table of their chunks' dependencies (__vite__mapDeps); 184 until
// session 21, when full zod left the start-up code (issue 16): plain contract values (contract/plain/), response
// schemas loaded beside their request (lib/http/client.ts lazySchema) and zod-free search schemas (lib/search-schema.ts)
// took the landing page from 183.2 to 156.0 KiB and /pay/pump from 205.2 to 178.0 KiB; the same for the ev, payment
// methods, loyalty, vehicles, vouchers and wallet calls took /pay/prepay/summary from 229.2 to 199.0 KiB).
// Reads the Vite manifest: the entry and its static imports, the landing route's chunks and the English shell catalog.
// And the chunk graph (issue 15): the entry, /landing, every /pay route and the /map route's own chunk load no
// MapLibre code statically; MapLibre lives only in chunks reached through a dynamic import (the lazy map).
// And (issue 16) no zod in what the entry, /landing, /pay/pump and /pay/prepay/summary load statically: an import of a
// contract's zod module there (for a constant, say) would bring the ~25 KiB back; import the value from contract/plain/
// instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_KIB = Number(process.env.BUDGET_KIB ?? 157);
const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

// The JavaScript a first visit to a route waits for: the entry and its static imports, the route's chunks (its own and
// its parent layouts') and the English catalogs it needs before its first screen (public pages: the shell one only).
function measure(routeKeys, catalogs) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  routeKeys.forEach(visit);
  for (const name of catalogs) {
    const catalog = Object.keys(manifest).find((key) => key.startsWith(`src/locales/en/${name}.po`));
    if (!catalog) throw new Error(`the English ${name} catalog is not in the manifest`);
    visit(catalog);
  }
  const rows = [...files].map((file) => [file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length]);
  return { rows, total: rows.reduce((sum, [, size]) => sum + size, 0) };
}
const routeChunks = (...sources) =>
  Object.keys(manifest).filter((key) => sources.some((source) => key.startsWith(`src/routes/${source}?`)));

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const landing = routeChunks('(public)/landing.tsx');
if (landing.length === 0) throw new Error('landing route chunk not found in the manifest');
const { rows, total } = measure(landing, ['shell']);
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
// For information (issue 16 aims at 120 KiB per route): /pay (which redirects to /pay/pump) and the prepay summary.
const others = {
  '/pay/pump': routeChunks('pay/route.tsx', 'pay/pump.tsx'),
  '/pay/prepay/summary': routeChunks('pay/route.tsx', 'pay/prepay/route.tsx', 'pay/prepay/summary.tsx'),
};
for (const [path, keys] of Object.entries(others)) {
  if (keys.length === 0) throw new Error(`no route chunk for ${path} in the manifest`);
  const kib = measure(keys, ['shell', 'messages']).total / 1024;
  console.log(`${path} route JavaScript: ${kib.toFixed(1)} KiB gzip (not budgeted)`);
}
// --- The chunk graph: no MapLibre on the landing page or the pay path ----------------------------------------------
const MAPLIBRE = /MapLibre GL JS|maplibregl-canvas/;
const hasMaplibre = (file) => MAPLIBRE.test(readFileSync(join(dist, file), 'utf8'));
function staticClosure(keys) {
  const seen = new Set();
  const out = [];
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    out.push({ key, files: [chunk.file, ...(chunk.css ?? [])] });
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  keys.forEach(walk);
  return out;
}
const routes = Object.keys(manifest);
const guarded = {
  entry: entries,
  landing,
  pay: routes.filter((key) => key.startsWith('src/routes/pay/')),
  'map route (lazy map only)': routes.filter((key) => key.startsWith('src/routes/map/')),
};
if (guarded.pay.length === 0) throw new Error('no /pay route chunk in the manifest');
if (guarded['map route (lazy map only)'].length === 0) throw new Error('no /map route chunk in the manifest');
const withMaplibre = routes.filter((key) => hasMaplibre(manifest[key].file));
// The check must be able to fail: the map chunk itself is found by the same signature.
if (withMaplibre.length === 0) throw new Error('no chunk with MapLibre found: the signature check is broken');
let graphOk = true;
for (const [name, keys] of Object.entries(guarded)) {
  const closure = staticClosure(keys);
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

// --- No zod at start-up or on the pay path: the entry, /landing, /pay/pump, /pay/prepay/summary ---------------
const ZOD = /\$ZodType/;
const withZod = routes.filter(
  (key) => manifest[key].file.endsWith('.js') && ZOD.test(readFileSync(join(dist, manifest[key].file), 'utf8')),
);
// The check must be able to fail: the lazily loaded contracts still bring zod, found by the same signature.
if (withZod.length === 0) throw new Error('no chunk with zod found: the signature check is broken');
let zodOk = true;
for (const [name, keys] of Object.entries({
  entry: entries,
  landing,
  '/pay/pump': others['/pay/pump'],
  '/pay/prepay/summary': others['/pay/prepay/summary'],
})) {
  const bad = staticClosure(keys).filter(({ key }) => withZod.includes(key));
  console.log(`${name}: ${bad.length} chunks with zod loaded statically`);
  for (const { key } of bad) console.error(`  zod reached statically from ${name}: ${key}`);
  if (bad.length > 0) zodOk = false;
}
if (!zodOk) {
  console.error(
    'zod is back in the start-up code or the pay path: import plain values from src/contract/plain/, response ' +
      'schemas lazily',
  );
  process.exit(1);
}

const kib = total / 1024;
console.log(`landing route JavaScript: ${kib.toFixed(1)} KiB gzip (budget ${LIMIT_KIB} KiB)`);
if (kib > LIMIT_KIB) {
  console.error(`Budget exceeded by ${(kib - LIMIT_KIB).toFixed(1)} KiB`);
  process.exit(1);
}
