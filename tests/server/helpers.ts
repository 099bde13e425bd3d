// Test harness of the server tier: the real app (createApp) on a real database, driven through app.request.
// PGlite: one in-memory database per worker (initdb costs seconds), migrated once and shared by all files.
// PostgreSQL (only when DATABASE_URL is set): likewise one database per worker, a copy of the run's migrated template
// made on first use and shared by all files (tests make their own users and stations, as on PGlite); the run's end
// drops it with the template (global-setup.ts). A copy per suite cost a CREATE and a DROP DATABASE each, 42 times.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { DevMail } from '../../contract/dev';
import { createApp } from '../../server/app';
import type { AppContext, Clock, Logger } from '../../server/context';
import { createContext } from '../../server/create-context';
import { type Database, openPglite, openPostgres, type ProcessIdentity } from '../../server/db/client';
import { forecourtDevices } from '../../server/db/schema';
import { type Env, loadEnv } from '../../server/env';
import type { PaymentProvider } from '../../server/payment-provider';
import { WORKER_COPY } from './worker-copy';

export type DriverName = 'pglite' | 'postgres';
export const drivers: DriverName[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pglite: Promise<Database> | undefined;
function sharedPglite(): Promise<Database> {
  pglite ??= (async () => {
    const db = await openPglite('memory://');
    await db.migrate();
    return db;
  })();
  return pglite;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL as string });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgres: Promise<Database> | undefined;
function sharedPostgres(): Promise<Database> {
  postgres ??= (async () => {
    // Named after the template, so that the run's end finds and drops it (tests/server/global-setup.ts).
    const name = `${inject('pgTemplate')}${WORKER_COPY}${process.pid}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    return openPostgres(databaseUrl(name));
  })();
  return postgres;
}

/** Test configuration: fast argon2, demo mode, quiet request log, no static app unless asked. */
function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    DEMO_MODE: 'true',
    LOG_REQUESTS: 'false',
    FORECOURT_AMBIENT: 'false',
    PUBLIC_URL: 'http://localhost:8080',
    STATIC_DIR: '/nonexistent-forecourt-static',
    ...overrides,
  });
}

const quietLogger: Logger = {
  info: () => {},
  error: (line, err) => console.error(line, err),
};

// Replies are inspected loosely in tests (toMatchObject and contract parses do the checking).
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Loose = any;

export type Reply<T = Loose> = { status: number; body: T; headers: Headers; text: string; bytes: Buffer };

type RequestOptions = {
  method?: string;
  body?: unknown;
  /** Sent as is (for malformed JSON tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** The client socket address (read with getConnInfo). */
  address?: string;
};

export type TestServer = {
  ctx: AppContext;
  driver: DriverName;
  database: Database;
  request<T = Loose>(path: string, opts?: RequestOptions): Promise<Reply<T>>;
  /** Another app (different configuration, optionally a fake clock or a process identity) on the same database. */
  withEnv(
    overrides: Record<string, string>,
    opts?: { clock?: Clock; process?: ProcessIdentity; log?: Logger; payments?: PaymentProvider },
  ): Promise<TestServer>;
};

/** A clock the test moves by hand. */
export type FakeClock = Clock & { advance(ms: number): void; set(date: Date): void };
export function fakeClock(start = new Date('2031-03-01T08:00:00Z')): FakeClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (date) => {
      t = date.getTime();
    },
  };
}

/** The console and the development mailbox answer clients on this machine only: tests call them as one. */
const LOCAL_ONLY = /^\/(forecourt|dev)(\/|$|\?)|^\/api\/dev\//;

const contexts = new WeakMap<Database, AppContext[]>();
function contextsOf(database: Database): AppContext[] {
  const list = contexts.get(database) ?? [];
  contexts.set(database, list);
  return list;
}

async function makeServer(
  database: Database,
  env: Env,
  driver: DriverName,
  clock?: Clock,
  process?: ProcessIdentity,
  log: Logger = quietLogger,
  payments?: PaymentProvider,
): Promise<TestServer> {
  const ctx = await createContext({
    env,
    db: database.db,
    driver: database.driver,
    log,
    ...(clock ? { clock } : {}),
    ...(process ? { process } : {}),
    ...(payments ? { payments } : {}),
  });
  const app = createApp(ctx);
  contextsOf(database).push(ctx);
  return {
    ctx,
    driver,
    database,
    withEnv: (overrides, opts) =>
      makeServer(database, testEnv(overrides), driver, opts?.clock, opts?.process, opts?.log, opts?.payments),
    async request(path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const method = opts.method ?? (body !== undefined ? 'POST' : 'GET');
      const address = opts.address ?? (LOCAL_ONLY.test(path) ? '127.0.0.1' : undefined);
      const bindings = address ? { incoming: { socket: { remoteAddress: address } } } : undefined;
      const res = await app.request(`http://localhost:8080${path}`, { method, headers, body }, bindings);
      // The bytes as sent (a compressed answer is not decoded here: no fetch in between).
      const bytes = Buffer.from(await res.arrayBuffer());
      const encoded = res.headers.has('content-encoding');
      const text = encoded ? '' : bytes.toString('utf8');
      let parsed: unknown = text;
      if (res.headers.get('content-type')?.includes('json') && text) parsed = JSON.parse(text);
      return { status: res.status, body: parsed as Loose, headers: res.headers, text, bytes };
    },
  };
}

