// Start-up without a chain (issue 16): the first screen waits for the language's shell catalog, which main.tsx only
// asks for once the entry has run. This build step writes a small inline script into index.html that asks for the
// stored (else the browser's) language's shell catalog at once, beside the entry (a modulepreload link). On a feature
// page (not one of SHELL_PATHS) it also asks for what the root route's beforeLoad waits for before that page renders:
// the language's catalog of the page's area (src/i18n/catalog-area.ts) and the pay path's mutation defaults
// (src/app/feature-mutations.ts with the chunks it imports that the entry does not; in a page the server wrote the
// route's links into, marked data-route-preloaded, the server wrote these too: scripts/route-preload.ts). On a
// prerendered page (server/http/prerender.ts) the links wait in window.__appCodeLinks for the page's loader
// (scripts/prerender.ts), which adds them with the app's code. The server's CSP allows the script by its hash
// (server/http/static.ts). A wrong guess costs one small unused download.
import type { Plugin } from 'vite';
import { AREAS, DEFAULT_AREA, SEGMENT_AREAS } from '../src/i18n/catalog-area.ts';
import { SHELL_PATHS } from '../src/i18n/shell-paths.ts';
import { LANGUAGE_STORAGE_KEY } from '../src/lib/constants.ts';
import { withImports } from './chunk-graph.ts';

const CATALOG = /\/src\/locales\/([a-z]{2})\/(\w+)\.po$/;
export const FEATURE_PAGE_MODULE = /\/src\/app\/feature-mutations\.ts$/;

export function catalogPreloadPlugin(): Plugin {
  return {
    name: 'forecourt-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle ?? {};
        // By catalog, by language: { shell: { de: '/assets/shell-….js', … }, pay: {…}, … }.
        const files: Record<string, Record<string, string>> = {};
        let featurePage: string | undefined;
        let entry: string | undefined;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
          if (chunk.isEntry) entry = chunk.fileName;
          if (FEATURE_PAGE_MODULE.test(chunk.facadeModuleId)) featurePage = chunk.fileName;
          const catalog = CATALOG.exec(chunk.facadeModuleId);
          if (catalog) files[catalog[2]!] = { ...files[catalog[2]!], [catalog[1]!]: `/${chunk.fileName}` };
        }
        for (const name of ['shell', ...AREAS]) {
          if (!files[name]?.en) throw new Error(`catalog preload: no English ${name} catalog chunk in the bundle`);
        }
        if (!entry || !featurePage) throw new Error('catalog preload: no entry or feature-mutations chunk');
        const loaded = withImports(bundle, entry, new Set());
        const feature = [...withImports(bundle, featurePage, loaded)].map((file) => `/${file}`);
        const script = `(function(){try{var c0=${JSON.stringify(files)},f=c0.shell,r=${JSON.stringify(
          SEGMENT_AREAS,
        )},p=${JSON.stringify(feature)},s=${JSON.stringify(SHELL_PATHS)};var l=null;try{l=localStorage.getItem(${JSON.stringify(
          LANGUAGE_STORAGE_KEY,
        )})}catch(e){}var c=[l].concat(navigator.languages||[]);var k2='en';for(var i=0;i<c.length;i++){var k=c[i]&&String(c[i]).slice(0,2).toLowerCase();if(k&&f[k]){k2=k;break}}var q=document.documentElement.hasAttribute('data-prerendered')?(window.__appCodeLinks=[]):null;var a=function(u){var n=document.createElement('link');n.rel='modulepreload';n.href=u;if(q)q.push(n);else document.head.appendChild(n)};a(f[k2]);var h=location.pathname;if(h.length>1)h=h.replace(/\\/+$/,'');if(s.indexOf(h)<0){a(c0[r[h.split('/')[1]]||${JSON.stringify(DEFAULT_AREA)}][k2]);if(!document.documentElement.hasAttribute('data-route-preloaded'))for(var j=0;j<p.length;j++)a(p[j])}}catch(e){}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
