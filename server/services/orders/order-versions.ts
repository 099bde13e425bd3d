// The per-order version (issue 16): this process remembers the ETag it last answered for an order, so a conditional
// GET /v4/order/{id} of an unchanged order is a 304 without any query. An entry is trusted only while this process
// hears every change: the database announces each write to an order, its ledger, codes and discounts (triggers of
// migration 0012, on PostgreSQL to every API process), and the hub is listening (ctx.events.isLive()). A change drops
// the order's entry; a gap in the notifications (reconnect) drops them all. Orders whose answer moves without a write
// (a running pump meter, an EV charge's live energy) are never remembered. Entries also expire after VERSION_TTL_MS,
// which bounds what a change outside those tables (a station's product description) can keep stale.
import type { AppContext } from '../../context';

export const VERSION_TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;

/** How long a change is remembered, to refuse a load that overlapped it (loads take milliseconds, not this long). */
const CHANGE_MEMORY_MS = 60_000;

type Entry = { etag: string; userId: string; until: number };
type State = {
  map: Map<string, Entry>;
  /** Counts the changes heard; a load that overlapped a change of its order (or a gap) is not remembered. */
  seq: number;
  gapSeq: number;
  /** The last change heard of each order (insertion order = oldest first), for CHANGE_MEMORY_MS. */
  changed: Map<string, { seq: number; at: number }>;
  watching: Promise<void> | null;
};

export type VersionMark = { seq: number; at: number };

function state({ ctx }: { ctx: AppContext }): State {
  let st = ctx.memo.get('orders.versions') as State | undefined;
  if (!st) {
    st = { map: new Map(), seq: 0, gapSeq: 0, changed: new Map(), watching: null };
    ctx.memo.set('orders.versions', st);
  }
  const mine = st;
  if (!mine.watching) {
    mine.watching = ctx.events
      .watchAll((key) => {
        if (key === null) {
          mine.seq += 1;
          mine.gapSeq = mine.seq;
          mine.map.clear();
          return;
        }
        if (!key.startsWith('o:')) return;
        mine.seq += 1;
        const id = key.slice(2);
        const now = Date.now();
        mine.map.delete(id);
        mine.changed.delete(id);
        mine.changed.set(id, { seq: mine.seq, at: now });
        for (const [old, change] of mine.changed) {
          if (change.at > now - CHANGE_MEMORY_MS) break;
          mine.changed.delete(old);
        }
      })
      .then(
        () => {
          // Listening from now on: a load marked before this may have missed a change.
          mine.seq += 1;
          mine.gapSeq = mine.seq;
        },
        (err) => {
          // The hub failed to start (or is closed): nothing is remembered; the next request tries again.
          mine.watching = null;
          ctx.log.error('order versions: cannot watch changes', err);
        },
      );
  }
  return mine;
}

/** A mark taken before loading an order: rememberVersion() keeps the answer only if no change was heard since. */
export function versionMark({ ctx, input }: { ctx: AppContext; input: { now: number } }): VersionMark {
  return { seq: state({ ctx }).seq, at: input.now };
}

/** The ETag this process answered for the caller's order, if it is still current; else null (load it). */
export function knownVersion({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; userId: string; now: number };
}): string | null {
  const st = state({ ctx });
  const entry = st.map.get(input.orderId);
  if (!entry) return null;
  if (!ctx.events.isLive() || entry.until <= input.now || entry.userId !== input.userId) {
    if (entry.until <= input.now) st.map.delete(input.orderId);
    return null;
  }
  return entry.etag;
}

/** Remember the ETag of an order just loaded (from the mark taken before the load). */
export function rememberVersion({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; userId: string; etag: string; mark: VersionMark; now: number };
}): void {
  const st = state({ ctx });
  const { mark } = input;
  if (!ctx.events.isLive() || st.gapSeq > mark.seq || input.now - mark.at > CHANGE_MEMORY_MS / 2) return;
  const change = st.changed.get(input.orderId);
  if (change && change.seq > mark.seq) return;
  if (st.map.size >= MAX_ENTRIES) {
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const key of st.map.keys()) {
      st.map.delete(key);
      if (--drop === 0) break;
    }
  }
  st.map.delete(input.orderId); // re-inserted last: the oldest entries go first
  st.map.set(input.orderId, { etag: input.etag, userId: input.userId, until: input.now + VERSION_TTL_MS });
}

/** Forget an order's version (a write of this process that the hub will announce anyway, to be sure at once). */
export function forgetVersion({ ctx, input }: { ctx: AppContext; input: { orderId: string } }): void {
  state({ ctx }).map.delete(input.orderId);
}
