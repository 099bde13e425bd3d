// Start-up without a chain, part two (issue 16): the router asks for a page's code only once the root route's
// beforeLoad (the session: a new visitor's guest sign-in, then the user) has finished, so on a cold start the page's
// chunks, then their imports, then their stylesheets came one after another behind the session. This build step writes
// a small inline script into index.html that finds the first URL's route file (with its layouts) in a table made from
// the bundle and asks for its chunks, their static imports (less what the entry loads anyway) and their stylesheets at
// once, beside the entry. The app's own imports then reuse those downloads. The server's CSP allows the script by its
// hash (server/http/static.ts). An unknown path preloads nothing.
import type { Plugin, Rolldown } from 'vite';
import { ROUTE_TABLE_FILE, type RouteTable } from '../server/http/route-preload.ts';
import { SHELL_PATHS } from '../src/i18n/shell-paths.ts';
import { FEATURE_PAGE_MODULE } from './catalog-preload.ts';
import { withImports } from './chunk-graph.ts';

const ROUTE_CHUNK = /\/src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** Paths whose route only redirects (no page code of its own), with the route file they always go to. */
export const REDIRECTS: Record<string, string> = {
  // src/routes/pay/index.tsx: "Its default redirect is /pay/pump." A station's QR code opens /pay?pid=….
  '^/pay$': 'pay/pump',
  // src/routes/index.tsx: the installed app's start_url. A driver who has used the app goes home, the map (HOME_PATH);
  // only a first visit goes to /landing, and for it the guess costs one unused download.
  '^/$': 'map/index',
};

const isGroup = (segment: string) => segment.startsWith('(') && segment.endsWith(')');

/** The URL pattern of a route file (src/routes/…, no extension), or null for a layout (route.tsx) or the root. */
export function routePattern(file: string): string | null {
  const segments = file.split('/');
  const last = segments.pop();
  if (last === undefined || last === 'route' || last === '__root') return null;
  if (last !== 'index') segments.push(last);
  const parts = segments
    .filter((segment) => !isGroup(segment))
    .map((segment) => {
      if (segment === '$') return '.*';
      if (segment.startsWith('$')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return `^/${parts.join('/')}$`;
}

/** The layouts (route.tsx files, no extension) above a route file: the root's first. */
export function layoutsOf(file: string, routeFiles: Set<string>): string[] {
  const segments = file.split('/');
  const layouts: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const layout = [...segments.slice(0, i), 'route'].join('/');
    if (layout !== file && routeFiles.has(layout)) layouts.push(layout);
  }
  return layouts;
}

/**
 * A chunk of stylesheets alone (a CSS file imported by itself, pay/-components/pay.css): the bundler drops its empty
 * script once the bundle is written (a link to it was a 404 on every cold start of /pay); its stylesheet stays.
 */
export const isStylesheetsOnly = (chunk: Rolldown.OutputChunk): boolean => {
  const modules = Object.keys(chunk.modules);
  return modules.length > 0 && modules.every((id) => /\.css(\?|$)/.test(id));
};

/** The route table of a bundle: each route file's chunks (with its layouts'), their imports and stylesheets. */
export function routeTable(bundle: Rolldown.OutputBundle): RouteTable {
  const chunkOf = new Map<string, Rolldown.OutputChunk>();
  let entry: string | undefined;
  let featurePage: string | undefined;
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    if (chunk.isEntry) entry = chunk.fileName;
    if (chunk.facadeModuleId && FEATURE_PAGE_MODULE.test(chunk.facadeModuleId)) featurePage = chunk.fileName;
    const route = chunk.facadeModuleId && ROUTE_CHUNK.exec(chunk.facadeModuleId);
    if (route) chunkOf.set(route[1]!, chunk);
  }
  if (!entry || chunkOf.size === 0 || !featurePage) {
    throw new Error('route preload: no entry, no route chunks or no feature-mutations chunk in the bundle');
  }
  const loaded = withImports(bundle, entry, new Set());
  const routeFiles = new Set(chunkOf.keys());
  const files: string[] = [];
  const index = (file: string) => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const table: [string, number[]][] = [];
  for (const file of routeFiles) {
    const pattern = routePattern(file);
    if (!pattern) continue;
    const wanted = new Set<string>();
    for (const source of [...layoutsOf(file, routeFiles), file]) {
      for (const js of withImports(bundle, chunkOf.get(source)!.fileName, loaded)) {
        const chunk = bundle[js] as Rolldown.OutputChunk;
        if (!isStylesheetsOnly(chunk)) wanted.add(js);
        for (const sheet of chunk.viteMetadata?.importedCss ?? []) wanted.add(sheet);
      }
    }
    table.push([pattern, [...wanted].map(index)]);
  }
  for (const [pattern, target] of Object.entries(REDIRECTS)) {
    const to = table.find(([known]) => known === routePattern(target));
    if (!to) throw new Error(`route preload: ${pattern} redirects to ${target}, which has no page code`);
    table.push([pattern, to[1]]);
  }
  // Static segments before parameters, so /pay/prepay/summary is not taken for a /pay/prepay/$x.
  table.sort((a, b) => a[0].split('[^/]+').length - b[0].split('[^/]+').length);
  // What a feature page (not a shell page) also waits for: the pay path's mutation defaults (scripts/catalog-preload.ts).
  const feature = [...withImports(bundle, featurePage, loaded)].map(index);
  return { files, table, feature, shellPaths: [...SHELL_PATHS] };
}

/**
 * A cold start (no service worker yet: a station's QR code, Lighthouse) gets the links from the server, written into
 * the HTML it sends (server/http/route-preload.ts, from ROUTE_TABLE_FILE), with `data-route-preloaded` on <html>: the
 * browser's preload scanner asks for them while the HTML is parsed, where 30-40 links appended by a script cost a
 * slowed phone ~200 ms of main thread (tbt bench, 9 runs each, alternated: 1,066 / 1,095 ms against 1,318 / 1,253).
 * The index.html the service worker keeps has no links: there the inline script below adds them.
 */
export function routePreloadPlugin(): Plugin {
  return {
    name: 'forecourt-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: ROUTE_TABLE_FILE, source: JSON.stringify(routeTable(bundle)) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { files, table } = routeTable(ctx.bundle ?? {});
        const script = `(function(){try{if(document.documentElement.hasAttribute('data-route-preloaded'))return;var f=${JSON.stringify(files)},t=${JSON.stringify(
          table,
        )};var h=location.pathname;if(h.length>1)h=h.replace(/\\/+$/,'');for(var i=0;i<t.length;i++){if(new RegExp(t[i][0]).test(h)){for(var j=0;j<t[i][1].length;j++){var u='/'+f[t[i][1][j]],n=document.createElement('link');if(/\\.css$/.test(u)){n.rel='preload';n.as='style';n.crossOrigin=''}else{n.rel='modulepreload'}n.href=u;document.head.appendChild(n)}break}}}catch(e){}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
