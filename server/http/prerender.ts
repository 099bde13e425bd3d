// A public page's first screen sent as HTML (issue 16: /landing's largest paint ≤ 1.6 s on a slow phone). The build
// ships the page's markup per language (PRERENDER_FILE, made from the app's own rendering by `npm run prerender` and
// held to it by tests/e2e/prerender.spec.ts); a cold start of that page (no service worker yet) gets it inside
// #root, in the language the browser asks for (Accept-Language), so the page paints as soon as the HTML and the
// stylesheet are in, without waiting for ~145 KiB of JavaScript. The app's code (the entry's <script type=module> and
// every modulepreload link) moves into <template id="app-code">, which the page's inline loader (scripts/prerender.ts)
// starts once the browser has painted: on a slow network the stylesheet gets the bandwidth first. The app then renders
// the same page over it (or, with a stored session, its own: the markup is a new visitor's). A URL with a query (a
// partner's logo, landscape) or a missing language: the HTML as built.
import { readBuildJson } from './route-preload';

/** The build's prerendered pages, beside Vite's manifest: path → language → the markup inside #root. */
export const PRERENDER_FILE = '.vite/prerender.json';

export type Prerendered = Record<string, Record<string, string>>;

const isPrerendered = (value: unknown): value is Prerendered =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every(
    (byLanguage) =>
      typeof byLanguage === 'object' &&
      byLanguage !== null &&
      Object.entries(byLanguage).every(
        ([language, markup]) => /^[a-z]{2}$/.test(language) && typeof markup === 'string',
      ),
  );

/** The prerendered pages of a static directory, or null (none, unreadable, or not of the expected shape). */
export const readPrerendered = (staticDir: string): Promise<Prerendered | null> =>
  readBuildJson(staticDir, PRERENDER_FILE, isPrerendered);

/**
 * URLs that show a prerendered page to a new visitor: the app sends a first visit of / (no session, no query) to
 * /landing (src/routes/index.tsx). A visitor with a stored session gets the app's page instead: the page's loader
 * drops the markup (scripts/prerender.ts).
 */
export const PRERENDER_ALIASES: Readonly<Record<string, string>> = { '/': '/landing' };

const ROOT = '<div id="root"></div>';
/** Vite's entry and preload tags, and the server's route links (route-preload.ts): the app's code. */
const APP_CODE = /[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n?/g;

/**
 * The page with `markup` in #root, marked `data-prerendered` (and `lang`) with its language, and the app's code moved
 * from the head into <template id="app-code"> after #root, then `after` (the page's data); unchanged when it has no
 * empty #root.
 */
export function withPrerender(html: string, language: string, markup: string, after = ''): string {
  const root = html.indexOf(ROOT);
  const open = /<html\b[^>]*>/i.exec(html);
  if (root < 0 || !open || open.index > root) return html;
  const code: string[] = [];
  const head = html.slice(0, root).replace(APP_CODE, (tag) => {
    code.push(tag.trim());
    return '';
  });
  const htmlTag = open[0]
    .replace(/\slang="[^"]*"/, '')
    .replace(/^<html/i, `<html data-prerendered="${language}" lang="${language}"`);
  return (
    head.replace(open[0], htmlTag) +
    `<div id="root">${markup}</div><template id="app-code">${code.join('')}</template>${after}` +
    html.slice(root + ROOT.length)
  );
}
