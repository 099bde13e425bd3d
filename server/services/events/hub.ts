// The process's end of the change notifications: one LISTEN per process, fanned out to the streams of this process
// (routes/events.ts) by topic. PGlite: its own listen() (in-process; one server per data directory). PostgreSQL: one
// dedicated connection that LISTENs (not from the pool), reconnected with backoff; after a reconnect every listener
// hears `gap` (notifications may have been lost meanwhile) and reloads. The LISTEN starts with the first subscriber.
import type { Db, DbDriver } from '../../db/client';
import { CHANNEL, type Topic, topicKey } from './topics';

/** The part of the context's logger the hub uses (not imported: the context imports the hub's type). */
type Logger = { error(line: string, err?: unknown): void };

/** `change`: the topic changed; `gap`: notifications may have been missed (reconnect); reload either way. */
export type ChangeListener = (why: 'change' | 'gap') => void;

export type EventHub = {
  /** Resolves once notifications are flowing, so a snapshot loaded afterwards misses no change. */
  subscribe(topic: Topic, listener: ChangeListener): Promise<() => void>;
  /**
   * Hear every announcement of this process's LISTEN (the payload, e.g. "o:<id>"), or `null` for a gap: the caches
   * of this process (order versions, sessions) drop what changed. Resolves once notifications are flowing.
   */
  watchAll(listener: (key: string | null) => void): Promise<() => void>;
  /** Notifications are flowing now (started, not lost): a cache may trust that it hears every change. */
  isLive(): boolean;
  /** Called once when the hub closes (shutdown): open streams end cleanly. */
  onClose(fn: () => void): () => void;
  /** How many listeners are subscribed (tests, diagnostics). */
  size(): number;
  close(): Promise<void>;
};

type Source = {
  /** `down`: the LISTEN connection is lost (notifications are not heard until `gap` says it is back). */
  start(deliver: (payload: string) => void, gap: () => void, down?: () => void): Promise<() => Promise<void>>;
};

const RECONNECT_MS = [250, 1_000, 2_000, 5_000, 10_000];

function pgliteSource(client: { listen(c: string, cb: (p: string) => void): Promise<() => Promise<void>> }): Source {
  return { start: async (deliver) => client.listen(CHANNEL, deliver) };
}

function postgresSource(connectionString: string, log: Logger): Source {
  return {
    async start(deliver, gap, down) {
      const pg = (await import('pg')).default;
      let client: InstanceType<typeof pg.Client> | null = null;
      let stopped = false;
      let attempt = 0;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString });
        c.on('notification', (msg) => {
          if (msg.channel === CHANNEL && msg.payload) deliver(msg.payload);
        });
        const lost = (why: string) => {
          if (stopped || client !== c) return;
          client = null;
          down?.();
          log.error(`change notifications: listening connection lost (${why}); reconnecting`);
          c.end().catch(() => {});
          schedule();
        };
        c.on('error', (err) => lost(err.message));
        c.on('end', () => lost('ended'));
        client = c;
        await c.connect();
        await c.query(`LISTEN ${CHANNEL}`);
      };
      const schedule = () => {
        const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)] ?? 10_000;
        attempt += 1;
        retry = setTimeout(() => {
          connect().then(
            () => {
              attempt = 0;
              gap();
            },
            (err: Error) => {
              if (stopped) return;
              client?.end().catch(() => {});
              client = null;
              log.error(`change notifications: reconnect failed (${err.message})`);
              schedule();
            },
          );
        }, wait);
        retry.unref();
      };
      await connect();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      };
    },
  };
}

/** The driver's client under Drizzle (`$client`): PGlite itself, or the pg Pool (its connection string). */
function sourceFor(db: Db, driver: DbDriver, log: Logger): Source {
  const client = (db as unknown as { $client: unknown }).$client;
  if (driver === 'pglite') return pgliteSource(client as Parameters<typeof pgliteSource>[0]);
  const options = (client as { options?: { connectionString?: string } }).options;
  if (!options?.connectionString) throw new Error('change notifications: the pool has no connection string');
  return postgresSource(options.connectionString, log);
}

export function createEventHub(opts: { db: Db; driver: DbDriver; log: Logger; source?: Source }): EventHub {
  const listeners = new Map<string, Set<ChangeListener>>();
  const wildcards = new Set<(key: string | null) => void>();
  const closers = new Set<() => void>();
  let started: Promise<() => Promise<void>> | null = null;
  let closed = false;
  let live = false;

  const each = (set: Iterable<ChangeListener>, why: 'change' | 'gap') => {
    for (const fn of [...set]) {
      try {
        fn(why);
      } catch (err) {
        opts.log.error('change listener failed', err);
      }
    }
  };
  const tellAll = (key: string | null) => {
    for (const fn of [...wildcards]) {
      try {
        fn(key);
      } catch (err) {
        opts.log.error('change watcher failed', err);
      }
    }
  };
  const deliver = (payload: string) => {
    // The caches first: a stream that reloads on this change must not be answered from a stale cache entry.
    tellAll(payload);
    const set = listeners.get(payload);
    if (set) each(set, 'change');
  };
  const down = () => {
    live = false;
    tellAll(null);
  };
  const gap = () => {
    live = !closed;
    tellAll(null);
    for (const set of [...listeners.values()]) each(set, 'gap');
  };
  const start = () => {
    if (!started) {
      const source = opts.source ?? sourceFor(opts.db, opts.driver, opts.log);
      started = source.start(deliver, gap, down);
      started.then(
        () => {
          live = !closed;
        },
        () => {},
      );
      // A failed start is retried by the next subscriber.
      started.catch(() => {
        started = null;
      });
    }
    return started;
  };

  return {
    async subscribe(topic, listener) {
      if (closed) throw new Error('the event hub is closed');
      await start();
      const key = topicKey(topic);
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(key);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(key);
      };
    },
    async watchAll(listener) {
      if (closed) throw new Error('the event hub is closed');
      await start();
      wildcards.add(listener);
      return () => {
        wildcards.delete(listener);
      };
    },
    isLive: () => live,
    onClose(fn) {
      closers.add(fn);
      return () => closers.delete(fn);
    },
    size: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      if (closed) return;
      closed = true;
      live = false;
      for (const fn of [...closers]) {
        try {
          fn();
        } catch (err) {
          opts.log.error('closing a stream failed', err);
        }
      }
      closers.clear();
      listeners.clear();
      tellAll(null);
      wildcards.clear();
      const stop = await started?.catch(() => null);
      await stop?.();
    },
  };
}
