// Start: configuration, the DATA_DIR lock (PGlite only), database + migrations, seed, forecourt simulator, HTTP.
// `npx tsx server/index.ts` (npm run serve). Stops gracefully on SIGINT/SIGTERM.
// On PostgreSQL the API runs in WORKERS processes (node:cluster, default the core count; issue 16): the primary
// migrates and seeds once, then forks the workers, which share the port and are stateless (the database holds
// everything; change notifications travel through LISTEN/NOTIFY). The forecourt simulator with the orders' watchdog
// runs in one of them, elected through a PostgreSQL advisory lock (db/leader.ts); another takes over if it dies. A
// worker that exits unexpectedly is replaced. PGlite: one process, as before.
// Several nodes (separate processes, other machines) on one PostgreSQL work the same way (issue 34): each migrates
// under an advisory lock (db/client.ts), so one applies the migrations and the others find them done; one leader.
// Logs are JSON lines (log.ts); the few human lines of a developer's start (mode, URL, demo account, mailbox) stay
// plain text on stdout, unless NODE_ENV=production, where they are JSON lines too (a container's log is all JSON).
// SIGTERM (shutdown below): not ready, no new connections, streams end with a retry hint, in-flight requests get
// SHUTDOWN_TIMEOUT_SECONDS, then the database closes.
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { DEMO_OIDC_KEY_VAR, newDemoOidcKey } from './auth/demo-oidc';
import { checkProviders } from './auth/oidc';
import type { AppContext } from './context';
import { createContext } from './create-context';
import { type Database, type MigrationResult, openDatabase, type ProcessIdentity, pgliteIsNew } from './db/client';
import { electLeader, type Leadership } from './db/leader';
import { acquireDataDirLock, LockError } from './db/lock';
import { ConfigError, type Env, loadEnv } from './env';
import { type BuiltinChargers, builtinChargersUrl, createBuiltinChargers } from './forecourt/charge-points';
import { createSimulator, type Simulator } from './forecourt/simulator';
import { collectGarbage, collectWhenIdle } from './garbage';
import { createLog, type ProcessLog } from './log';
import { type CentralSystem, createCentralSystem } from './ocpp/central-system';
import { newSandboxAmazonKey, SANDBOX_AMAZON_KEY_VAR } from './psp/amazon-pay';
import { seed } from './seed/index';
import { DEMO_STATIONS } from './seed/stations';

/** The process's log once the configuration is known; production's fatal lines go there too. */
let processLog: ProcessLog | undefined;
let production = false;

function fail(message: string): never {
  if (processLog && production) processLog.pino.fatal(message);
  else console.error(message);
  process.exit(1);
}

/** The human lines of a start (mode, URL, hints): plain text for a developer's terminal, JSON lines in production. */
type Say = { line(text: string): void; warn(text: string): void };
function humanLines(env: Env, log: ProcessLog): Say {
  if (env.production) return { line: (text) => log.info(text), warn: (text) => log.warn(text) };
  return { line: (text) => console.log(text), warn: (text) => console.error(text) };
}

