// `npm run chargers`: the built-in simulated chargers as a process of their own, OCPP 1.6J charge points connecting to
// OCPP_URL (default ws://127.0.0.1:PORT/ocpp) — as real chargers would, from elsewhere. Needs the server's PostgreSQL
// (DATABASE_URL: the chargers' hardware is the forecourt's devices there; PGlite is one process per data directory,
// so there the server runs them itself). Run the server with OCPP_BUILTIN_CHARGERS=off meanwhile.
import { createContext } from './create-context';
import { openDatabase } from './db/client';
import { ConfigError, loadEnv } from './env';
import { builtinChargersUrl, createBuiltinChargers } from './forecourt/charge-points';

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!env.databaseUrl) {
    console.error('npm run chargers needs DATABASE_URL (PostgreSQL): with PGlite the server runs its chargers itself.');
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    pgliteSharedBuffers: env.pgliteSharedBuffers,
  });
  const identity = await database.processIdentity();
  const ctx = await createContext({ env, db: database.db, driver: database.driver, process: identity });
  const url = builtinChargersUrl(env);
  const scope = env.ocpp.builtinChargers === 'all' ? 'all' : 'demo';
  const chargers = createBuiltinChargers(ctx, { url, scope });
  await chargers.start();
  console.log(`${chargers.status().length} built-in charge points connecting to ${url}`);
  const stop = async () => {
    await chargers.stop();
    await ctx.events.close();
    await identity.close?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error('The chargers could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
