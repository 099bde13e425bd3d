// The page the server sent as HTML (a station link's first screen, server/http/station-page.ts; the prerendered
// landing page) stays on the screen until the app has rendered its own in its place (main.tsx). While it shows, a page
// that opts in renders its content after its frame: the router shows a page whose code and data are ready in one
// synchronous update (its store is read through useSyncExternalStore, which React never renders in slices), and the
// pump page's first render was the start's longest task after the paint (~100 ms at CPU × 4, traced: issue 16, total
// blocking time). Deferred (useDeferredValue with an initial value), React renders the content in the background in
// slices of ~5 ms; the HTML's page covers the wait, and main.tsx swaps the app in once no placeholder is left in it.
import { useDeferredValue } from 'react';

/** Marks the placeholder of content still rendering; main.tsx keeps the HTML's page on the screen while one exists. */
export const PAGE_PENDING_ATTRIBUTE = 'data-page-pending';

let htmlPageShows = false;

/** Set by main.tsx: the server's HTML page is on the screen (until the app's page takes its place). */
export function setHtmlPageShows(shows: boolean): void {
  htmlPageShows = shows;
}

/**
 * Whether to render the page's content now: false in the first render while the HTML's page is on the screen (render
 * <PagePending /> instead; the content follows in a background render), true otherwise and from then on.
 */
export function useContentAfterHtmlPage(): boolean {
  return useDeferredValue(true, htmlPageShows ? false : undefined);
}

/** Stands in for a page's content while it renders in the background (see above); never visible. */
export function PagePending() {
  return <div {...{ [PAGE_PENDING_ATTRIBUTE]: '' }} hidden />;
}
