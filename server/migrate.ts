// `npm run migrate` (from the sources) or `node dist-server/migrate.mjs` (the bundle, in the container): applies the
// pending migrations and exits. Needs only DATABASE_URL (or DATA_DIR for PGlite). The nodes also migrate at start,
// under the same PostgreSQL advisory lock (db/client.ts), so this is for a deploy step that migrates before the new
// version starts; run at the same time as nodes, one of them waits for the other.
import { openDatabase } from './db/client';
import { acquireDataDirLock, LockError } from './db/lock';
import { ConfigError, loadDatabaseEnv } from './env';

async function main() {
  const env = loadDatabaseEnv();
  // PGlite: one process per data directory, so not while a server runs on it.
  const release = !env.databaseUrl && !env.dataDir.startsWith('memory://') ? acquireDataDirLock(env.dataDir) : () => {};
  try {
    const database = await openDatabase(env);
    try {
      const result = await database.migrate();
      const where = env.databaseUrl ? 'PostgreSQL' : `PGlite in ${env.dataDir}`;
      console.log(
        result.applied > 0
          ? `Applied ${result.applied} migration(s) to ${where}`
          : `${where} is up to date${result.waited ? ' (another process migrated it meanwhile)' : ''}`,
      );
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof LockError) console.error(err.message);
  else console.error('Migrating failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
