// Several nodes on one PostgreSQL (issue 34): separate server processes (not node:cluster workers of one), each on its
// own port, the way a second machine runs. Processes started at once on a fresh database migrate it once (the advisory
// lock of db/client.ts) and all become ready; of two nodes exactly one runs the forecourt simulator and the watchdogs,
// and the other takes over when it stops; a pump changed through node B reaches a driver's stream on node A; an order
// paid on A and cancelled on B is cancelled everywhere, its hold released once. PostgreSQL only (PGlite is one process).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { order as orderSchema, paymentMethodsResponse } from '../../contract/orders';
import { poi as poiSchema } from '../../contract/stations';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { call, type ServerProcess, sleep, useFreshDatabase, useProcesses } from './spawn-server';
import { readSse } from './sse-client';

const url = process.env.DATABASE_URL;
const journal = JSON.parse(
  readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

/** A sample of a Prometheus text without labels, or with exactly the given label. */
function metric(text: string, name: string, label = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${label} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}
const scrape = async (s: ServerProcess) => (await call(s.base, '/metrics')).text;
const LEADER = '{election="forecourt-simulator"}';

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!url)('several nodes on one PostgreSQL', () => {
  const start = useProcesses();
  const freshDatabase = useFreshDatabase('nodes');
  const node = (name: string, databaseUrl: string, extra: Record<string, string> = {}) =>
    start({
      DATABASE_URL: databaseUrl,
      WORKERS: '1',
      NODE_NAME: name,
      FORECOURT_TICK_MS: '200',
      // Pumps move only when a test moves them (the console), not by the simulated driver.
      FORECOURT_AUTO_DRIVER: 'false',
      ...extra,
    });

  it('three processes started at once on a fresh database migrate it once and all become ready', async () => {
    const databaseUrl = await freshDatabase();
    const nodes = await Promise.all(['m1', 'm2', 'm3'].map((name) => node(name, databaseUrl)));
    await Promise.all(nodes.map((n) => n.ready()));

    const migrations = nodes.flatMap((n) => n.logLines().filter((l) => l.msg.startsWith('migrations:')));
    expect(migrations).toHaveLength(3);
    const applied = migrations.filter((l) => l.migrations_applied === journal.entries.length);
    expect(applied, JSON.stringify(migrations)).toHaveLength(1);
    expect(migrations.filter((l) => l.migrations_applied === 0)).toHaveLength(2);
    // The two that found the lock taken waited for it (they did not apply anything of their own).
    expect(migrations.filter((l) => l.waited_for_lock === true).length).toBeGreaterThanOrEqual(1);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
    // All three answer ready and agree on one leader.
    const reports = await Promise.all(nodes.map(async (n) => (await call(n.base, '/readyz')).body));
    expect(reports.map((r) => r.status)).toEqual(['ready', 'ready', 'ready']);
    expect(reports.filter((r) => r.checks.leader.self)).toHaveLength(1);
    const leaderName = reports.find((r) => r.checks.leader.self)?.node;
    expect(reports.map((r) => r.checks.leader.node)).toEqual([leaderName, leaderName, leaderName]);
    for (const n of nodes) n.child.kill('SIGTERM');
    for (const n of nodes) expect((await n.exited).code).toBe(0);
  }, 300_000);

  it('two nodes: one leader, a pump change through B on a stream of A, an order paid on A and cancelled on B, failover', async () => {
    const databaseUrl = await freshDatabase();
    const [a, b] = await Promise.all([node('node-a', databaseUrl), node('node-b', databaseUrl)]);
    if (!a || !b) throw new Error('no nodes');
    await Promise.all([a.ready(), b.ready()]);

    // Exactly one node runs the simulator and the watchdogs: it says so, and only its tick counter moves.
    const before = await Promise.all([scrape(a), scrape(b)]);
    const leads = before.map((t) => metric(t, 'forecourt_leader', LEADER));
    expect(leads.sort()).toEqual([0, 1]);
    const leader = metric(before[0] as string, 'forecourt_leader', LEADER) === 1 ? a : b;
    const follower = leader === a ? b : a;
    const ticksBefore = metric(before[leader === a ? 0 : 1] as string, 'forecourt_simulator_ticks_total');
    await sleep(1_500);
    const [leaderAfter, followerAfter] = await Promise.all([scrape(leader), scrape(follower)]);
    expect(metric(leaderAfter, 'forecourt_simulator_ticks_total')).toBeGreaterThan(ticksBefore);
    expect(metric(followerAfter, 'forecourt_simulator_ticks_total')).toBe(0);
    const leaderName = leader === a ? 'node-a' : 'node-b';
    expect((await call(follower.base, '/readyz')).body.checks.leader).toEqual({
      ok: true,
      self: false,
      node: leaderName,
    });

    // A pump changed through B's console reaches a stream opened on A.
    const station = poiSchema.parse((await call(a.base, `/api/v4/pois/${DEMO_STATIONS.prepay.id}`)).body);
    const pumps = station.products.filter((p) => p.facility === 'PUMP');
    const [orderPump, faultPump] = pumps;
    if (!orderPump || !faultPump) throw new Error('the prepay demo station has two pumps');
    const stationStream = readSse(
      await fetch(`${a.base}/api/v4/pois/${station._id}/events`, { headers: { accept: 'text/event-stream' } }),
    );
    await stationStream.next((e) => e.event === 'station', 20_000);
    const statusOf = (data: string) =>
      poiSchema.parse(JSON.parse(data)).products.find((p) => p._id === faultPump._id)?.attributes.status;
    const fault = await call(b.base, `/forecourt/api/stations/${station._id}/devices/${faultPump._id}/fault`, {
      body: {},
    });
    expect(fault.status).toBe(200);
    const faulted = await stationStream.next((e) => e.event === 'station' && statusOf(e.data) !== 'AVAILABLE', 10_000);
    expect(statusOf(faulted.data)).not.toBe('AVAILABLE');
    expect(
      (await call(b.base, `/forecourt/api/stations/${station._id}/devices/${faultPump._id}/clear-fault`, { body: {} }))
        .status,
    ).toBe(200);
    await stationStream.next((e) => e.event === 'station' && statusOf(e.data) === 'AVAILABLE', 10_000);
    await stationStream.close();

    // An order paid on A, cancelled on B: cancelled on both, the hold released once, A's stream shows it.
    const login = await call(a.base, '/api/auth/login/local', {
      body: { email: 'driver@example.com', password: 'forecourt-demo' },
    });
    expect(login.status).toBe(200);
    const token = login.body.auth_token as string;
    const me = await call(a.base, `/api/users/${login.body._id}`, { token });
    const cards = paymentMethodsResponse.parse(
      (await call(a.base, `/api/v4/payment-methods/?customerId=${login.body._id}&state=ACTIVE`, { token })).body,
    );
    const card = cards.find((c) => c.isPreferred);
    const item = orderPump.attributes.availableItems?.[0];
    const created = await call(a.base, '/api/v4/order', {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: {
        poiId: station._id,
        thingId: me.body.thingId,
        autoAcquire: true,
        products: [{ productId: orderPump._id, fuelTypeId: item?.itemCode }],
      },
    });
    expect(created.status).toBe(201);
    const orderId = created.body._id as string;
    const paid = await call(a.base, `/api/v4/order/${orderId}/authorize`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { authorizePrice: { amount: 2500, currency: item?.currency, precision: 2 }, paymentMethodId: card?.id },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('PRODUCT_PENDING');
    const orderStream = readSse(
      await fetch(`${a.base}/api/v4/order/${orderId}/events`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      }),
    );
    await orderStream.next((e) => e.event === 'order', 20_000);
    const cancelled = await call(b.base, `/api/v4/order/${orderId}/cancel`, { method: 'POST', token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('CANCELLED');
    const streamed = await orderStream.next(
      (e) => e.event === 'order' && JSON.parse(e.data).state === 'CANCELLED',
      10_000,
    );
    expect(orderSchema.parse(JSON.parse(streamed.data)).state).toBe('CANCELLED');
    await orderStream.close();
    const onA = orderSchema.parse((await call(a.base, `/api/v4/order/${orderId}`, { token })).body);
    expect(onA.state).toBe('CANCELLED');
    expect(onA.payment?.ledger.map((l) => [l.kind, l.amount])).toEqual([
      ['HOLD', 2500],
      ['RELEASE', 2500],
    ]);
    expect((await call(a.base, `/api/v4/order/${orderId}/cancel`, { method: 'POST', token })).status).toBe(409);
    // The pump it had released is free again, seen from either node.
    const pumpOnB = poiSchema
      .parse((await call(b.base, `/api/v4/pois/${station._id}`)).body)
      .products.find((p) => p._id === orderPump._id);
    expect(pumpOnB?.attributes.status).toBe('AVAILABLE');

    // The leader stops: the other node is elected and its ticks start.
    leader.child.kill('SIGTERM');
    expect((await leader.exited).code).toBe(0);
    await eventually('the other node to lead', async () =>
      metric(await scrape(follower), 'forecourt_leader', LEADER) === 1 ? true : undefined,
    );
    const t1 = metric(await scrape(follower), 'forecourt_simulator_ticks_total');
    await eventually('its ticks', async () =>
      metric(await scrape(follower), 'forecourt_simulator_ticks_total') > t1 ? true : undefined,
    );
    const report = (await call(follower.base, '/readyz')).body;
    expect(report.checks.leader).toMatchObject({ ok: true, self: true });
    follower.child.kill('SIGTERM');
    expect((await follower.exited).code).toBe(0);
  }, 300_000);
  it('two workers sign one sandbox Amazon button: a config signed by either opens the sign-in page on either (32.6)', async () => {
    // Before, each worker made its own key: 6 of 6 sign-ins failed on 2 workers.
    const databaseUrl = await freshDatabase();
    const app = await start({
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      NODE_NAME: 'w2',
      FORECOURT_AUTO_DRIVER: 'false',
    });
    await app.ready(120_000);
    // A new connection per request: the cluster hands connections to its workers in turn.
    const fresh = { connection: 'close' };
    const outcomes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const config = await call(app.base, '/api/auth/amazon-pay/button-config', {
        body: {
          signInReturnUrl: `http://localhost:${app.port}/amazonSSORedirect`,
          signInCancelUrl: `http://localhost:${app.port}/login`,
        },
        headers: fresh,
      });
      expect(config.status, config.text).toBe(200);
      const { payloadJSON, signature } = config.body as { payloadJSON: string; signature: string };
      const page = await fetch(`${app.base}/dev/amazon/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...fresh, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          payloadJSON,
          signature,
          name: 'Ada Amazon',
          email: `w2-${i}@example.com`,
          action: 'continue',
        }),
      });
      outcomes.push(page.status);
    }
    expect(outcomes).toEqual([303, 303, 303, 303, 303, 303]);
    app.child.kill('SIGTERM');
    expect((await app.exited).code).toBe(0);
  }, 300_000);
});
