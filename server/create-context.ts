// Builds the context of a process (server/index.ts, the tests): the place where areas that must not import each other
// are connected — the development mailbox behind the mailer, the orders behind the forecourt's hooks.

import { lt } from 'drizzle-orm';
import { createDemoOidc, type SpendOnce } from './auth/demo-oidc';
import { type AppContext, type Background, type Clock, consoleLogger, type Logger, systemClock } from './context';
import { type Db, type DbDriver, type ProcessIdentity, soleProcess } from './db/client';
import { oidcUsedTokens } from './db/schema';
import type { Env } from './env';
import { loadMailCatalogs } from './mail/i18n';
import { createDelivery } from './mail/mailer';
import { createMailQueue, registerMailMetrics } from './mail/queue';
import { createMetrics, type PoolStats } from './ops/metrics';
import { createReadiness } from './ops/readiness';
import type { PaymentProvider } from './payment-provider';
import { sandboxProvider } from './psp/sandbox-provider';
import { prepareTempPasswordMail } from './services/auth';
import { createEventHub } from './services/events';
import { storeMail } from './services/mail';
import { readDatabaseFigures } from './services/ops';
import { forecourtHooks } from './services/orders';

export async function createContext(opts: {
  env: Env;
  db: Db;
  driver: DbDriver;
  log?: Logger;
  clock?: Clock;
  /** From the database (db/client.ts); by default a process id whose only live owner is itself. */
  process?: ProcessIdentity;
  /** The payment provider's adapter; the sandbox by default (a test may wrap it or put another in). */
  payments?: PaymentProvider;
}): Promise<AppContext> {
  const log = opts.log ?? consoleLogger;
  const base = {
    env: opts.env,
    driver: opts.driver,
    log,
    demoOidc: opts.env.demoMode ? await createDemoOidc(opts.env.publicUrl, spendOnce(opts.db)) : undefined,
    memo: new Map(),
    clock: opts.clock ?? systemClock,
    background: createBackground(log),
    process: opts.process ?? soleProcess(),
    events: createEventHub({ db: opts.db, driver: opts.driver, log }),
    knobs: { postpayExpirySeconds: new Map() },
    payments: opts.payments ?? sandboxProvider,
    readiness: createReadiness({ db: opts.db, nodeName: opts.env.nodeName, log }),
  } satisfies Omit<AppContext, 'db' | 'mailer' | 'mailQueue' | 'orderHooks' | 'withDb' | 'keep' | 'metrics'>;
  // The figures are read on the process's own database handle, whatever context asks.
  const metrics = createMetrics({
    figures: () => readDatabaseFigures({ ctx: { db: opts.db } }),
    pool: poolStats(opts.db, opts.driver),
  });
  metrics.addQueue('background', () => {
    const { count, oldestStartedAt } = base.background.pending();
    return { waiting: count, oldestSeconds: oldestStartedAt === null ? null : (Date.now() - oldestStartedAt) / 1000 };
  });
  // A missing or broken mail catalog shows at start, not at the first mail.
  loadMailCatalogs();
  // The mail queue works on the process's database handle; the development mailbox keeps mail there too.
  const mailQueue = createMailQueue({
    db: opts.db,
    delivery: createDelivery({
      env: opts.env,
      keep: (mail) => storeMail({ ctx: { ...base, db: opts.db } as AppContext, input: mail }),
      // Through the root context, whose logger a test may replace.
      log: (line) => root.log.info(line),
    }),
    retry: opts.env.mailQueue,
    relay: relayName(opts.env),
    // A forgotten-password request becomes its mail when it is sent (services/auth/resend-password.ts).
    preparers: { 'temp-password': (row) => prepareTempPasswordMail({ ctx: root, input: row }) },
    events: base.events,
    background: base.background,
    log,
  });
  registerMailMetrics(metrics, opts.db, () => mailQueue.mailerOn(opts.db));
  // The mailer and the orders' hooks act on the context they belong to, so they are made with it: a context on a
  // transaction (withDb) has its own, and nothing it does reaches past the transaction (on PGlite's one connection
  // that would wait for the transaction forever).
  const on = (db: Db): AppContext => {
    const ctx = { ...base, metrics, db, mailQueue } as AppContext;
    ctx.mailer = mailQueue.mailerOn(db);
    ctx.orderHooks = forecourtHooks({ ctx });
    ctx.withDb = on;
    ctx.keep = async (write) => {
      await write(ctx);
    };
    return ctx;
  };
  const root = on(opts.db);
  return root;
}

/** The relay as the log names it: where, and how it is protected (never the password). */
function relayName(env: Env): string {
  const smtp = env.smtp;
  if (env.mailTransport !== 'smtp' || !smtp) return env.mailTransport;
  const tls = smtp.secure ? 'TLS' : smtp.requireTls ? 'STARTTLS required' : 'STARTTLS if offered, else clear text';
  const ca = smtp.caFile ? `, CA ${smtp.caFile}` : '';
  const user = smtp.user ? `${smtp.user}@` : '';
  return `${smtp.secure ? 'smtps' : 'smtp'}://${user}${smtp.host}:${smtp.port} (${tls}${ca})`;
}

/** The pg Pool under Drizzle (`$client`) and its counters; PGlite has none. */
function poolStats(db: Db, driver: DbDriver): PoolStats {
  if (driver !== 'postgres') return () => null;
  const pool = (
    db as unknown as {
      $client: { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } };
    }
  ).$client;
  return () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  });
}

function createBackground(log: Logger): Background {
  const running = new Set<Promise<unknown>>();
  const startedAt = new Map<Promise<unknown>, number>();
  return {
    run(what, task) {
      const p = task()
        .catch((err) => log.error(`${what} failed`, err))
        .finally(() => {
          running.delete(p);
          startedAt.delete(p);
        });
      running.add(p);
      startedAt.set(p, Date.now());
    },
    pending() {
      let oldest: number | null = null;
      for (const t of startedAt.values()) if (oldest === null || t < oldest) oldest = t;
      return { count: running.size, oldestStartedAt: oldest };
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** The demo provider's codes are spent in the database, so each is taken once whichever API process takes it. */
export function spendOnce(db: Db): SpendOnce {
  return async (key, expiresAt) => {
    await db.delete(oidcUsedTokens).where(lt(oidcUsedTokens.expiresAt, new Date()));
    const taken = await db
      .insert(oidcUsedTokens)
      .values({ key, expiresAt })
      .onConflictDoNothing()
      .returning({ key: oidcUsedTokens.key });
    return taken.length === 1;
  };
}
