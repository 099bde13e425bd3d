// Leaving the pay flow for the map, or back to the host app's callback.

import { builtOr } from './built-routes';
import { callbackUrl } from './callback';
import { leaveToMap, type Query, stringifyQuery } from './query-carry';

function safeCallback(callback: string): string | null {
  try {
    return callbackUrl(callback, undefined, window.location.origin);
  } catch {
    return null;
  }
}

/** The address to leave to: the callback (a full page load) or the map (an in-app path). */
export function mapExitHref(query: Query): { external: boolean; href: string } {
  const exit = leaveToMap(query, safeCallback);
  if (exit.kind === 'callback') return { external: true, href: exit.href };
  // The map comes with a later issue; until then the driver lands on settings.
  return { external: false, href: `${builtOr('/map', '/settings')}${stringifyQuery(exit.search)}` };
}
