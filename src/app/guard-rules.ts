// Route guards as pure decisions (shell-and-account.md §2.2). app/guards.ts turns a decision into a redirect.
import type { CallbackPolicy } from '../../contract/plain/host-apps';
import { type Exit, hasStationReference, leaveTarget, type Query } from './query-carry';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/login'; search: Query }
  | { kind: 'leave'; exit: Exit };

/** "Registered-only pages send guests to /login with the query kept." */
export function registeredOnly(isRegistered: boolean, query: Query): GuardDecision {
  return isRegistered ? { kind: 'allow' } : { kind: 'redirect', to: '/login', search: query };
}

/**
 * "A page needing a station requires one of the query keys pid, mtskid or longitude. The key may be in the current
 *  query, the previous query or the saved UI query. Otherwise the user goes to /map. If a callback and hideRydMapLink
 *  are both present, the user returns to the callback instead." (An invalid callback falls back to /map.)
 */
export function stationRequired(
  current: Query,
  previous: Query | null,
  savedUi: Query | null,
  where: { origin: string; policy: CallbackPolicy },
): GuardDecision {
  if (hasStationReference(current) || hasStationReference(previous) || hasStationReference(savedUi))
    return { kind: 'allow' };
  return { kind: 'leave', exit: leaveTarget(current, { callback: 'hideMapLink', ...where }) };
}

/** Decode a feedback redirect target; only same-origin paths are accepted. */
export function decodeRedirectTarget(value: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.includes('\\')) return null;
  return decoded;
}

/**
 * The / route: "If a feedback redirect parameter is present, go to its decoded target with the remaining query.
 * Otherwise go to /pay when a station id is present, else to /map."
 */
export function rootRedirect(query: Query): { to: string; search: Query } | { to: '/pay' | '/map'; search: Query } {
  const { redirect, ...rest } = query;
  if (typeof redirect === 'string') {
    const target = decodeRedirectTarget(redirect);
    if (target) {
      const [path, inner] = target.split('?', 2) as [string, string | undefined];
      const innerQuery = inner ? Object.fromEntries(new URLSearchParams(inner)) : {};
      return { to: path, search: { ...rest, ...innerQuery } };
    }
  }
  return { to: rest.pid !== undefined ? '/pay' : '/map', search: rest };
}