/**
 * Registers beforeAll/afterAll for one suite and returns a handle whose `server` is ready inside tests.
 * Use inside `describe.each(drivers)`.
 */
export function useServer(driver: DriverName, overrides: Record<string, string> = {}) {
  const handle = { server: undefined as unknown as TestServer };
  beforeAll(async () => {
    const database = driver === 'postgres' ? await sharedPostgres() : await sharedPglite();
    handle.server = await makeServer(database, testEnv(overrides), driver);
  });
  afterAll(async () => {
    // What the suite queued goes out now (to its mailbox or log): a mail left due would read as a stuck queue, and
    // the next file's forgotten-password answer as 503.
    await handle.server?.ctx.mailQueue.drainDue();
    // The hubs listen on the database (also those of withEnv's apps): closed with their suite, none listens on when
    // the run's end drops the database.
    if (handle.server)
      await Promise.all(
        contextsOf(handle.server.database)
          .splice(0)
          .map((ctx) => ctx.events.close()),
      );
  });
  return handle;
}

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const PASSWORD = 'correct-horse-9';

export type Registered = { email: string; password: string; token: string; id: string };

export async function registerUser(server: TestServer, extra: Record<string, unknown> = {}): Promise<Registered> {
  const email = (extra.email as string | undefined) ?? uniqueEmail();
  const password = (extra.password as string | undefined) ?? PASSWORD;
  const res = await server.request('/api/auth/register', {
    body: { email, password, termsAccepted: true, ...extra },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { email, password, token: res.body.auth_token, id: res.body._id };
}

/**
 * Sends what the mail queue holds, as the leader's drainer does in a running server (server/mail/queue.ts): tests
 * start no drainer, so each sends its mail when it reads it (through this server's transport).
 */
export async function deliverMail(server: TestServer): Promise<void> {
  await server.ctx.background?.idle?.();
  await server.ctx.mailQueue.drainDue();
}

export async function latestMail(server: TestServer, to: string) {
  // Mail goes out from the queue, after the answer (no timing difference between known and unknown emails).
  await deliverMail(server);
  const res = await server.request(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  return res.body[0] as DevMail | undefined;
}

/**
 * A console action on a device, as the console page sends it: through the device's station, as JSON
 * (POST /forecourt/api/stations/{station}/devices/{productId}/{action}).
 */
export async function deviceAction(server: TestServer, productId: string, action: string, body?: unknown) {
  const [device] = await server.ctx.db
    .select({ stationId: forecourtDevices.stationId })
    .from(forecourtDevices)
    .where(eq(forecourtDevices.productId, productId));
  return server.request(`/forecourt/api/stations/${device?.stationId ?? 'none'}/devices/${productId}/${action}`, {
    method: 'POST',
    body: body ?? {},
  });
}
