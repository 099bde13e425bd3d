// The first URL's page code, written into the HTML a cold start gets (issue 16). The build's route table
// (scripts/route-preload.ts writes it to STATIC_DIR/.vite/route-preload.json) says, per URL pattern in match order,
// which chunks and stylesheets that page waits for beyond the entry. Sent as <link>s in the HTML, the browser's preload
// scanner asks for them while it parses; the inline script that otherwise appends them (the service worker's copy of
// index.html has no links) sees `data-route-preloaded` on <html> and does nothing. An unknown path, a missing or
// unreadable table: the HTML goes out as built.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a first URL preloads: `files` (dist-relative) and, in match order, [URL pattern, indexes into files]. */
export type RouteTable = { files: string[]; table: [string, number[]][] };

/** The table's file inside the static directory, beside Vite's manifest (written by scripts/route-preload.ts). */
export const ROUTE_TABLE_FILE = '.vite/route-preload.json';

const isTable = (value: unknown): value is RouteTable => {
  if (typeof value !== 'object' || value === null) return false;
  const { files, table } = value as Partial<RouteTable>;
  return (
    Array.isArray(files) &&
    files.every((f) => typeof f === 'string' && /^[\w./-]+$/.test(f) && !f.includes('..')) &&
    Array.isArray(table) &&
    table.every(
      (row) =>
        Array.isArray(row) &&
        typeof row[0] === 'string' &&
        Array.isArray(row[1]) &&
        row[1].every((i) => Number.isInteger(i) && i >= 0 && i < files.length),
    )
  );
};

/** The table of a static directory, or null (none, unreadable, or not of the expected shape). */
export async function readRouteTable(staticDir: string): Promise<RouteTable | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(staticDir, ROUTE_TABLE_FILE), 'utf8'));
    return isTable(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The row a path matches (as the inline script matches location.pathname: trailing slashes dropped), or -1. */
export function routeRow(table: RouteTable, path: string): number {
  const h = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return table.table.findIndex(([pattern]) => new RegExp(pattern).test(h));
}

/** The page as built with the row's links before </head> and the mark on <html>; the page unchanged if either tag is missing. */
export function withRouteLinks(html: string, table: RouteTable, row: number): string {
  const head = html.indexOf('</head>');
  const open = /<html\b/i.exec(html);
  const entry = table.table[row];
  if (head < 0 || !open || !entry) return html;
  const links = entry[1]
    .map((i) => `/${table.files[i]}`)
    .map((href) =>
      href.endsWith('.css')
        ? `<link rel="preload" as="style" href="${href}">`
        : `<link rel="modulepreload" crossorigin href="${href}">`,
    )
    .join('');
  const marked = `${html.slice(0, open.index + open[0].length)} data-route-preloaded${html.slice(open.index + open[0].length)}`;
  const at = head + ' data-route-preloaded'.length;
  return `${marked.slice(0, at)}${links}${marked.slice(at)}`;
}
