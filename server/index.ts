// Start: configuration, the DATA_DIR lock (PGlite only), database + migrations, seed, forecourt simulator, HTTP.
// `npx tsx server/index.ts` (npm run serve). Stops gracefully on SIGINT/SIGTERM.
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createContext } from './create-context';
import { type Database, openDatabase, type ProcessIdentity } from './db/client';
import { acquireDataDirLock, LockError } from './db/lock';
import { ConfigError, loadEnv } from './env';
import { createSimulator, type Simulator } from './forecourt/simulator';
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
      await simulator?.stop();
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

  database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await database.migrate();
  identity = await database.processIdentity();
  const ctx = await createContext({ env, db: database.db, driver: database.driver, process: identity });
  background = () => ctx.background.idle();
  closeStreams = () => ctx.events.close();
  await seed(ctx);
  if (stopping) return;
  if (env.forecourt.simulator) {
    simulator = createSimulator(ctx);
    simulator.start();
  }

  const app = createApp(ctx);
  await new Promise<void>((resolve, reject) => {
    server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, () => resolve());
    server.once('error', reject);
  });

  const local = `http://localhost:${env.port}`;
  console.log(`Forecourt Pay is running on ${local}`);
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

main().catch((err) => {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') fail('The port is already in use; set PORT to another one.');
  console.error('Forecourt Pay could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
