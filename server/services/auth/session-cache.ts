// A short-lived, per-process cache of bearer-token lookups: the polling hot path (every 2.5 s per driver) then costs
// no session query. Revocations clear it at once in every API process: the database announces a revoked or deleted
// session ("x:<id>") and a changed user ("u:<id>") on the change channel (triggers of migration 0012, delivered through
// the event hub's LISTEN), and this process's own revocations clear it directly too. While the hub is not listening
// (starting, connection lost) an entry is trusted for UNHEARD_TTL_MS only, so a revocation takes effect within seconds
// either way. (Not a signed self-contained token: that could not be revoked before it expires.) The token itself is
// never kept, only its sha256.

import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';

// Longer than the 2.5 s poll interval several times over, so a polling driver costs a session query only every 30 s
// (revocations are heard at once, this only bounds memory and a missed notification).
const SESSION_CACHE_TTL_MS = 30_000;
/** While revocations cannot be heard, an entry is used this long after its lookup at most. */
export const UNHEARD_TTL_MS = 3_000;
const MAX_ENTRIES = 50_000;

type Entry = { session: AuthSession; at: number; until: number; sessionExpires: number };
type State = {
  map: Map<string, Entry>;
  /** Counts the revocations heard: a lookup that overlapped one is not kept (it may predate it). */
  seq: number;
  watching: Promise<void> | null;
};

function forget(map: Map<string, Entry>, match: { sessionId?: string; userId?: string }): void {
  for (const [key, entry] of map) {
    if (entry.session.sessionId === match.sessionId || entry.session.userId === match.userId) map.delete(key);
  }
}

function state({ ctx }: { ctx: AppContext }): State {
  let st = ctx.memo.get('auth.sessionCache') as State | undefined;
  if (!st) {
    st = { map: new Map(), seq: 0, watching: null };
    ctx.memo.set('auth.sessionCache', st);
  }
  const mine = st;
  if (!mine.watching) {
    mine.watching = ctx.events
      .watchAll((key) => {
        if (key === null) {
          mine.seq += 1;
          mine.map.clear();
        } else if (key.startsWith('x:')) {
          mine.seq += 1;
          forget(mine.map, { sessionId: key.slice(2) });
        } else if (key.startsWith('u:')) {
          mine.seq += 1;
          forget(mine.map, { userId: key.slice(2) });
        }
      })
      .then(
        () => {
          mine.seq += 1; // listening from now on: a lookup marked before may have missed a revocation
        },
        (err) => {
          mine.watching = null;
          ctx.log.error('session cache: cannot watch revocations', err);
        },
      );
  }
  return mine;
}

function cache({ ctx }: { ctx: AppContext }): Map<string, Entry> {
  return state({ ctx }).map;
}

/** Taken before a session lookup: rememberSession() keeps its answer only if no revocation was heard since. */
export function sessionMark({ ctx }: { ctx: AppContext }): number {
  return state({ ctx }).seq;
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
  if (!ctx.events.isLive() && now - entry.at > UNHEARD_TTL_MS) return null;
  return entry.session;
}

export function rememberSession({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { tokenHash: string; session: AuthSession; sessionExpires: number; now: number; mark: number };
}): void {
  const { tokenHash, session, sessionExpires, now } = input;
  const st = state({ ctx });
  if (st.seq !== input.mark) return;
  const map = st.map;
  if (map.size >= MAX_ENTRIES) {
    // Drop the oldest insertions (a Map iterates in insertion order).
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const key of map.keys()) {
      map.delete(key);
      if (--drop === 0) break;
    }
  }
  map.set(tokenHash, { session, at: now, until: now + SESSION_CACHE_TTL_MS, sessionExpires });
}

/** Forget cached sessions: one session, or every session of a user. */
export function forgetSessions({
  ctx,
  input: match,
}: {
  ctx: AppContext;
  input: { sessionId?: string; userId?: string };
}): void {
  const st = state({ ctx });
  st.seq += 1;
  forget(st.map, match);
}
