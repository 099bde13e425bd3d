// What every service and route receives: parsed configuration, the database and process-wide helpers. Types (and two
// plain defaults) only, so that any module may import it; create-context.ts builds one.
import type { DemoOidc } from './auth/demo-oidc';
import type { Db, DbDriver, ProcessIdentity } from './db/client';
import type { Env } from './env';
import type { Mailer, MailQueue } from './mail/queue';
import type { Metrics } from './ops/metrics';
import type { Readiness } from './ops/readiness';
import type { PaymentProvider } from './payment-provider';
import type { EventHub } from './services/events/hub';
// The one import of an area's file past its index: the forecourt's index leads back here (every service takes ctx).
import type { OrderHooks } from './services/forecourt/order-hooks';

export type Logger = {
  /** `fields`: structured data for the JSON line (server/log.ts); the console logger prints the line alone. */
  info(line: string, fields?: Record<string, unknown>): void;
  error(line: string, err?: unknown): void;
};

export const consoleLogger: Logger = {
  info: (line) => console.log(line),
  error: (line, err) => console.error(line, err instanceof Error ? (err.stack ?? err.message) : (err ?? '')),
};

/** Time source of services and the forecourt simulator; tests pass a fake one. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** Settings a test changes while the server runs (TEST_KNOBS, routes/test-knobs.ts); empty unless it does. */
export type Knobs = {
  /** A station's own postpay expiry in seconds, instead of POSTPAY_EXPIRY_SECONDS. */
  postpayExpirySeconds: Map<string, number>;
};

/** Work that runs after the answer was sent (mail): errors are logged; idle() waits for what is under way. */
export type Background = {
  run(what: string, task: () => Promise<unknown>): void;
  idle(): Promise<void>;
  /** Tasks under way and when the oldest started (ms since epoch), for /metrics. */
  pending(): { count: number; oldestStartedAt: number | null };
};

export type AppContext = {
  env: Env;
  db: Db;
  driver: DbDriver;
  log: Logger;
  /** Queues mail on this context's database handle (server/mail/queue.ts). */
  mailer: Mailer;
  /** The process's mail queue: its delivery, the relay check, the leader's drainer. */
  mailQueue: MailQueue;
  /** The built-in demo identity provider; undefined unless DEMO_MODE. */
  demoOidc: DemoOidc | undefined;
  /** Cache for process-wide computed values (e.g. the dummy password hash). */
  memo: Map<string, unknown>;
  clock: Clock;
  /** The forecourt's way to the orders it serves (the orders area supplies it). */
  orderHooks: OrderHooks;
  /** The payment provider the order services hold, capture and release through (the sandbox's adapter). */
  payments: PaymentProvider;
  background: Background;
  /** This process, as the owner of idempotency keys it works on. */
  process: ProcessIdentity;
  /** Change notifications of orders and stations, for the event streams (services/events). */
  events: EventHub;
  knobs: Knobs;
  /**
   * A write that stands even when the request fails after it (a payment proof bound to its order, kept for the retry of
   * a payment refused later): run now on this context; inside an idempotent write's transaction, which a failure rolls
   * back, it runs again on the process's database after the rollback (services/idempotency).
   */
  keep(write: (ctx: AppContext) => Promise<unknown>): Promise<void>;
  /**
   * This context on another database handle (a transaction, services/idempotency): the same settings and helpers,
   * with the mailer and the orders' hooks working on that handle too.
   */
  withDb(db: Db): AppContext;
  /** Prometheus instruments of this process (ops/metrics.ts): GET /metrics. */
  metrics: Metrics;
  /** What GET /readyz checks (ops/readiness.ts); index.ts sets the leader view and the draining flag. */
  readiness: Readiness;
};

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared statement of the context's database, made by `make` the first time for that database: a statement
 * prepared on an idempotent write's transaction (services/idempotency) stays with that transaction and is never used
 * after it ended.
 */
export function preparedFor<T>(ctx: Pick<AppContext, 'db'>, key: string, make: () => T): T {
  let own = statements.get(ctx.db);
  if (!own) {
    own = new Map();
    statements.set(ctx.db, own);
  }
  if (!own.has(key)) own.set(key, make());
  return own.get(key) as T;
}

/** The statement `preparedFor` made under `key` for the context's database, if it made one yet (tests count its runs). */
export function preparedAlready(ctx: Pick<AppContext, 'db'>, key: string): unknown {
  return statements.get(ctx.db)?.get(key);
}
