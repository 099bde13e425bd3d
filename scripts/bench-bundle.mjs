// `npm run bench -- bundle` (issue 16): what /landing, /pay/pump and /pay/prepay/summary load, module by module, with
// gzip sizes. Builds the app once more into a temporary directory with a plugin that records each chunk's modules, then
// walks the same static closure as scripts/budget.mjs (entry + the route's chunks + the English catalogs it waits for).
// A module's gzip size is its share of its chunk's gzip size by rendered (pre-minification) length: an estimate, but the
// per-chunk and per-route totals are exact. BENCH_BUNDLE_TOP (default 40) rows per route; BENCH_BUNDLE_GROUP=package
// sums node_modules by package.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const TOP = Number(process.env.BENCH_BUNDLE_TOP ?? 40);
const BY_PACKAGE = process.env.BENCH_BUNDLE_GROUP === 'package';
const outDir = mkdtempSync(join(tmpdir(), 'fp-bundle-'));
const chunkModules = new Map();

try {
  await build({
    root,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      // BENCH_BUNDLE_SPLIT=package: every package in its own chunk, so its minified gzip size is exact.
      ...(process.env.BENCH_BUNDLE_SPLIT === 'package'
        ? {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    {
                      name: (id) => {
                        const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
                        return m ? `pkg-${m[1].replace('/', '+')}` : null;
                      },
                    },
                  ],
                },
              },
            },
          }
        : {}),
    },
    plugins: [
      {
        name: 'record-chunk-modules',
        generateBundle(_options, bundle) {
          for (const item of Object.values(bundle)) {
            if (item.type !== 'chunk') continue;
            chunkModules.set(
              item.fileName,
              Object.entries(item.modules).map(([id, m]) => ({ id, length: m.renderedLength })),
            );
          }
        },
      },
    ],
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const routeChunks = (...sources) =>
    Object.keys(manifest).filter((key) => sources.some((source) => key.startsWith(`src/routes/${source}?`)));
  const withLayouts = (source) => {
    const parts = source.split('/');
    const layouts = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('/')}/route.tsx`);
    return routeChunks(...new Set([...layouts, source]));
  };
  const catalog = (name) => Object.keys(manifest).find((k) => k.startsWith(`src/locales/en/${name}.po`));
  // As scripts/budget.mjs: a feature page also waits for its area's catalog and the root beforeLoad's chunk.
  const closure = (keys, { shell, area }) => {
    const files = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    entries.forEach(visit);
    keys.forEach(visit);
    visit(catalog('shell'));
    if (!shell) {
      visit(catalog(area));
      visit('src/app/feature-mutations.ts');
    }
    return [...files];
  };
  const label = (id) => {
    const clean = id.replace(/\0/g, '').replace(/\?.*$/, '');
    const nm = clean.lastIndexOf('node_modules/');
    if (nm < 0) return relative(root, clean) || clean;
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return BY_PACKAGE ? pkg : `${pkg}: ${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')}`;
  };
  const routes = {
    '/landing': [routeChunks('(public)/landing.tsx'), { shell: true }],
    '/pay/pump': [withLayouts('pay/pump.tsx'), { shell: false, area: 'pay' }],
    '/pay/prepay/summary': [withLayouts('pay/prepay/summary.tsx'), { shell: false, area: 'pay' }],
  };
  for (const [path, [keys, kind]] of Object.entries(routes)) {
    const files = closure(keys, kind);
    const rows = new Map();
    let js = 0;
    let css = 0;
    for (const file of files) {
      const size = gz(file);
      if (file.endsWith('.css')) {
        css += size;
        rows.set(`(css) ${file}`, size);
        continue;
      }
      js += size;
      const modules = chunkModules.get(file) ?? [];
      const total = modules.reduce((sum, m) => sum + m.length, 0) || 1;
      for (const m of modules) {
        const name = label(m.id);
        rows.set(name, (rows.get(name) ?? 0) + (size * m.length) / total);
      }
    }
    console.log(
      `\n${path}: ${files.length} files, JS ${(js / 1024).toFixed(1)} KiB + CSS ${(css / 1024).toFixed(1)} KiB gzip`,
    );
    const sorted = [...rows].sort((a, b) => b[1] - a[1]);
    for (const [name, size] of sorted.slice(0, TOP))
      console.log(`  ${(size / 1024).toFixed(2).padStart(7)} KiB  ${name}`);
    const rest = sorted.slice(TOP).reduce((sum, [, size]) => sum + size, 0);
    if (rest > 0) console.log(`  ${(rest / 1024).toFixed(2).padStart(7)} KiB  (${sorted.length - TOP} more)`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
