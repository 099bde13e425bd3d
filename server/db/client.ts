// Database client: PGlite (embedded, data in DATA_DIR; 'memory://' for tests) or PostgreSQL through `pg`
// when DATABASE_URL is set. Same schema, same SQL migrations, applied in-process.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
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

export type Database = {
  db: Db;
  driver: DbDriver;
  migrate(): Promise<void>;
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
    migrate: () => migrate(db, { migrationsFolder }),
    processIdentity: async () => soleProcess(),
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString, max: 10 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', (err) => console.error(`postgres pool error: ${err.message}`));
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: () => migrate(db, { migrationsFolder }),
    processIdentity: async () => {
      const id = randomUUID();
      const own = new pg.default.Client({ connectionString });
      own.on('error', (err) => console.error(`postgres liveness connection error: ${err.message}`));
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
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.pgliteSharedBuffers);
}

/** A transaction handle (what ctx.db.transaction passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
