// One of several API processes on PostgreSQL runs the forecourt simulator and the orders' watchdog (issue 16,
// WORKERS=N): the one that holds a session-level advisory lock on a connection of its own. The others try again every
// retryMs, so when the leader stops or dies (its connection closes, PostgreSQL frees the lock) another one takes over.
// A leader whose connection drops stops leading at once (onLost) before anyone else can be elected twice over.
// PGlite has one process: it leads without asking (server/index.ts).
import { createHash } from 'node:crypto';

/** The advisory-lock class of elections (another constant than the process identities' in db/client.ts). */
const LEADER_LOCK_CLASS = 0x46504c31;
const lockId = (name: string): number => createHash('sha256').update(name).digest().readInt32BE(0);

/** The leader connection's application_name: this prefix and the node's name. */
const APP_NAME_PREFIX = 'forecourt-pay leader ';

/**
 * Who holds an advisory lock of two keys: the application_name of the holding connection, or null when nobody holds
 * it (ops/readiness.ts asks through the pool). A two-key advisory lock shows in pg_locks as classid = key 1 and
 * objid = key 2, both as unsigned 32 bits, with objsubid = 2.
 */
export type LockHolderLookup = (classid: number, objid: number) => Promise<string | null>;

export const LOCK_HOLDER_SQL = `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
  where l.locktype = 'advisory' and l.granted and l.objsubid = 2 and l.classid = $1::bigint::oid
    and l.objid = $2::bigint::oid and l.database = (select oid from pg_database where datname = current_database())`;

export type Leadership = {
  /** This process leads now. */
  isLeader(): boolean;
  /**
   * Who leads, as the database sees it (GET /readyz): this process, another one (its connection's application_name,
   * which names its node), or nobody (between a leader's end and the next election, at most retryMs). Null until this
   * process's first attempt is over.
   */
  leader(lookup: LockHolderLookup): Promise<{ self: boolean; node: string | null } | null>;
  /** Stop leading (onLost runs if it was leading) and stop trying. */
  stop(): Promise<void>;
};

type Client = {
  connect(): Promise<unknown>;
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  end(): Promise<void>;
  on(event: 'error' | 'end', fn: (err?: Error) => void): unknown;
};

export function electLeader(opts: {
  connectionString: string;
  /** What is elected ("forecourt"): one leader per name and database. */
  name: string;
  onElected: () => void | Promise<void>;
  onLost: () => void | Promise<void>;
  retryMs?: number;
  /** This node's name: the leader's connection carries it (application_name) so the others can say who leads. */
  node?: string;
  log: { error(line: string, err?: unknown): void };
}): Leadership {
  const retryMs = opts.retryMs ?? 5_000;
  let client: Client | null = null;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | null = null;

  const lose = async () => {
    if (!leader) return;
    leader = false;
    try {
      await opts.onLost();
    } catch (err) {
      opts.log.error(`leader ${opts.name}: stopping failed`, err);
    }
  };
  const drop = (c: Client) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    void lose();
    schedule();
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      attempt = tryOnce().finally(() => {
        attempt = null;
      });
    }, retryMs);
    timer.unref();
  };

  async function tryOnce(): Promise<void> {
    if (stopped || leader) return;
    try {
      if (!client) {
        const pg = (await import('pg')).default;
        const c = new pg.Client({
          connectionString: opts.connectionString,
          // PostgreSQL keeps at most 63 bytes of it.
          application_name: `${APP_NAME_PREFIX}${opts.node ?? `pid ${process.pid}`}`.slice(0, 63),
        }) as unknown as Client;
        c.on('error', (err) => {
          opts.log.error(`leader ${opts.name}: connection lost (${err?.message ?? 'error'})`);
          drop(c);
        });
        c.on('end', () => drop(c));
        client = c;
        await c.connect();
      }
      const c = client;
      const { rows } = await c.query('select pg_try_advisory_lock($1, $2) as ok', [
        LEADER_LOCK_CLASS,
        lockId(opts.name),
      ]);
      if (stopped || client !== c) return;
      if (rows[0]?.ok === true) {
        leader = true;
        await opts.onElected();
        return;
      }
    } catch (err) {
      opts.log.error(`leader ${opts.name}: election failed`, err);
      const c = client;
      if (c) drop(c);
      return;
    }
    schedule();
  }

  let tried = false;
  attempt = tryOnce().finally(() => {
    attempt = null;
    tried = true;
  });

  return {
    isLeader: () => leader,
    async leader(lookup) {
      if (leader) return { self: true, node: opts.node ?? null };
      if (!tried) return null;
      const name = await lookup(LEADER_LOCK_CLASS, lockId(opts.name) >>> 0);
      if (name === null) return { self: false, node: null };
      return { self: false, node: name.startsWith(APP_NAME_PREFIX) ? name.slice(APP_NAME_PREFIX.length) : name };
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await attempt;
      await lose();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
