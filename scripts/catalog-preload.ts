// Start-up without a chain (issue 16): the first screen waits for the language's shell catalog, which main.tsx only
// asks for once the entry has run. This build step writes a small inline script into index.html that asks for the
// stored (else the browser's) language's shell catalog at once, beside the entry (a modulepreload link). The server's
// CSP allows the script by its hash (server/http/static.ts). A wrong guess costs one small unused download.
import type { Plugin } from 'vite';
import { LANGUAGE_STORAGE_KEY } from '../src/lib/constants';

const SHELL_CATALOG = /\/src\/locales\/([a-z]{2})\/shell\.po$/;

export function catalogPreloadPlugin(): Plugin {
  return {
    name: 'forecourt-catalog-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files: Record<string, string> = {};
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
          const language = SHELL_CATALOG.exec(chunk.facadeModuleId)?.[1];
          if (language) files[language] = `/${chunk.fileName}`;
        }
        if (!files.en) throw new Error('catalog preload: no English shell catalog chunk in the bundle');
        const script = `(function(){try{var f=${JSON.stringify(files)};var l=null;try{l=localStorage.getItem(${JSON.stringify(
          LANGUAGE_STORAGE_KEY,
        )})}catch(e){}var c=[l].concat(navigator.languages||[]);var u=f.en;for(var i=0;i<c.length;i++){var k=c[i]&&String(c[i]).slice(0,2).toLowerCase();if(k&&f[k]){u=f[k];break}}var n=document.createElement('link');n.rel='modulepreload';n.href=u;document.head.appendChild(n)}catch(e){}})();`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
