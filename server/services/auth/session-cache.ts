// A short-lived, per-process cache of bearer-token lookups: the polling hot path (every 2.5 s per driver) then costs
// one database query instead of two. Revocations made in this process (logout, password change, account deletion)
// clear it at once; another API process sees a revocation within SESSION_CACHE_TTL_MS. The token itself is never kept,
// only its sha256.

import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';

// Longer than the 2.5 s poll interval several times over, so a polling driver costs a session query only every 30 s;
// short enough that a revocation made by another process (logout, password change) takes effect within half a minute.
const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

type Entry = { session: AuthSession; until: number; sessionExpires: number };

function cache({ ctx }: { ctx: AppContext }): Map<string, Entry> {
  let map = ctx.memo.get('auth.sessionCache') as Map<string, Entry> | undefined;
  if (!map) {
    map = new Map();
    ctx.memo.set('auth.sessionCache', map);
  }
  return map;
}

export function cachedSession({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { tokenHash: string; now: number };
}): AuthSession | null {
  const { tokenHash, now } = input;
  const map = cache({ ctx });
  const entry = map.get(tokenHash);
  if (!entry) return null;
  if (entry.until <= now || entry.sessionExpires <= now) {
    map.delete(tokenHash);
    return null;
  }
  return entry.session;
}

export function rememberSession({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { tokenHash: string; session: AuthSession; sessionExpires: number; now: number };
}): void {
  const { tokenHash, session, sessionExpires, now } = input;
  const map = cache({ ctx });
  if (map.size >= MAX_ENTRIES) {
    // Drop the oldest insertions (a Map iterates in insertion order).
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const key of map.keys()) {
      map.delete(key);
      if (--drop === 0) break;
    }
  }
  map.set(tokenHash, { session, until: now + SESSION_CACHE_TTL_MS, sessionExpires });
}

/** Forget cached sessions: one session, or every session of a user. */
export function forgetSessions({
  ctx,
  input: match,
}: {
  ctx: AppContext;
  input: { sessionId?: string; userId?: string };
}): void {
  const map = cache({ ctx });
  for (const [key, entry] of map) {
    if (entry.session.sessionId === match.sessionId || entry.session.userId === match.userId) map.delete(key);
  }
}
