// Issue 10.11 with real processes: a server killed (kill -9) while an authorize holds its Idempotency-Key leaves the
// key in progress; after the restart the app's retry with the same key must go through at once (it answered 409 for
// up to 60 s). PostgreSQL: the test holds the pump's row lock so the authorize is caught mid-way, then kills the
// server. PGlite (one process per data directory, no outside lock possible): the key is left in progress by a killed
// process's id in the database on disk, as a kill at that moment leaves it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { order as orderSchema, paymentMethodsResponse } from '../../contract/orders';
import { poi as poiSchema } from '../../contract/stations';
import { openPglite } from '../../server/db/client';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { requestFingerprint } from '../../server/services/idempotency';
import { drivers } from './helpers';
import { serverArgs } from './server-process';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.each(drivers)('kill -9 mid-authorize, then the same Idempotency-Key (%s)', (driver) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-idem-crash-'));
  const dbName = `fp_idem_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (driver === 'postgres') await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  async function start(port: number, databaseUrl: string | undefined): Promise<ChildProcess> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-dist'),
      FORECOURT_AMBIENT: 'false',
      FORECOURT_AUTO_DRIVER: 'false',
      LOG_REQUESTS: 'false',
      // The demo stations are enough here (crash.test.ts alike): the generated network would only lengthen each start.
      SEED_NETWORK_SIZE: '0',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_ITERATIONS: '1',
    };
    delete env.DATABASE_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    const child = spawn(process.execPath, serverArgs(env), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const deadline = Date.now() + 90_000;
    while (!out.includes('is running on')) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
      await sleep(50);
    }
    return child;
  }
  const kill9 = async (child: ChildProcess) => {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  };

  it('the retry after the restart authorizes once, at once', async () => {
    let databaseUrl: string | undefined;
    if (driver === 'postgres') {
      await admin(`CREATE DATABASE ${dbName}`);
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const call = async (
      path: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const res = await fetch(base + path, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        headers: { 'content-type': 'application/json', ...init.headers },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & unknown[] };
    };

    let server = await start(port, databaseUrl);
    const login = await call('/api/auth/login/local', {
      body: { email: 'driver@example.com', password: 'forecourt-demo' },
    });
    const token = login.body.auth_token as string;
    const userId = login.body._id as string;
    const auth = { authorization: `Bearer ${token}` };
    const me = await call(`/api/users/${userId}`, { headers: auth });
    const cards = paymentMethodsResponse.parse(
      (await call(`/api/v4/payment-methods/?customerId=${userId}&state=ACTIVE`, { headers: auth })).body,
    );
    const visa = cards.find((c) => c.isPreferred);
    const station = poiSchema.parse((await call(`/api/v4/pois/${DEMO_STATIONS.manyPumps.id}`)).body);
    const pump = station.products.find((p) => p.facility === 'PUMP' && p.attributes.status === 'AVAILABLE');
    const item = pump?.attributes.availableItems?.[0];
    const created = await call('/api/v4/order', {
      body: {
        poiId: station._id,
        thingId: me.body.thingId,
        autoAcquire: true,
        products: [{ productId: pump?._id, fuelTypeId: item?.itemCode }],
      },
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
    });
    expect(created.status).toBe(201);
    const orderId = created.body._id as string;
    const authorizePath = `/api/v4/order/${orderId}/authorize`;
    const authorizeBody = {
      authorizePrice: { amount: 2500, currency: item?.currency, precision: 2 },
      paymentMethodId: visa?.id,
    };
    const k = randomUUID();

    if (driver === 'postgres') {
      // Hold the pump's row: the authorize claims its key, then waits for this lock; kill it there.
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select 1 from forecourt_devices where product_id = $1 for update', [pump?._id]);
      const pending = fetch(base + authorizePath, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth, 'Idempotency-Key': k },
        body: JSON.stringify(authorizeBody),
      }).catch(() => undefined);
      for (let i = 0; ; i++) {
        const { rows } = await holder.query('select state from idempotency_keys where key = $1', [k]);
        if (rows[0]?.state === 'in_progress') break;
        if (i > 200) throw new Error('the authorize never claimed its key');
        await sleep(25);
      }
      await kill9(server);
      await pending;
      await holder.query('rollback');
      await holder.end();
    } else {
      await kill9(server);
      // What a kill at that moment leaves in the data directory: the key claimed by the dead process, nothing held.
      const db = await openPglite(dataDir);
      await db.db.execute(
        `insert into idempotency_keys (user_id, key, fingerprint, state, owner, created_at) values ('${userId}', '${k}', '${requestFingerprint('POST', authorizePath, authorizeBody)}', 'in_progress', 'killed-${randomUUID()}', now())`,
      );
      await db.close();
    }

    server = await start(port, databaseUrl);
    const retry = await call(authorizePath, { body: authorizeBody, headers: { ...auth, 'Idempotency-Key': k } });
    expect(retry.status).toBe(200);
    const order = orderSchema.parse(retry.body);
    expect(order.state).toBe('PRODUCT_PENDING');
    expect(order.payment?.ledger.filter((l) => l.kind === 'HOLD')).toHaveLength(1);
    const replay = await call(authorizePath, { body: authorizeBody, headers: { ...auth, 'Idempotency-Key': k } });
    expect(replay.body).toEqual(retry.body);
    await call(`/api/v4/order/${orderId}/cancel`, { method: 'POST', headers: auth });
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }, 240_000);
});