/** Logs what the start-up's migrate() did (the multi-node test reads these lines). */
function logMigrations(log: ProcessLog, m: MigrationResult) {
  log.info(
    m.applied > 0
      ? `migrations: applied ${m.applied}`
      : `migrations: up to date${m.waited ? ' (another node migrated meanwhile)' : ''}`,
    { migrations_applied: m.applied, waited_for_lock: m.waited },
  );
}

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  production = env.production;
  const log = createLog({ level: env.logLevel, node: env.nodeName });
  processLog = log;
  const say = humanLines(env, log);
  if (!cluster.isWorker) printMode(env, say);
  if (env.workers > 1 && cluster.isPrimary) return primary(env, log, say);
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
  let mailLeadership: Leadership | undefined;
  let identity: ProcessIdentity | undefined;
  let ctx: AppContext | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = env.shutdownTimeoutMs;
    log.info(`stopping (${signal})`, { signal, deadline_ms: deadline });
    ctx?.readiness.drain();
    const force = setTimeout(() => {
      log.error('stopping took too long: exiting now');
      process.exit(1);
    }, deadline + 5_000);
    force.unref();
    try {
      await mailLeadership?.stop();
      await shutdown({ server, simulator, leadership, chargers, centralSystem, ctx, deadline, log });
      await identity?.close?.();
      await database?.close();
      log.info('stopped');
    } catch (err) {
      log.error('error while stopping', err);
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
    await prepareDatabase(env, log);
    if (stopping) return;
  }
  database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    pgliteSharedBuffers: env.pgliteSharedBuffers,
    log,
  });
  // A worker finds the database migrated and seeded by the primary.
  if (!isWorker) logMigrations(log, await database.migrate());
  identity = await database.processIdentity();
  const context = await createContext({ env, db: database.db, driver: database.driver, process: identity, log });
  ctx = context;
  context.metrics.processMetrics();
  context.readiness.startupDone();
  if (!isWorker) await seed(context);
  // Each offered OpenID provider's discovery, said in the log at start (a mistyped issuer shows here, not at a sign-in).
  if (!isWorker) void checkProviders(context, log);
  if (stopping) return;
  // The built-in chargers are OCPP charge points of the forecourt leader (server/forecourt/charge-points.ts).
  const startChargers = async () => {
    if (env.ocpp.builtinChargers === 'off' || chargers) return;
    chargers = createBuiltinChargers(context, { url: builtinChargersUrl(env), scope: env.ocpp.builtinChargers });
    await chargers.start();
  };
  const stopChargers = async () => {
    const c = chargers;
    chargers = undefined;
    await c?.stop();
  };
  // The mail queue's drainer runs on the forecourt leader (server/mail/queue.ts); without a simulator, on the one
  // process elected for it. Starting, it checks the relay and logs one line: passed, or why not (not fatal: mail
  // waits in the queue meanwhile).
  if (!env.forecourt.simulator) {
    context.readiness.setLeader({ kind: 'off' });
    if (!env.databaseUrl) context.mailQueue.start();
    else
      mailLeadership = electLeader({
        connectionString: env.databaseUrl,
        name: 'mail-queue',
        node: isWorker ? `${env.nodeName} worker ${process.pid}` : env.nodeName,
        onElected: () => context.mailQueue.start(),
        onLost: () => context.mailQueue.stop(),
        log,
      });
  } else {
    const sim = createSimulator(context);
    simulator = sim;
    const election = 'forecourt-simulator';
    if (env.databaseUrl) {
      // One simulator (and watchdog) per database, whatever runs on it: elected (a single process is elected at once).
      leadership = electLeader({
        connectionString: env.databaseUrl,
        name: election,
        node: isWorker ? `${env.nodeName} worker ${process.pid}` : env.nodeName,
        onElected: () => {
          sim.start();
          context.mailQueue.start();
          void startChargers().catch((err) => log.error('built-in chargers failed to start', err));
          context.metrics.leader.set({ election }, 1);
          log.info('leader: this node runs the forecourt simulator and the watchdogs', { election });
        },
        onLost: async () => {
          context.metrics.leader.set({ election }, 0);
          await stopChargers();
          await context.mailQueue.stop();
          await sim.stop();
          log.info('leader: this node no longer runs the forecourt simulator', { election });
        },
        log,
      });
      context.metrics.leader.set({ election }, 0);
      context.readiness.setLeader({ kind: 'elected', leadership });
    } else {
      sim.start();
      context.mailQueue.start();
      context.metrics.leader.set({ election }, 1);
      context.readiness.setLeader({ kind: 'sole' });
    }
  }

  // The seed's batches leave ~100 MiB of garbage on a first start (tens of MiB on every start), which an idle server
  // would keep: collect it once now, and again whenever the server goes quiet after a burst (./garbage.ts).
  collectGarbage();
  const app = createApp(context);
  // OCPP 1.6J charge points connect at /ocpp/{id} on the same port (a WebSocket upgrade; server/ocpp).
  const ocpp = createCentralSystem(context);
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
  log.info('listening', { port: env.port, host: env.host });
  if (isWorker) {
    // The primary says it once all workers listen.
    process.send?.({ type: 'listening' });
    return;
  }
  say.line(`Forecourt Pay is running on ${local}`);
  printHints(env, say);
}

/**
 * SIGTERM's order: the simulator stops (another node is elected), the listener closes (no new connections; idle
 * keep-alive ones close now, busy ones after their answer), event streams end with a retry hint, in-flight requests
 * get `deadline` ms and are then cut, work after answers (mail) finishes. The caller closes the database.
 */
async function shutdown(opts: {
  server: ReturnType<typeof serve> | undefined;
  simulator: Simulator | undefined;
  leadership: Leadership | undefined;
  chargers: BuiltinChargers | undefined;
  centralSystem: CentralSystem | undefined;
  ctx: AppContext | undefined;
  deadline: number;
  log: ProcessLog;
}) {
  const started = Date.now();
  const server = opts.server as (ReturnType<typeof serve> & Partial<HttpServerMethods>) | undefined;
  const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
  // Connections that finish their answer after close() would idle until their keep-alive timeout: close them as
  // they become idle.
  const sweep = setInterval(() => server?.closeIdleConnections?.(), 100);
  try {
    await opts.leadership?.stop();
    // No new mail attempts (a queued mail waits for the next leader; nothing is lost).
    await opts.ctx?.mailQueue.stop();
    await opts.chargers?.stop();
    await opts.simulator?.stop();
    // Charge points are told we go (they reconnect to another node); then the event streams end with a retry hint.
    await opts.centralSystem?.close();
    await opts.ctx?.events.close();
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, opts.deadline - (Date.now() - started)));
      }),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      opts.log.warn('shutdown deadline passed: closing the connections still busy', { deadline_ms: opts.deadline });
      server?.closeAllConnections?.();
      await closed;
    }
    await opts.ctx?.background.idle();
  } finally {
    clearInterval(sweep);
  }
}

