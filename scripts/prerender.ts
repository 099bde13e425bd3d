// The build's side of the prerendered first screens (issue 16; the server's side: server/http/prerender.ts).
// - Ships PRERENDER_SOURCE (the pages' markup per language, written by `npm run prerender` from the app's own
//   rendering: scripts/prerender-capture.mjs) as the build's PRERENDER_FILE.
// - Writes the page's loader into index.html, after #root. On a page the server prerendered (data-prerendered on
//   <html>, the app's code in <template id="app-code">) it starts that code once the browser has painted (its
//   first-contentful-paint entry; a second at most): the HTML and the stylesheet get a slow network first, the page
//   is on the screen before ~145 KiB of JavaScript arrive. The entry's preloads (and one of the entry itself) go into
//   the head in one task, the route's low-priority preloads in the next ones, 8 per task: each element added costs a
//   slowed phone a few ms of main thread (~95 ms in one task, CPU × 4; the ~35 of a station link's pump page took
//   55–95 ms in one task, traced), a long task after the paint that Lighthouse counts as blocking. The entry's imports (the bundler's runtime, the framework) are run as module scripts of their own, one
//   after the other, and the entry once they have run: the browser evaluates a module script's whole graph in one
//   task, so the framework's evaluation and the app's are two tasks instead of one long one (all are fetched at
//   once). A tap on one of the page's buttons before the app runs is kept and given to the app's same button once it
//   has rendered, and the focus moves to the app's same link or button (a keyboard or screen reader user keeps their
//   place) (src/main.tsx: the app renders into a container of its own that takes #root's place at its first commit,
//   so the page never goes blank in between) (the page's links work without the app). When
//   the app would start in another language than the page's (a stored choice), or the visitor has a stored session
//   (the markup is a new visitor's page: / sends a signed-in driver elsewhere), the markup goes at once and the code
//   starts: the app then renders as on any other start. In every other page (the service worker's copy, any other
//   URL) the loader does nothing. The server's CSP allows it by its hash (server/http/static.ts).
import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { PRERENDER_FILE } from '../server/http/prerender.ts';
import { LANGUAGES } from '../src/i18n/language.ts';
import { AUTH_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '../src/lib/constants.ts';

/** The committed snapshot: path → language → #root's markup as the app renders it for a new visitor. */
export const PRERENDER_SOURCE = new URL('../src/prerendered.json', import.meta.url).pathname;

/**
 * The loader (a classic inline script after #root). Its language is the app's own choice (src/i18n initialLanguage:
 * the stored language, else the first of the browser's the app has, else en).
 */
export const LOADER = `(function(){try{
var d=document.documentElement,p=d.getAttribute('data-prerendered'),t=document.getElementById('app-code'),r=document.getElementById('root');
if(!p||!t||!r)return;
var L=${JSON.stringify(LANGUAGES)},s=null,l=null,done=false;
var own=false;try{s=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});own=localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)})!==null}catch(e){}
var c=[s].concat(navigator.languages||[]);
for(var i=0;i<c.length&&!l;i++){var k=c[i]&&String(c[i]).trim().toLowerCase().split(/[-_]/)[0];if(L.indexOf(k)>=0)l=k}
var load=function(){if(done)return;done=true;d.removeAttribute('data-prerendered');
var n=[].slice.call(t.content.children),q=window.__appCodeLinks||[],
add=function(x){var e=document.createElement(x.tagName);for(var j=0;j<x.attributes.length;j++)e.setAttribute(x.attributes[j].name,x.attributes[j].value);document.head.appendChild(e)},
put=function(tag,o){var e=document.createElement(tag);e.crossOrigin='';for(var k in o)e[k]=o[k];document.head.appendChild(e)},
low=function(x){return x.getAttribute('fetchpriority')==='low'},
s=n.filter(function(x){return x.tagName==='SCRIPT'}),f=n.filter(function(x){return x.tagName==='LINK'&&!low(x)}),
step=function(i){if(i>=f.length)return s.forEach(add);var go=function(){step(i+1)};put('script',{type:'module',src:f[i].getAttribute('href'),onload:go,onerror:go})};
for(var i=0;i<q.length;i++)document.head.appendChild(q[i]);
f.forEach(add);
s.forEach(function(x){put('link',{rel:'modulepreload',href:x.getAttribute('src')})});
step(0);
var w=n.filter(low),b=function(){w.splice(0,8).forEach(add);if(w.length)setTimeout(b)};setTimeout(b);
t.parentNode.removeChild(t)};
if(own||(l||'en')!==p){r.textContent='';load();return}
var pre=r.firstElementChild,tap=null,foc=null,capped=false,
all=function(el,text){return [].filter.call(el.querySelectorAll('a,button'),function(b){return b.textContent===text})},
mark=function(b){return {text:b.textContent,n:all(pre,b.textContent).indexOf(b)}},
find=function(m){var a=document.getElementById('root');return a&&all(a,m.text)[m.n]};
r.addEventListener('click',function(e){if(!pre.isConnected)return;var b=e.target.closest&&e.target.closest('button');if(!b||!pre.contains(b))return;e.preventDefault();tap=mark(b)},true);
r.addEventListener('focusin',function(e){if(!pre.isConnected)return;var b=e.target.closest&&e.target.closest('a,button');foc=b&&pre.contains(b)?mark(b):null},true);
r.addEventListener('focusout',function(e){if(!e.relatedTarget)setTimeout(function(){if(pre.isConnected&&document.activeElement===document.body)foc=null})},true);
var o=new MutationObserver(function(){if(pre.isConnected)return;
if(!capped){capped=true;setTimeout(function(){o.disconnect()},10000)}
var f=foc&&find(foc);if(f){foc=null;if(!document.activeElement||document.activeElement===document.body)f.focus()}
var b=tap&&find(tap);if(b){tap=null;b.click()}
if(!tap&&!foc)o.disconnect()});
o.observe(document.body,{childList:true,subtree:true});
try{var po=new PerformanceObserver(function(x){if(x.getEntriesByName('first-contentful-paint').length){po.disconnect();setTimeout(load)}});po.observe({type:'paint',buffered:true})}catch(e){}
setTimeout(load,1000)}catch(e){}})();`;

export function prerenderPlugin(): Plugin {
  return {
    name: 'forecourt-prerender',
    apply: 'build',
    generateBundle() {
      if (existsSync(PRERENDER_SOURCE)) {
        this.emitFile({ type: 'asset', fileName: PRERENDER_FILE, source: readFileSync(PRERENDER_SOURCE, 'utf8') });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: LOADER.replace(/\n/g, ''), injectTo: 'body' }],
    },
  };
}
