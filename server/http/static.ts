// Serves the built app (STATIC_DIR, the vite build) at /. Hashed files under /assets/ are immutable; the shell
// files (index.html, sw.js, manifest, workbox/registerSW) are revalidated every time so updates reach drivers.
// Every other GET that is not /api/*, /dev/*, /forecourt/* or a file gets index.html (SPA fallback).
// HTML pages and the service worker carry the app's Content-Security-Policy (security-headers.ts), with the hashes of
// any inline <script> the page holds. A file the build precompressed (scripts/precompress.ts: .br and .gz beside it)
// goes out in the encoding the browser accepts, brotli first.
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, Next } from 'hono';
import type { Poi } from '../../contract/stations';
import { preferredLanguage } from '../accept-language';
import type { Env } from '../env';
import { declaredConnectOrigins } from './connect-origins';
import { PRERENDER_ALIASES, type Prerendered, readPrerendered, withPrerender } from './prerender';
import { isFeaturePage, normalPath, type RouteTable, readRouteTable, routeRow, withRouteLinks } from './route-preload';
import { appCsp } from './security-headers';
import { loadStationRenderer, type StationRenderer, stationData, stationLinkId } from './station-page';
import { declaredWallets } from './wallet-scripts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.pbf': 'application/x-protobuf',
  '.wasm': 'application/wasm',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  const name = basename(urlPath);
  if (
    name === 'index.html' ||
    name === 'sw.js' ||
    name === 'manifest.webmanifest' ||
    name.startsWith('registerSW') ||
    name.startsWith('workbox-')
  ) {
    return NO_CACHE;
  }
  return SHORT;
}

const NOT_BUILT =
  'Forecourt Pay API is running, but the web app is not built yet.\nRun `npm run build` (or `npm start`) to build it into the static directory.\n';

async function fileAt(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings an Accept-Encoding header allows (q > 0), of the two we precompress, brotli first. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const allowed = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    allowed.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = allowed.get('*');
  return (['br', 'gzip'] as const).filter((e) => (allowed.get(e) ?? wildcard ?? 0) > 0);
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** The bodies of a page's inline scripts (whose hashes the CSP allows). */
export const inlineScripts = (html: string): string[] => [...html.matchAll(INLINE_SCRIPT)].map((m) => m[1] ?? '');

/**
 * Compresses a page written per request (the route's links) as the build compresses: brotli, or gzip. `once`: a page
 * made for one request only (a station's), at a cost that suits every request.
 */
const compress = (text: string, encoding: Encoding | null, once = false): Buffer<ArrayBuffer> => {
  const plain = Buffer.from(text, 'utf8');
  if (encoding === 'br') return brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: once ? 5 : 9 } });
  if (encoding === 'gzip') return gzipSync(plain, { level: once ? 6 : 9 });
  return plain;
};

/**
 * `station`: a station as GET /v4/pois/{id} answers it, or null when there is none (a station link's first screen is
 * then sent as HTML: station-page.ts).
 */
