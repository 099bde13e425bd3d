// Which area catalog a page needs (lingui.config.ts, scripts/catalog-areas.ts): the area of its first path
// segment. The shell pages (shell-paths.ts) need none; the root route waits for the area's catalog before a page renders.

/** The features' catalogs besides the shell one: the pay path, the map, the logbook, and the rest (account, settings…). */
export const AREAS = ['pay', 'map', 'history', 'account'] as const;
export type Area = (typeof AREAS)[number];

/** The areas named by a page's first path segment; every other page is the account's (index.html's preload too). */
export const SEGMENT_AREAS: Readonly<Record<string, Area>> = { pay: 'pay', map: 'map', history: 'history' };
export const DEFAULT_AREA: Area = 'account';

/** The area of a page by its path ('/pay/prepay/summary' → pay); every other page is the account's. */
export function areaOfPath(pathname: string): Area {
  const first = pathname.split('/')[1] ?? '';
  return SEGMENT_AREAS[first] ?? DEFAULT_AREA;
}