type HttpServerMethods = { closeIdleConnections(): void; closeAllConnections(): void };

/**
 * The first line the server prints: which mode it runs in. DEMO_MODE opens demo sign-ins, sandbox pages and the console
 * to this machine; in production that is said loudly, on stderr too.
 */
function printMode(env: Env, say: Say) {
  if (!env.demoMode) {
    say.line(`Mode: production (DEMO_MODE off${env.production ? ', NODE_ENV=production' : ''})`);
    return;
  }
  say.line(
    `Mode: DEMO_MODE (demo account, sandbox sign-in pages${env.demoPublic ? ' open to every machine (DEMO_PUBLIC)' : ' for this machine'}, test payments)`,
  );
  if (env.production || env.demoPublic) {
    say.warn(
      `WARNING: DEMO_MODE is on${env.production ? ' with NODE_ENV=production' : ''}${env.demoPublic ? ' and DEMO_PUBLIC=true' : ''}: the demo account and the sandbox pages that sign anyone in are reachable. Never run a real service like this.`,
    );
  }
}

/** What the start-up prints after "is running on" (once, by the primary or the single process). */
function printHints(env: Env, say: Say) {
  const local = `http://localhost:${env.port}`;
  if (env.demoMode) say.line(`Demo account: ${env.demoEmail} / ${env.demoPassword}`);
  if (env.seedNetwork) say.line(`Demo station: ${local}/pay?pid=${DEMO_STATIONS.prepay.id}`);
  if (env.forecourt.operatorToken) say.line(`Forecourt console: ${local}/forecourt (FORECOURT_CONSOLE_TOKEN)`);
  else if (env.demoMode) say.line(`Forecourt console: ${local}/forecourt (loopback only)`);
  if (env.mailTransport === 'mailbox') say.line(`Development mailbox: ${local}/dev/mail (loopback only)`);
  if (env.mailTransport === 'log') {
    say.line(
      env.production
        ? 'Mail: MAIL_TRANSPORT=log writes recipients and subjects to this log (no bodies in production)'
        : 'Mail: MAIL_TRANSPORT=log writes every mail, temporary passwords included, to this log (development only)',
    );
  }
}

/** Migrates and seeds the database with a connection of its own, closed again. */
async function prepareDatabase(env: Env, log: ProcessLog) {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    pgliteSharedBuffers: env.pgliteSharedBuffers,
    log,
  });
  logMigrations(log, await database.migrate());
  {
    const identity = await database.processIdentity();
    const ctx = await createContext({ env, db: database.db, driver: database.driver, process: identity, log });
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
async function primary(env: Env, log: ProcessLog, say: Say) {
  await prepareDatabase(env, log);
  collectGarbage();

  let stopping = false;
  let listening = 0;
  let announced = false;
  // The sandbox Amazon's signing key, one for all workers: a button config signed by one worker is checked by
  // whichever takes the sign-in page (issue 32.6: with a key per worker, 6 of 6 sign-ins failed on 2 workers).
  // The demo OpenID provider's key likewise: its codes and ID tokens are signed with it (server/auth/demo-oidc.ts).
  const shared = { [SANDBOX_AMAZON_KEY_VAR]: newSandboxAmazonKey(), [DEMO_OIDC_KEY_VAR]: newDemoOidcKey() };
  const fork = () => {
    const worker = cluster.fork(shared);
    worker.on('message', (msg: { type?: string }) => {
      if (msg?.type !== 'listening') return;
      listening += 1;
      if (!announced && listening >= env.workers) {
        announced = true;
        say.line(`Forecourt Pay is running on http://localhost:${env.port} (${env.workers} workers)`);
        printHints(env, say);
      }
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < env.workers; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`stopping ${env.workers} workers (${signal})`, { signal });
    // Each worker drains within SHUTDOWN_TIMEOUT_SECONDS (and gives up 5 s later): wait a little longer than that.
    const force = setTimeout(() => process.exit(1), env.shutdownTimeoutMs + 7_000);
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
  fail(`Forecourt Pay could not start: ${err instanceof Error ? err.message : String(err)}`);
});
