// Database client: PGlite (embedded, data in DATA_DIR; 'memory://' for tests) or PostgreSQL through `pg`
// when DATABASE_URL is set. Same schema, same SQL migrations, applied in-process.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { pgliteModule } from './pglite-wasm';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

/**
 * A process's identity for leases (idempotency keys in progress): `id` is random per start; isAlive(owner) tells
 * whether the process that claimed something still runs.
 */
export type ProcessIdentity = { id: string; isAlive(owner: string): Promise<boolean>; close?(): Promise<void> };

/** What a migrate() did: how many migrations it applied (0: the database was current, or another node migrated it). */
export type MigrationResult = { applied: number; waited: boolean };

export type Database = {
  db: Db;
  driver: DbDriver;
  /**
   * Applies the pending migrations. PostgreSQL: under a session advisory lock, so of N processes starting together one
   * migrates and the others wait for it, then find nothing to do (issue 34). PGlite: one process per DATA_DIR.
   */
  migrate(): Promise<MigrationResult>;
  /**
   * This process's identity. PGlite: one process per data directory (db/lock.ts), so any other owner is dead.
   * PostgreSQL: the process holds a session advisory lock on its own connection for as long as it lives; the
   * connection, and so the lock, dies with the process (kill -9 too), so a free lock means a dead owner.
   */
  processIdentity(): Promise<ProcessIdentity>;
  close(): Promise<void>;
};

/** The advisory-lock class of process identities (any constant no other code of ours uses). */
const PROCESS_LOCK_CLASS = 0x46503131;
const processLockId = (id: string): number => createHash('sha256').update(id).digest().readInt32BE(0);

export function soleProcess(): ProcessIdentity {
  const id = randomUUID();
  return { id, isAlive: async (owner) => owner === id };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory-lock class and key of the one migrator per database (another constant than the identities'). */
const MIGRATION_LOCK = [0x46504d31, 1] as const;

/** The migrations this build ships (drizzle-kit's journal beside them): how many, and the newest one's timestamp. */
function shippedMigrations(): { count: number; last: number } {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, last: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

type Queryable = { query(text: string): Promise<{ rows: Record<string, unknown>[] }> };

/** Migrations recorded in the database (drizzle's own table, drizzle.__drizzle_migrations); 0 before the first. */
async function appliedMigrations(client: Queryable): Promise<{ count: number; last: number }> {
  const exists = await client.query("select to_regclass('drizzle.__drizzle_migrations') is not null as ok");
  if (exists.rows[0]?.ok !== true) return { count: 0, last: 0 };
  const { rows } = await client.query(
    'select count(*)::int as count, coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations',
  );
  return { count: Number(rows[0]?.count ?? 0), last: Number(rows[0]?.last ?? 0) };
}

export type MigrationStatus = { applied: number; expected: number; current: boolean };

/**
 * Whether the database holds every migration of this build (GET /readyz): drizzle applies those newer than the
 * newest it recorded, so the database is current when its newest is at least the journal's.
 */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const shipped = shippedMigrations();
  const client: Queryable = {
    query: async (text) => ({
      rows: ((await db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows,
    }),
  };
  const applied = await appliedMigrations(client);
  return { applied: applied.count, expected: shipped.count, current: applied.last >= shipped.last };
}

/**
 * PGlite's buffer pool when nothing else is said (PGLITE_SHARED_BUFFERS): 16 MiB instead of the 128 MiB PGlite ships
 * (db/pglite-wasm.ts). The demo database is ~60 MiB on disk and the hot rows fit; the rest is read through the OS
 * page cache. Measured with `npm run bench -- memory` and `npm run bench -- load --db pglite` (README, Performance).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Whether DATA_DIR holds no PGlite cluster yet: a first start, before initdb (an in-memory database is never new). */
export function pgliteIsNew(dataDir: string): boolean {
  return !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

export async function openPglite(dataDir: string, sharedBuffers = PGLITE_SHARED_BUFFERS): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The cluster lives in DATA_DIR/pglite: initdb wants an empty directory, and DATA_DIR also holds server.lock.
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const wasmModule = await pgliteModule(sharedBuffers);
  const client = new PGlite(location, wasmModule ? { wasmModule } : {});
  await client.waitReady;
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: async () => {
      const q: Queryable = { query: (text) => client.query(text) as Promise<{ rows: Record<string, unknown>[] }> };
      const before = await appliedMigrations(q);
      await migrate(db, { migrationsFolder });
      return { applied: (await appliedMigrations(q)).count - before.count, waited: false };
    },
    processIdentity: async () => soleProcess(),
    close: () => client.close(),
  };
}

/** Where the database's own troubles go (a dropped connection): the process's log, else stderr. */
type DbLog = { error(line: string, err?: unknown): void };
const stderrLog: DbLog = { error: (line) => console.error(line) };

export async function openPostgres(connectionString: string, log: DbLog = stderrLog): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString, max: 10 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', (err) => log.error(`postgres pool error: ${err.message}`));
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: async () => {
      // On a connection of its own that holds the lock for the whole run; the lock dies with the connection, so a
      // migrator killed halfway frees it (drizzle applies all pending migrations in one transaction).
      const own = new pg.default.Client({ connectionString, application_name: 'forecourt-pay migrate' });
      own.on('error', () => {});
      await own.connect();
      try {
        const got = await own.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [...MIGRATION_LOCK]);
        const waited = got.rows[0]?.ok !== true;
        if (waited) await own.query('select pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
        const before = await appliedMigrations(own);
        await migrate(drizzle(own, { schema }), { migrationsFolder });
        const after = await appliedMigrations(own);
        await own.query('select pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
        return { applied: after.count - before.count, waited };
      } finally {
        await own.end().catch(() => {});
      }
    },
    processIdentity: async () => {
      const id = randomUUID();
      const own = new pg.default.Client({ connectionString });
      own.on('error', (err) => log.error(`postgres liveness connection error: ${err.message}`));
      await own.connect();
      await own.query('select pg_advisory_lock($1, $2)', [PROCESS_LOCK_CLASS, processLockId(id)]);
      return {
        id,
        isAlive: async (owner) => {
          if (owner === id) return true;
          // Taken and given back within this one statement when free: nobody holds it, the owner is gone.
          const res = await pool.query<{ free: boolean }>('select pg_try_advisory_xact_lock($1, $2) as free', [
            PROCESS_LOCK_CLASS,
            processLockId(owner),
          ]);
          return res.rows[0]?.free === false;
        },
        close: () => own.end(),
      };
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pgliteSharedBuffers?: string | undefined;
  log?: DbLog;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.log)
    : openPglite(opts.dataDir, opts.pgliteSharedBuffers);
}

/** A transaction handle (what ctx.db.transaction passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
