// The outbox of offline writes (ARCHITECTURE.md "Offline at the forecourt"): a write marked offline-capable is stored in
// Dexie with a client-generated id and sent once, in order — now if there is signal, else when it returns, also after a
// reload. The client id travels as the Idempotency-Key, so a send whose answer was lost can be repeated safely: the
// server applies it once. Features register a sender per kind of write (their queries.ts); mutations submit to it.
import { alwaysOnline, type Connectivity, realTimers, type Timers } from '../lib/connectivity';
import type { ForecourtDb, OutboxEntry } from './index';

/** Sends one write; `clientId` is its idempotency key. */
export type Sender = (variables: never, clientId: string) => Promise<unknown>;

/**
 * What a failed send means:
 * - 'offline': no answer (no signal, a timeout): keep it and try again when there is signal;
 * - 'retry': the server failed (5xx): keep it and try again after a pause;
 * - 'refused': the server refused it (4xx): it will never pass; drop it and tell the driver.
 */
export type FailureKind = 'offline' | 'retry' | 'refused';

export type OutboxDeps = {
  db: ForecourtDb;
  classify: (error: unknown) => FailureKind;
  connectivity?: Connectivity;
  timers?: Timers;
  /** Pause before trying again after 'retry' or 'offline' while the device says it is online. */
  retryDelayMs?: number;
  newId?: () => string;
  now?: () => number;
  /** The signed-in user; only their writes are sent. */
  currentUserId?: () => string | null;
  /** A write the server refused (the app tells the driver). */
  onRefused?: (entry: OutboxEntry, error: unknown) => void;
  /** Senders by kind; `register` adds to it. */
  senders?: Map<string, Sender>;
  /**
   * Told before a write is stored (`pending`) and when the queue is found empty after a drain (`empty`): the app keeps
   * a mark of it outside the database, so a start with nothing waiting need not load the outbox (outbox-hooks.ts).
   */
  marker?: { pending(): void; empty(): void };
};

export type SubmitResult = { status: 'sent'; result: unknown } | { status: 'queued'; id: string };

export const OUTBOX_RETRY_DELAY_MS = 2_000;

export function createOutbox(deps: OutboxDeps) {
  const connectivity = deps.connectivity ?? alwaysOnline;
  const timers = deps.timers ?? realTimers;
  const retryDelayMs = deps.retryDelayMs ?? OUTBOX_RETRY_DELAY_MS;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const now = deps.now ?? (() => Date.now());
  const userId = deps.currentUserId ?? (() => null);
  const senders = deps.senders ?? new Map<string, Sender>();
  const results = new Map<string, { result: unknown } | { refused: unknown }>();
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: unknown = null;
  let unsubscribe: (() => void) | null = null;
  let stopped = false;

  function scheduleRetry(): void {
    if (retryTimer !== null) return;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      void flush();
    }, retryDelayMs);
  }

  async function next(): Promise<OutboxEntry | undefined> {
    const me = userId();
    return deps.db.outbox
      .orderBy('seq')
      .filter((entry) => entry.userId === me)
      .first();
  }

  /** Send what waits, oldest first, until the queue is empty or a send fails for want of signal. */
  async function drain(): Promise<void> {
    while (!stopped && connectivity.isOnline()) {
      const entry = await next();
      if (!entry) {
        // Another user's writes may still wait: only a table with nothing in it is "empty".
        if (deps.marker && (await deps.db.outbox.count()) === 0) deps.marker.empty();
        return;
      }
      const sender = senders.get(entry.kind);
      if (!sender) {
        // A write this version no longer knows (an old app's queue): it cannot be sent.
        await deps.db.outbox.delete(entry.seq!);
        continue;
      }
      try {
        const result = await (sender as (v: unknown, id: string) => Promise<unknown>)(entry.variables, entry.id);
        results.set(entry.id, { result });
        await deps.db.outbox.delete(entry.seq!);
      } catch (error) {
        const kind = deps.classify(error);
        if (kind === 'refused') {
          results.set(entry.id, { refused: error });
          await deps.db.outbox.delete(entry.seq!);
          deps.onRefused?.(entry, error);
          continue;
        }
        // Kept, in its place: nothing behind it overtakes it.
        await deps.db.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
        if (kind === 'retry' || connectivity.isOnline()) scheduleRetry();
        return;
      }
    }
  }

  /** One drain at a time; a flush asked for meanwhile runs once more after it. */
  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } catch (error) {
        // The device's database failed (storage full, closed): the writes stay where they are for the next try.
        console.warn('[outbox] could not send the waiting writes', error);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    /** The sender of a kind of write (a feature's queries.ts registers it at boot). */
    register(kind: string, sender: Sender): void {
      senders.set(kind, sender);
    },
    /**
     * Queue a write and try to send the queue. Resolves 'sent' with the server's answer when this write went out now,
     * 'queued' when it waits for signal; rejects with the server's error when the server refused it.
     */
    async submit(kind: string, variables: unknown): Promise<SubmitResult> {
      const id = newId();
      deps.marker?.pending();
      await deps.db.outbox.add({ id, kind, variables, createdAt: now(), attempts: 0, userId: userId() });
      await flush();
      const outcome = results.get(id);
      results.delete(id);
      if (!outcome) return { status: 'queued', id };
      if ('refused' in outcome) throw outcome.refused;
      return { status: 'sent', result: outcome.result };
    },
    flush,
    /** The writes still waiting (oldest first). */
    pending(): Promise<OutboxEntry[]> {
      return deps.db.outbox.orderBy('seq').toArray();
    },
    /** Send on start and whenever the signal returns. */
    start(): void {
      stopped = false;
      unsubscribe ??= connectivity.subscribe((online) => {
        if (online) void flush();
      });
      void flush();
    },
    stop(): void {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
      retryTimer = null;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