export function serveStatic(env: Env, options: { station?: (id: string) => Promise<Poi | null> } = {}) {
  const root = resolve(env.staticDir);
  const indexFile = join(root, 'index.html');
  const metadata = join(root, '.vite');
  const cspByPage = new Map<string, string>();
  /**
   * index.html with a route's links (server/http/route-preload.ts) and a prerendered page's markup (prerender.ts), by
   * row, language and encoding, for the index.html read.
   */
  let routed: {
    page: string;
    table: Promise<RouteTable | null>;
    prerendered: Promise<Prerendered | null>;
    /** Loaded with the first station link (it brings React's server renderer into the process). */
    renderer: Promise<StationRenderer | null> | null;
    bodies: Map<string, Buffer<ArrayBuffer>>;
  } | null = null;

  /**
   * The page for an app URL: index.html with that route's preload links and, on a prerendered page asked for without
   * a query, its markup in the language the browser prefers (`language`: set then); null when neither applies.
   */
  const routedPage = async (
    page: string,
    route: string,
    encoding: Encoding | null,
    request: { search: string; acceptLanguage: string | undefined },
  ): Promise<{ body: Buffer<ArrayBuffer>; language: string | null } | null> => {
    if (routed?.page !== page) {
      routed = {
        page,
        table: readRouteTable(root),
        prerendered: readPrerendered(root),
        renderer: null,
        bodies: new Map(),
      };
    }
    const current = routed;
    const { table, prerendered, bodies } = current;
    const known = await table;
    const path = normalPath(route);
    const stationId = stationLinkId(path, request.search);
    if (stationId) {
      current.renderer ??= loadStationRenderer(root);
      const station = await stationPage(page, path, stationId, request, await current.renderer, known);
      if (station) return { body: compress(station.html, encoding, true), language: station.language };
    }
    const pagePath = PRERENDER_ALIASES[path] ?? path;
    const byLanguage = request.search ? undefined : (await prerendered)?.[pagePath];
    const language = byLanguage ? preferredLanguage(request.acceptLanguage, Object.keys(byLanguage)) : null;
    const markup = language ? byLanguage?.[language] : undefined;
    const prerender = language && markup !== undefined ? { language, markup } : null;
    // A prerendered page preloads its own code (an alias's page, not the URL's).
    const linkPath = prerender ? pagePath : path;
    const row = known ? routeRow(known, linkPath) : -1;
    if ((!known || row < 0) && !prerender) return null;
    const feature = known && row >= 0 && isFeaturePage(known, linkPath);
    const key = `${row}:${feature}:${prerender?.language ?? ''}:${encoding}`;
    let body = bodies.get(key);
    if (!body) {
      const linked = known && row >= 0 ? withRouteLinks(page, known, row, linkPath) : page;
      body = compress(prerender ? withPrerender(linked, prerender.language, prerender.markup) : linked, encoding);
      bodies.set(key, body);
    }
    return { body, language: prerender?.language ?? null };
  };

  /**
   * A station link's first screen (station-page.ts): index.html with the route's links, the station's pump selection
   * in #root in the browser's language, and the station after it; null when the build has no renderer, the station
   * is unknown, or its first screen is another one.
   */
  const stationPage = async (
    page: string,
    path: string,
    stationId: string,
    request: { search: string; acceptLanguage: string | undefined },
    renderer: StationRenderer | null,
    known: RouteTable | null,
  ): Promise<{ html: string; language: string } | null> => {
    if (!renderer || !options.station) return null;
    const language = preferredLanguage(request.acceptLanguage, renderer.languages);
    const poi = language ? await options.station(stationId) : null;
    if (!language || !poi) return null;
    const markup = await renderer
      .renderStationPage({ url: `${path}${request.search}`, station: poi, language })
      .catch(() => null);
    if (!markup) return null;
    const row = known ? routeRow(known, path) : -1;
    const linked = known && row >= 0 ? withRouteLinks(page, known, row, path, { stylesheets: true }) : page;
    return { html: withPrerender(linked, language, markup, stationData(poi)), language };
  };

  /** `route`: the URL path an app page is sent for (the SPA fallback), whose page code the HTML then preloads. */
  const send = async (c: Context, file: string, urlPath: string, route?: string) => {
    const ext = extname(file).toLowerCase();
    let sentEncoding: Encoding | null = null;
    for (const encoding of acceptedEncodings(c.req.header('Accept-Encoding'))) {
      if (await fileAt(file + SUFFIX[encoding])) {
        sentEncoding = encoding;
        break;
      }
    }
    const hasVariant = sentEncoding !== null || (await fileAt(`${file}.br`)) || (await fileAt(`${file}.gz`));
    let body: Buffer<ArrayBuffer> = await readFile(sentEncoding ? file + SUFFIX[sentEncoding] : file);
    if (hasVariant) c.header('Vary', 'Accept-Encoding');
    if (sentEncoding) c.header('Content-Encoding', sentEncoding);
    c.header('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    c.header('Cache-Control', cacheControlFor(urlPath));
    if (ext === '.html') {
      // The policy hashes the page's own inline scripts: read from the plain file when a compressed one is sent.
      const text = (sentEncoding ? await readFile(file) : body).toString('utf8');
      if (route !== undefined) {
        const routedBody = await routedPage(text, route, sentEncoding, {
          search: new URL(c.req.url).search,
          acceptLanguage: c.req.header('Accept-Language'),
        });
        if (routedBody) body = routedBody.body;
        // The same URL is another language's page for another browser.
        if (routedBody?.language) c.header('Vary', hasVariant ? 'Accept-Encoding, Accept-Language' : 'Accept-Language');
      }
      let csp = cspByPage.get(text);
      if (!csp) {
        csp = appCsp(env, inlineScripts(text), declaredConnectOrigins(text), declaredWallets(text));
        if (cspByPage.size > 100) cspByPage.clear();
        cspByPage.set(text, csp);
      }
      c.header('Content-Security-Policy', csp);
    } else if (basename(file) === 'sw.js') {
      // A worker's CSP comes from its own script's response: the service worker is held to the app's rules.
      const index = await readFile(indexFile, 'utf8').catch(() => '');
      c.header('Content-Security-Policy', appCsp(env, [], declaredConnectOrigins(index), declaredWallets(index)));
    }
    return c.body(body, 200);
  };

  return async (c: Context, next: Next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    if (/^\/(api|dev|forecourt)(\/|$)/.test(path)) return next();

    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = '/';
    }
    if (!decoded.includes('\0') && decoded !== '/') {
      const file = resolve(root, `.${decoded}`);
      // The build's metadata (Vite's manifest, the route table, the prerendered pages, the station renderer) is the
      // server's to read from disk, not a file or a page for browsers.
      if (file === metadata || file.startsWith(metadata + sep)) return next();
      if (file.startsWith(root + sep) && (await fileAt(file))) return send(c, file, decoded);
      // A folder of its own pages (the demo host app at /demo-host): its index.html, not the app's.
      const folderIndex = join(file, 'index.html');
      if (!extname(decoded) && file.startsWith(root + sep) && (await fileAt(folderIndex))) {
        return send(c, folderIndex, `${decoded.replace(/\/$/, '')}/index.html`);
      }
      // A missing hashed asset must not be answered with HTML (the browser would try to run it).
      if (decoded.startsWith('/assets/')) return next();
    }
    if (await fileAt(indexFile)) return send(c, indexFile, '/index.html', decoded.includes('\0') ? '/' : decoded);
    c.header('Cache-Control', NO_CACHE);
    return c.text(NOT_BUILT, decoded === '/' ? 200 : 404);
  };
}
