// The layering rules of ARCHITECTURE.md as a check in `npm test` (Biome's noRestrictedImports cannot say "another
// feature's folder, but not this one's"). Every relative import of src/ and server/ is resolved to a file and checked:
// - a feature imports another feature only through its queries.ts or model/ (never its api, store or ui);
// - features, lib, ui, db, contract and i18n never import the shell (app/) or routes/;
// - lib, ui, db, contract and i18n import no feature; contract imports nothing of the app (the server shares it);
// - a feature's model/ is pure: no React, router, query client, Dexie, HTTP or DOM storage;
// - the server imports nothing of src/ (both share the top-level contract/ package);
// - contract/ imports nothing but contract/ and zod;
// - the order services reach the payment provider only through its port (ctx.payments), and server/psp, its
//   sandbox adapter, imports no service;
// - server/services and server/psp speak the domain, not HTTP: they import nothing of server/http or server/routes
//   and throw DomainError with a kind, never an HTTP status (the edge, server/http/errors.ts, maps kind to status).
// Prints each violation with file and import; exits 1 when there is any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const rel = (p) => relative(root, p).split(sep).join('/');

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) {
    try {
      if (statSync(base + ext).isFile()) return base + ext;
    } catch {
      // try the next extension
    }
  }
  return base;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const PURE_FORBIDDEN = [/^react(\/|$)/, /^react-dom/, /^@tanstack\//, /^dexie/, /^ky$/, /^@lingui\/react/];

const area = (path) => {
  const r = rel(path);
  if (r.startsWith('contract/')) return { top: 'contract' };
  const m = r.match(/^src\/([^/]+)(?:\/([^/]+))?/);
  if (!m) return r.startsWith('server/') ? { top: 'server' } : { top: 'other' };
  return { top: m[1], feature: m[1] === 'features' ? m[2] : undefined };
};

const violations = [];
const files = [...walk(join(root, 'src')), ...walk(join(root, 'server')), ...walk(join(root, 'contract'))];
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const from = area(file);
  const fromRel = rel(file);
  const isDomain = /^server\/(services|psp)\//.test(fromRel);
  // Known exceptions: the sandbox provider serves its own pages (card form, wallet sheet) as a real provider would
  // from its own host. A new file here must not join them.
  const mayUseHttp = ['server/psp/card-page-html.ts', 'server/psp/sandbox-wallet-handler.ts'].includes(fromRel);
  if (isDomain) {
    if (/\bApiError\s*\(|new DomainError\(\s*\d/.test(source))
      violations.push(`${fromRel}: throws an error with an HTTP status — throw DomainError with a kind`);
    if (!mayUseHttp && /\bfrom\s*['"]hono(\/|['"])/.test(source))
      violations.push(`${fromRel}: imports hono — services and the payment provider know no HTTP`);
  }
  const isModel = /^src\/features\/[^/]+\/model\//.test(fromRel);
  for (const match of source.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    const say = (why) => violations.push(`${fromRel}: '${spec}' — ${why}`);
    if (!spec.startsWith('.')) {
      if (from.top === 'contract' && spec !== 'zod')
        say('contract/ is the wire format: it imports only zod and contract/');
      if (isModel && PURE_FORBIDDEN.some((re) => re.test(spec)))
        say('a model/ stays pure TypeScript (no React, router, query, Dexie, HTTP)');
      continue;
    }
    const target = resolveImport(file, spec);
    const targetRel = rel(target);
    const to = area(target);
    if (from.top === 'server') {
      if (targetRel.startsWith('src/'))
        say('the server imports nothing of the web app: shared code lives in contract/');
      if (isDomain && !mayUseHttp && /^server\/(http|routes)\//.test(targetRel))
        say('services and the payment provider speak the domain: they import nothing of server/http or server/routes');
      if (fromRel.startsWith('server/psp/') && targetRel.startsWith('server/services/'))
        say('the payment provider is an adapter: it imports no service (shared pieces live in server/ or contract/)');
      if (fromRel.startsWith('server/services/orders/') && targetRel.startsWith('server/psp/'))
        say(
          'the order services reach the payment provider through its port, ctx.payments (server/payment-provider.ts)',
        );
      continue;
    }
    if (from.top === 'other') continue;
    if (from.top === 'contract' && to.top !== 'contract')
      say('contract/ is shared with the server: it imports only contract/');
    if (
      ['features', 'lib', 'ui', 'db', 'contract', 'i18n'].includes(from.top) &&
      (to.top === 'app' || to.top === 'routes')
    )
      say('only routes and the shell compose; nothing below them imports app/ or routes/');
    if (['lib', 'ui', 'db', 'contract', 'i18n'].includes(from.top) && to.top === 'features')
      say(`${from.top}/ imports no feature`);
    if (from.top === 'features' && to.top === 'features' && from.feature !== to.feature) {
      const inside = targetRel.slice(`src/features/${to.feature}/`.length);
      if (!(inside === 'queries.ts' || inside.startsWith('model/')))
        say(`another feature is used through its queries.ts or model/, not ${inside}`);
    }
    if (isModel) {
      const allowed =
        to.top === 'contract' ||
        (to.top === 'features' && targetRel.includes('/model/')) ||
        [
          'src/lib/connectivity.ts',
          'src/lib/http/retry.ts',
          'src/lib/http/errors.ts',
          'src/lib/constants.ts',
          'src/lib/validation.ts',
          'src/lib/geo.ts',
          'src/lib/search-schema.ts',
        ].includes(targetRel);
      if (!allowed) say('a model/ imports only contract/, other models and pure lib/ modules');
    }
    if (from.top === 'app' && to.top === 'routes' && targetRel !== 'src/routeTree.gen.ts')
      say('the shell does not import routes');
  }
}

if (violations.length) {
  console.error(`${violations.length} import(s) cross the layers of ARCHITECTURE.md:`);
  for (const line of violations) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`imports respect the layers: ${files.length} files checked`);
