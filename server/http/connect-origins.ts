// Remote origins the built app fetches from, carried from the build (scripts/connect-origins.ts) to the app's CSP
// through a meta tag in index.html. Only absolute http(s) URLs count; a path (the default /api) is the app's own origin.

export const CONNECT_ORIGINS_META = 'forecourt-connect-origins';

/** The distinct http(s) origins of the given URLs; relative or malformed ones are skipped. */
export function remoteOrigins(urls: ReadonlyArray<string | undefined>): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url.trim())) continue;
    try {
      out.add(new URL(url.trim()).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [...out];
}

const META = new RegExp(`<meta\\s+name="${CONNECT_ORIGINS_META}"\\s+content="([^"]*)"`, 'i');

/** The origins a built index.html declares, each re-checked as an http(s) origin (nothing else reaches the CSP). */
export function declaredConnectOrigins(html: string): string[] {
  const tokens = (META.exec(html)?.[1] ?? '').split(/\s+/).filter(Boolean);
  // A token passes only when it IS an origin (no path, no quote, nothing a CSP could read as another directive).
  return remoteOrigins(tokens).filter((origin) => tokens.includes(origin));
}
