// The first URL's page code, written into the HTML a cold start gets (issue 16). The build's route table
// (scripts/route-preload.ts writes it to STATIC_DIR/.vite/route-preload.json) says, per URL pattern in match order,
// which chunks and stylesheets that page waits for beyond the entry. Sent as <link>s in the HTML, the browser's preload
// scanner asks for them while it parses; the inline script that otherwise appends them (the service worker's copy of
// index.html has no links) sees `data-route-preloaded` on <html> and does nothing. An unknown path, a missing or
// unreadable table: the HTML goes out as built.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What a first URL preloads: `files` (dist-relative) and, in match order, [URL pattern, indexes into files]; and what
 * every page but the shell's (`shellPaths`) waits for besides: `feature` (the pay path's mutation defaults).
 */
export type RouteTable = { files: string[]; table: [string, number[]][]; feature: number[]; shellPaths: string[] };

/** The table's file inside the static directory, beside Vite's manifest (written by scripts/route-preload.ts). */
export const ROUTE_TABLE_FILE = '.vite/route-preload.json';

const isTable = (value: unknown): value is RouteTable => {
  if (typeof value !== 'object' || value === null) return false;
  const { files, table, feature, shellPaths } = value as Partial<RouteTable>;
  const isIndex = (i: unknown) => Number.isInteger(i) && (i as number) >= 0 && (i as number) < (files?.length ?? 0);
  return (
    Array.isArray(feature) &&
    feature.every(isIndex) &&
    Array.isArray(shellPaths) &&
    shellPaths.every((path) => typeof path === 'string') &&
    Array.isArray(files) &&
    files.every((f) => typeof f === 'string' && /^[\w./-]+$/.test(f) && !f.includes('..')) &&
    Array.isArray(table) &&
    table.every(
      (row) => Array.isArray(row) && typeof row[0] === 'string' && Array.isArray(row[1]) && row[1].every(isIndex),
    )
  );
};

/** A JSON file the build wrote into a static directory, or null (none, unreadable, or not of the expected shape). */
export async function readBuildJson<T>(
  staticDir: string,
  file: string,
  isExpected: (value: unknown) => value is T,
): Promise<T | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(staticDir, file), 'utf8'));
    return isExpected(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The table of a static directory, or null (none, unreadable, or not of the expected shape). */
export const readRouteTable = (staticDir: string): Promise<RouteTable | null> =>
  readBuildJson(staticDir, ROUTE_TABLE_FILE, isTable);

/** A path as the inline scripts read location.pathname: trailing slashes dropped. */
export const normalPath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Whether a page of this path also waits for the feature chunks (every page but the shell's). */
export const isFeaturePage = (table: RouteTable, path: string): boolean => !table.shellPaths.includes(normalPath(path));

/** The row a path matches, or -1. */
export function routeRow(table: RouteTable, path: string): number {
  const h = normalPath(path);
  return table.table.findIndex(([pattern]) => new RegExp(pattern).test(h));
}

/**
 * The page as built with the row's links (and on a feature page the feature chunks) before </head> and the mark on
 * <html>; the page unchanged if either tag is missing. `stylesheets`: the page's stylesheets applied at once instead
 * of preloaded (a page whose markup the HTML brings: station-page.ts). Either way with `crossorigin`, as the bundler's
 * own stylesheet links have it: a preload in another credentials mode is not used, and the file is fetched twice.
 */
export function withRouteLinks(
  html: string,
  table: RouteTable,
  row: number,
  path: string,
  { stylesheets = false } = {},
): string {
  const head = html.indexOf('</head>');
  const open = /<html\b/i.exec(html);
  const entry = table.table[row];
  if (head < 0 || !open || !entry) return html;
  const wanted = new Set(entry[1]);
  if (isFeaturePage(table, path)) for (const i of table.feature) wanted.add(i);
  // Low priority: on a slow network the entry and the framework (Vite's own links, high) come first; the page's code
  // is needed only once they run. (Lighthouse /pay, simulated slow 4G: the same links at normal priority put the
  // first paint 1.1 s later; at low, it was no later than without them.)
  const links = [...wanted]
    .map((i) => `/${table.files[i]}`)
    .map((href) =>
      href.endsWith('.css')
        ? stylesheets
          ? `<link rel="stylesheet" crossorigin href="${href}">`
          : `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`
        : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`,
    )
    .join('');
  const marked = `${html.slice(0, open.index + open[0].length)} data-route-preloaded${html.slice(open.index + open[0].length)}`;
  const at = head + ' data-route-preloaded'.length;
  return `${marked.slice(0, at)}${links}${marked.slice(at)}`;
}
