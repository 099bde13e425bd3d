// Start: configuration, the DATA_DIR lock (PGlite only), database + migrations, seed, forecourt simulator, HTTP.
// `npx tsx server/index.ts` (npm run serve). Stops gracefully on SIGINT/SIGTERM.
// On PostgreSQL the API runs in WORKERS processes (node:cluster, default the core count; issue 16): the primary
// migrates and seeds once, then forks the workers, which share the port and are stateless (the database holds
// everything; change notifications travel through LISTEN/NOTIFY). The forecourt simulator with the orders' watchdog
// runs in one of them, elected through a PostgreSQL advisory lock (db/leader.ts); another takes over if it dies. A
// worker that exits unexpectedly is replaced. PGlite: one process, as before.
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createContext } from './create-context';
import { type Database, openDatabase, type ProcessIdentity, pgliteIsNew } from './db/client';
import { electLeader, type Leadership } from './db/leader';
import { acquireDataDirLock, LockError } from './db/lock';
import { ConfigError, loadEnv } from './env';
import { type BuiltinChargers, builtinChargersUrl, createBuiltinChargers } from './forecourt/charge-points';
import { createSimulator, type Simulator } from './forecourt/simulator';
import { collectGarbage, collectWhenIdle } from './garbage';
import { type CentralSystem, createCentralSystem } from './ocpp/central-system';
import { seed } from './seed/index';
import { DEMO_STATIONS } from './seed/stations';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  if (!cluster.isWorker) printMode(env);
  if (env.workers > 1 && cluster.isPrimary) return primary(env);
  const isWorker = cluster.isWorker;

  let release = () => {};
  if (!env.databaseUrl && !env.dataDir.startsWith('memory://')) {
    try {
      release = acquireDataDirLock(env.dataDir);
    } catch (err) {
      if (err instanceof LockError) fail(err.message);
      throw err;
    }
  }
  process.on('exit', () => release());

  let database: Database | undefined;
  let server: ReturnType<typeof serve> | undefined;
  let simulator: Simulator | undefined;
  let centralSystem: CentralSystem | undefined;
  let chargers: BuiltinChargers | undefined;
  let leadership: Leadership | undefined;
  let identity: ProcessIdentity | undefined;
  let background: (() => Promise<void>) | undefined;
  let closeStreams: (() => Promise<void>) | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Stopping (${signal})...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await leadership?.stop();
      await chargers?.stop();
      await simulator?.stop();
      await centralSystem?.close();
      // Open event streams end first: server.close() waits for every connection.
      await closeStreams?.();
      if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
      await background?.();
      await identity?.close?.();
      await database?.close();
    } catch (err) {
      console.error('Error while stopping:', err instanceof Error ? err.message : err);
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // A new PGlite directory: initdb, the migrations and the demo seed grow PGlite's WebAssembly memory to ~57 MiB, and
  // WebAssembly memory never shrinks; a restart on the same directory needs ~33 MiB. So a first start prepares the
  // directory with an instance of its own, closed again, and serves from a fresh one like any restart (issue 16:
  // ≤ 200 MiB idle; an in-memory database cannot be reopened, so it keeps its one instance).
  if (!env.databaseUrl && pgliteIsNew(env.dataDir)) {
    await prepareDatabase(env);
    if (stopping) return;
  }
  database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    pgliteSharedBuffers: env.pgliteSharedBuffers,
  });
  // A worker finds the database migrated and seeded by the primary.
  if (!isWorker) await database.migrate();
  identity = await database.processIdentity();
  const ctx = await createContext({ env, db: database.db, driver: database.driver, process: identity });
  background = () => ctx.background.idle();
  closeStreams = () => ctx.events.close();
  if (!isWorker) await seed(ctx);
  if (stopping) return;
  // The built-in chargers are OCPP charge points of the forecourt leader (server/forecourt/charge-points.ts).
  const startChargers = async () => {
    if (env.ocpp.builtinChargers === 'off' || chargers) return;
    chargers = createBuiltinChargers(ctx, { url: builtinChargersUrl(env), scope: env.ocpp.builtinChargers });
    await chargers.start();
  };
  const stopChargers = async () => {
    const c = chargers;
    chargers = undefined;
    await c?.stop();
  };
  if (env.forecourt.simulator) {
    const sim = createSimulator(ctx);
    simulator = sim;
    if (env.databaseUrl) {
      // One simulator (and watchdog) per database, whatever runs on it: elected (a single process is elected at once).
      leadership = electLeader({
        connectionString: env.databaseUrl,
        name: 'forecourt-simulator',
        onElected: () => {
          sim.start();
          void startChargers().catch((err) => ctx.log.error('built-in chargers failed to start', err));
          if (isWorker) console.log(`Worker ${process.pid} runs the forecourt simulator and the watchdog`);
        },
        onLost: async () => {
          await stopChargers();
          await sim.stop();
        },
        log: ctx.log,
      });
    } else {
      sim.start();
    }
  }

  // The seed's batches leave ~100 MiB of garbage on a first start (tens of MiB on every start), which an idle server
  // would keep: collect it once now, and again whenever the server goes quiet after a burst (./garbage.ts).
  collectGarbage();
  const app = createApp(ctx);
  // OCPP 1.6J charge points connect at /ocpp/{id} on the same port (a WebSocket upgrade; server/ocpp).
  const ocpp = createCentralSystem(ctx);
  centralSystem = ocpp;
  await new Promise<void>((resolve, reject) => {
    server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, () => resolve());
    server.once('error', reject);
    ocpp.attach(server as unknown as import('node:http').Server);
    // Node closes an idle keep-alive socket after 5 s; a client that reuses it at that moment (a poller every few
    // seconds, a proxy's pool) gets ECONNRESET. Outlive the usual client and proxy idle timeouts instead (60 s).
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
    }
  });
  if (server) collectWhenIdle(server);
  // PGlite: one process, so the built-in chargers start once this one listens (PostgreSQL: the elected leader's).
  if (env.forecourt.simulator && !env.databaseUrl) await startChargers();

  const local = `http://localhost:${env.port}`;
  if (isWorker) {
    // The primary says it once all workers listen.
    process.send?.({ type: 'listening' });
    return;
  }
  console.log(`Forecourt Pay is running on ${local}`);
  printHints(env);
}

