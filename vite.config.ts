import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { basemapPlugin } from './scripts/basemap.ts';
import { catalogPreloadPlugin } from './scripts/catalog-preload.ts';
import { connectOriginsPlugin } from './scripts/connect-origins.ts';
import { precompressPlugin } from './scripts/precompress.ts';
import { prerenderPlugin } from './scripts/prerender.ts';
import { routePreloadPlugin } from './scripts/route-preload.ts';

// Plugin order matters (STACK.md): the router plugin before react(); the Lingui macro runs through
// @rolldown/plugin-babel because @vitejs/plugin-react 6 has no babel option.
export const linguiMacro = () => babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] });

// The preload list of a dynamic import (the route chunks' __vite__mapDeps table, kept in the entry) names every chunk
// the imported one needs, also those the importing chunk has statically loaded already (React, the router, the query
// client…): preloading them again is a no-op, but their names cost ~2 KiB gzip of the entry. Only the chunks the
// importer does not already have stay in its list. (index.html's own preload links, hostType 'html', are untouched.)
let bundle: Rolldown.OutputBundle | undefined;
const captureBundle = (): Plugin => ({
  name: 'forecourt:capture-bundle',
  generateBundle: {
    order: 'pre',
    handler(_options, output) {
      bundle = output;
      staticallyLoaded.clear();
    },
  },
});
const staticallyLoaded = new Map<string, Set<string>>();
function loadedWith(file: string): Set<string> {
  const cached = staticallyLoaded.get(file);
  if (cached) return cached;
  const loaded = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle?.[name];
    if (chunk?.type !== 'chunk' || loaded.has(name)) return;
    loaded.add(name);
    chunk.imports.forEach(visit);
  };
  visit(file);
  staticallyLoaded.set(file, loaded);
  return loaded;
}

const resolve = {
  alias: [
    // React 19 has useSyncExternalStore: the shim's fallback (and its React-version probe) is dead weight in the
    // entry. The non-shim build of the same package calls React's own.
    {
      find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
      replacement: 'use-sync-external-store/with-selector.js',
    },
  ],
};

/**
 * `vite build --ssr`: the station link's first screen for the server (src/ssr/station-page.tsx), built after the app
 * into its build's metadata folder (server/http/station-page.ts loads it from there): the app's components with the
 * same macro and catalog plugins, the packages left to node_modules.
 */
const ssrConfig = defineConfig({
  plugins: [linguiMacro(), react(), lingui()],
  resolve,
  publicDir: false,
  // The packages bundled in too, so only what the page uses is loaded: left to node_modules, lucide-react's entry
  // alone loads every one of its ~1,600 icon modules into the server (+25 MiB resident with the renderer, measured).
  ssr: { noExternal: true },
  // React's production build, whatever NODE_ENV the server runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/.vite/ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'station-page.mjs', chunkFileNames: '[name]-[hash].mjs' } },
  },
});

const appConfig = defineConfig({
  plugins: [
    captureBundle(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    linguiMacro(),
    react(),
    lingui(),
    // The offline basemap (style + GeoJSON under /basemap/), emitted before the service worker's precache list is made.
    basemapPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // mjs: MapLibre's worker; basemap/*.json: the offline map (style and data) for a fresh offline start.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}', 'basemap/*.json'],
        // The precompressed copies are the server's business (precompress.ts), not the cache's.
        globIgnores: ['legal/**', '**/*.br', '**/*.gz'],
      },
      manifest: {
        name: 'Forecourt Pay',
        short_name: 'Forecourt',
        description: 'Pay for fuel, EV charging and car wash from your phone.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b5d3b',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    // index.html asks for the driver's language catalog at once, not after the entry has run.
    catalogPreloadPlugin(),
    // …and for the first URL's page code, which the router asks for only after the session check.
    routePreloadPlugin(),
    prerenderPlugin(),
    // A remote map style / API origin chosen at build time reaches the server's CSP through index.html.
    connectOriginsPlugin(),
    // Last: .br and .gz beside every text file, once everything (the service worker too) is written.
    precompressPlugin(),
  ],
  resolve,
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // A catalog's chunk says which it is (shell-de-….js, pay-de-….js): tests tell it from the route chunks.
        chunkFileNames: (chunk) => {
          const catalog = /\/src\/locales\/([a-z]{2})\/(\w+)\.po$/.exec(chunk.facadeModuleId ?? '');
          return catalog ? `assets/${catalog[2]}-${catalog[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|query-core|react-query)|@lingui[\\/](core|react)|ky)[\\/]/,
              priority: 2,
            },
            { name: 'start', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // Every browser the app supports (es2022) has <link rel=modulepreload>: no polyfill in the entry.
      polyfill: false,
      resolveDependencies: (file, deps, { hostId, hostType }) => {
        if (hostType !== 'js' || !bundle) return deps;
        // The running-order banner loads after the first screen: its chunks come as it asks for them, so the
        // shell's entry carries no list of them (only its stylesheet, which the preload helper is the one to load).
        if (/\/ResumeBanner-[\w-]+\.js$/.test(file)) return deps.filter((dep) => dep.endsWith('.css'));
        const loaded = loadedWith(hostId);
        return deps.filter((dep) => !loaded.has(dep));
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080', '/dev': 'http://localhost:8080' } },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig : appConfig));
