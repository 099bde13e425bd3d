// Database client: PGlite (embedded, data in DATA_DIR; 'memory://' for tests) or PostgreSQL through `pg`
// when DATABASE_URL is set. Same schema, same SQL migrations, applied in-process.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbDriver = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  driver: DbDriver;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The cluster lives in DATA_DIR/pglite: initdb wants an empty directory, and DATA_DIR also holds server.lock.
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = new PGlite(location);
  await client.waitReady;
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
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
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/** A transaction handle (what ctx.db.transaction passes to its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
