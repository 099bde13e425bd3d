// Crash safety with the real server process: create + authorize over HTTP, wait until the pump dispenses, kill -9,
// start again on the same data (PGlite DATA_DIR, or the same PostgreSQL database) and wait for COMPLETED: exactly one
// capture, never above the hold, no duplicate order.
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
import { DEMO_STATIONS } from '../../server/seed/stations';
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

describe.each(drivers)('crash and restart (%s)', (driver) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-crash-'));
  const dbName = `fp_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
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
      FORECOURT_SPEED: '10',
      FORECOURT_TICK_MS: '100',
      FORECOURT_AMBIENT: 'false',
      // The demo stations are enough here: the generated network would only lengthen the first start.
      SEED_NETWORK_SIZE: '0',
      LOG_REQUESTS: 'false',
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

  it('a server killed while the pump dispenses completes the order after the restart', async () => {
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
    expect(login.status).toBe(200);
    const token = login.body.auth_token as string;
    const userId = login.body._id as string;
    const auth = { authorization: `Bearer ${token}` };
    const me = await call(`/api/users/${userId}`, { headers: auth });
    const cards = paymentMethodsResponse.parse(
      (await call(`/api/v4/payment-methods/?customerId=${userId}&state=ACTIVE`, { headers: auth })).body,
    );
    const visa = cards.find((c) => c.isPreferred);
    const station = poiSchema.parse((await call(`/api/v4/pois/${DEMO_STATIONS.prepay.id}`)).body);
    const pumpProduct = station.products.find((p) => p.facility === 'PUMP' && p.attributes.status === 'AVAILABLE');
    const item = pumpProduct?.attributes.availableItems?.[0];
    expect(visa && pumpProduct && item && me.body.thingId).toBeTruthy();

    const createKey = randomUUID();
    const createBody = {
      poiId: station._id,
      thingId: me.body.thingId,
      autoAcquire: true,
      products: [{ productId: pumpProduct?._id, fuelTypeId: item?.itemCode }],
    };
    const created = await call('/api/v4/order', {
      body: createBody,
      headers: { ...auth, 'Idempotency-Key': createKey },
    });
    expect(created.status).toBe(201);
    const orderId = created.body._id as string;
    const authorized = await call(`/api/v4/order/${orderId}/authorize`, {
      body: { authorizePrice: { amount: 3000, currency: item?.currency, precision: 2 }, paymentMethodId: visa?.id },
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
    });
    expect(authorized.body.state).toBe('PRODUCT_PENDING');
    const pumpId = orderSchema.parse(authorized.body).products[0]!._id;

    // Until the pump of our order dispenses.
    for (let i = 0; ; i++) {
      const view = await call(`/forecourt/api/stations/${station._id}`);
      const device = (view.body.devices as unknown as { productId: string; forOrder: boolean; state: string }[]).find(
        (d) => d.productId === pumpId && d.forOrder,
      );
      if (device?.state === 'DISPENSING') break;
      if (i > 200) throw new Error(`pump never dispensed: ${JSON.stringify(device)}`);
      await sleep(50);
    }
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));

    server = await start(port, databaseUrl);
    let last: ReturnType<typeof orderSchema.parse> | undefined;
    for (let i = 0; i < 200; i++) {
      last = orderSchema.parse((await call(`/api/v4/order/${orderId}`, { headers: auth })).body);
      if (last.state === 'COMPLETED') break;
      await sleep(100);
    }
    expect(last?.state).toBe('COMPLETED');
    const ledger = last?.payment?.ledger ?? [];
    const sum = (k: string) => ledger.filter((l) => l.kind === k).reduce((a, l) => a + l.amount, 0);
    expect(ledger.filter((l) => l.kind === 'CAPTURE')).toHaveLength(1);
    expect(ledger.filter((l) => l.kind === 'HOLD')).toHaveLength(1);
    expect(sum('HOLD')).toBe(3000);
    expect(sum('CAPTURE')).toBeGreaterThan(0);
    expect(sum('CAPTURE')).toBeLessThanOrEqual(3000);
    expect(sum('CAPTURE') + sum('RELEASE')).toBe(3000);
    // No duplicate order: the create replays the same one, and nothing of ours is left ongoing.
    const replay = await call('/api/v4/order', {
      body: createBody,
      headers: { ...auth, 'Idempotency-Key': createKey },
    });
    expect(replay.body._id).toBe(orderId);
    const ongoing = await call('/api/v4/ongoing-orders?limit=5', { headers: auth });
    expect((ongoing.body as unknown as { _id: string }[]).map((o) => o._id)).not.toContain(orderId);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }, 240_000);
});
