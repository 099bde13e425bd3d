// What GET /readyz asks before a load balancer may send this node traffic (issue 34): the database answers, it holds
// every migration of this build, and this node knows its forecourt leader (itself or another node: the simulator and
// the watchdogs run somewhere). A node that is stopping (SIGTERM) is not ready, so the balancer drains it.
import { sql } from 'drizzle-orm';
import { type Db, migrationStatus } from '../db/client';
import { type Leadership, LOCK_HOLDER_SQL, type LockHolderLookup } from '../db/leader';

/** A database that does not answer within this long counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

export type LeaderCheck =
  /** No simulator on this node's configuration (FORECOURT_SIMULATOR=false): nothing to elect. */
  | { kind: 'off' }
  /** PGlite: one process, which leads without an election. */
  | { kind: 'sole' }
  | { kind: 'elected'; leadership: Leadership };

export type ReadinessReport = {
  ready: boolean;
  checks: {
    database: { ok: boolean; error?: string };
    migrations: { ok: boolean; applied?: number; expected?: number };
    leader: { ok: boolean; self?: boolean; node?: string | null; reason?: string };
    draining: boolean;
  };
};

export type Readiness = {
  /** Set once the start-up's migrate() returned (index.ts); before it the node is not ready. */
  startupDone(): void;
  setLeader(check: LeaderCheck): void;
  /** SIGTERM: not ready from now on. */
  drain(): void;
  isDraining(): boolean;
  check(): Promise<ReadinessReport>;
};

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]);
}

export function createReadiness(opts: {
  db: Db;
  nodeName: string;
  /** Why a check failed goes to the log, not into the answer (it may name internal addresses). */
  log: { error(line: string, err?: unknown): void };
}): Readiness {
  let started = false;
  let draining = false;
  let leader: LeaderCheck | null = null;
  const lookup: LockHolderLookup = async (classid, objid) => {
    // drizzle's execute takes SQL objects: the lookup's text with its two numbers bound.
    const [before, middle, after] = LOCK_HOLDER_SQL.split(/\$1|\$2/) as [string, string, string];
    const query = sql.join([sql.raw(before), sql`${classid}`, sql.raw(middle), sql`${objid}`, sql.raw(after)]);
    const res = (await opts.db.execute(query)) as unknown as { rows: { name: string | null }[] };
    return res.rows.length === 0 ? null : (res.rows[0]?.name ?? '');
  };

  const leaderCheck = async (): Promise<ReadinessReport['checks']['leader']> => {
    if (!leader) return { ok: false, reason: 'the forecourt election has not started' };
    if (leader.kind === 'off') return { ok: true, reason: 'FORECOURT_SIMULATOR=false' };
    if (leader.kind === 'sole') return { ok: true, self: true, node: opts.nodeName };
    const who = await leader.leadership.leader(lookup);
    if (!who) return { ok: false, reason: 'the first election is under way' };
    if (!who.self && who.node === null) return { ok: false, self: false, node: null, reason: 'no node leads now' };
    return { ok: true, self: who.self, node: who.node };
  };

  return {
    startupDone: () => {
      started = true;
    },
    setLeader: (check) => {
      leader = check;
    },
    drain: () => {
      draining = true;
    },
    isDraining: () => draining,
    async check() {
      const checks: ReadinessReport['checks'] = {
        database: { ok: false },
        migrations: { ok: false },
        leader: { ok: false },
        draining,
      };
      try {
        await withTimeout(opts.db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
        checks.database = { ok: true };
        const m = await withTimeout(migrationStatus(opts.db), CHECK_TIMEOUT_MS);
        checks.migrations = { ok: started && m.current, applied: m.applied, expected: m.expected };
        checks.leader = await withTimeout(leaderCheck(), CHECK_TIMEOUT_MS);
      } catch (err) {
        opts.log.error('readiness check failed', err);
        const what = err instanceof Error && err.message.startsWith('no answer') ? 'no answer' : 'failed';
        if (!checks.database.ok) checks.database = { ok: false, error: `the database check: ${what}` };
        else if (checks.migrations.ok) checks.leader = { ok: false, reason: `the leader check: ${what}` };
        else checks.migrations = { ok: false };
      }
      const ready = !draining && checks.database.ok && checks.migrations.ok && checks.leader.ok;
      return { ready, checks };
    },
  };
}