/**
 * The first line the server prints: which mode it runs in. DEMO_MODE opens demo sign-ins, sandbox pages and the console
 * to this machine; in production that is said loudly, on stderr too.
 */
function printMode(env: ReturnType<typeof loadEnv>) {
  if (!env.demoMode) {
    console.log(`Mode: production (DEMO_MODE off${env.production ? ', NODE_ENV=production' : ''})`);
    return;
  }
  console.log(
    `Mode: DEMO_MODE (demo account, sandbox sign-in pages${env.demoPublic ? ' open to every machine (DEMO_PUBLIC)' : ' for this machine'}, test payments)`,
  );
  if (env.production || env.demoPublic) {
    console.error(
      `WARNING: DEMO_MODE is on${env.production ? ' with NODE_ENV=production' : ''}${env.demoPublic ? ' and DEMO_PUBLIC=true' : ''}: the demo account and the sandbox pages that sign anyone in are reachable. Never run a real service like this.`,
    );
  }
}

/** What the start-up prints after "is running on" (once, by the primary or the single process). */
function printHints(env: ReturnType<typeof loadEnv>) {
  const local = `http://localhost:${env.port}`;
  if (env.demoMode) console.log(`Demo account: ${env.demoEmail} / ${env.demoPassword}`);
  if (env.seedNetwork) console.log(`Demo station: ${local}/pay?pid=${DEMO_STATIONS.prepay.id}`);
  if (env.forecourt.operatorToken) console.log(`Forecourt console: ${local}/forecourt (FORECOURT_CONSOLE_TOKEN)`);
  else if (env.demoMode) console.log(`Forecourt console: ${local}/forecourt (loopback only)`);
  if (env.mailTransport === 'mailbox') console.log(`Development mailbox: ${local}/dev/mail (loopback only)`);
  if (env.mailTransport === 'log') {
    console.log(
      env.production
        ? 'Mail: MAIL_TRANSPORT=log writes recipients and subjects to this log (no bodies in production)'
        : 'Mail: MAIL_TRANSPORT=log writes every mail, temporary passwords included, to this log (development only)',
    );
  }
}

/** Migrates and seeds the database with a connection of its own, closed again. */
async function prepareDatabase(env: ReturnType<typeof loadEnv>) {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    pgliteSharedBuffers: env.pgliteSharedBuffers,
  });
  await database.migrate();
  {
    const identity = await database.processIdentity();
    const ctx = await createContext({ env, db: database.db, driver: database.driver, process: identity });
    await seed(ctx);
    await ctx.events.close();
    await ctx.background.idle();
    await identity.close?.();
  }
  await database.close();
}

/**
 * The primary of WORKERS processes: migrates and seeds once, forks the workers, says "running" when all listen,
 * replaces a worker that exits unexpectedly, and stops them all on SIGINT/SIGTERM.
 */
async function primary(env: ReturnType<typeof loadEnv>) {
  await prepareDatabase(env);
  collectGarbage();

  let stopping = false;
  let listening = 0;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (msg: { type?: string }) => {
      if (msg?.type !== 'listening') return;
      listening += 1;
      if (!announced && listening >= env.workers) {
        announced = true;
        console.log(`Forecourt Pay is running on http://localhost:${env.port} (${env.workers} workers)`);
        printHints(env);
      }
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < env.workers; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Stopping ${env.workers} workers (${signal})...`);
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w?.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      w?.process.kill(signal);
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') fail('The port is already in use; set PORT to another one.');
  console.error('Forecourt Pay could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
