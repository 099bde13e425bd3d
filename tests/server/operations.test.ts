// Operations through HTTP on a real database (issue 34): /healthz, /readyz and what makes it 503, /metrics (who may
// read it, what it shows), the request log's JSON fields, and the JSON logger itself (levels, censored keys).
// The process-level parts (SIGTERM, several nodes, the migration lock) are in shutdown.test.ts and nodes.test.ts.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../server/context';
import { migrationStatus } from '../../server/db/client';
import { createLog } from '../../server/log';
import { drivers, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

/** A Prometheus text's sample value: `name{labels} value` (labels in any order given as a subset). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^([^{ ]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1] as string, l[2] as string]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe.each(drivers)('operations (%s)', (driver) => {
  const t = useServer(driver);

  it('GET /healthz answers while the process runs, uncached', async () => {
    const res = await t.server.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /readyz: 503 until start-up is done and the leader known, 200 then, 503 again while draining', async () => {
    const s = await t.server.withEnv({});
    const before = await s.request('/readyz');
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ code: 'not_ready', details: { checks: { database: { ok: true } } } });
    expect(before.body.message).toContain('migrations');
    expect(before.body.message).toContain('leader');

    s.ctx.readiness.startupDone();
    const noLeader = await s.request('/readyz');
    expect(noLeader.status).toBe(503);
    expect(noLeader.body.details.checks.migrations).toMatchObject({ ok: true });
    expect(noLeader.body.details.checks.leader).toMatchObject({ ok: false });

    s.ctx.readiness.setLeader({ kind: 'sole' });
    const ready = await s.request('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, leader: { ok: true, self: true }, draining: false },
    });
    const m = await migrationStatus(s.ctx.db);
    expect(m.current).toBe(true);
    expect(m.applied).toBe(m.expected);
    expect(ready.body.checks.migrations).toMatchObject({ applied: m.expected, expected: m.expected });

    s.ctx.readiness.drain();
    const draining = await s.request('/readyz');
    expect(draining.status).toBe(503);
    expect(draining.body.message).toBe('Not ready: draining');
    // While draining every answer closes its connection (no keep-alive to a node that is going away).
    expect(draining.headers.get('connection')).toBe('close');
    expect((await s.request('/healthz')).status).toBe(200);
  });

  it('GET /readyz says so when nothing is elected (FORECOURT_SIMULATOR=false is ready without a leader)', async () => {
    const s = await t.server.withEnv({ FORECOURT_SIMULATOR: 'false' });
    s.ctx.readiness.startupDone();
    s.ctx.readiness.setLeader({ kind: 'off' });
    const res = await s.request('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks.leader).toMatchObject({ ok: true, reason: 'FORECOURT_SIMULATOR=false' });
  });

  it('GET /metrics answers loopback clients only, unless METRICS_TOKEN is given as a Bearer token', async () => {
    const local = await t.server.request('/metrics', { address: '127.0.0.1' });
    expect(local.status).toBe(200);
    expect(local.headers.get('content-type')).toContain('text/plain');
    const remote = await t.server.request('/metrics', { address: '203.0.113.9' });
    expect(remote.status).toBe(403);
    expect(remote.body).toMatchObject({ code: 'forbidden' });
    // Through a proxy on this machine (a forwarding header, no TRUST_PROXY): not a local client.
    const proxied = await t.server.request('/metrics', {
      address: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.status).toBe(403);

    const token = 'metrics-token-0123456789';
    const s = await t.server.withEnv({ METRICS_TOKEN: token });
    const none = await s.request('/metrics', { address: '203.0.113.9' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    const wrong = await s.request('/metrics', { address: '127.0.0.1', token: 'metrics-token-9876543210' });
    expect(wrong.status).toBe(401);
    const right = await s.request('/metrics', { address: '203.0.113.9', token });
    expect(right.status).toBe(200);
    expect(right.text).toContain('http_request_duration_seconds');
  });

  it('GET /metrics: request durations by route pattern, orders by state, holds and the ledger, queues, the pool', async () => {
    const s = await t.server.withEnv({});
    const station = await createStation(s.ctx);
    const d = await newDriver(s);
    const pumpId = station.products[0]?.id as string;
    const created = await createOrderReq(s, d.token, orderBody(station.id, pumpId, 'SUPER_E5', { thingId: d.thingId }));
    expect(created.status).toBe(201);
    const authorized = await authorizeReq(s, d.token, created.body._id, authBody(2500, d.visaId));
    expect(authorized.status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await s.request(`/api/v4/order/${created.body._id}`, { token: d.token })).status).toBe(200);
    expect((await s.request('/api/v4/order/no-such-order', { token: d.token })).status).toBe(404);

    const res = await s.request('/metrics', { address: '127.0.0.1' });
    expect(res.status).toBe(200);
    const text = res.text;
    // By the route's pattern, never its path (an id would make a series per order).
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v4/order/:id', status: '200' }),
    ).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v4/order/:id', status: '404' }),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/v4/order', status: '201' }),
    ).toBe(1);
    expect(text).not.toContain(created.body._id);
    expect(sample(text, 'forecourt_orders', { state: 'PRODUCT_PENDING' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'forecourt_payment_holds', { status: 'HELD', currency: 'EUR' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'forecourt_payment_holds_amount_minor', { status: 'HELD', currency: 'EUR', kind: 'held' }),
    ).toBeGreaterThanOrEqual(2500);
    expect(sample(text, 'forecourt_payment_ledger_entries', { kind: 'HOLD', currency: 'EUR' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'forecourt_queue_waiting', { queue: 'outbox' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'forecourt_queue_lag_seconds', { queue: 'background' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'forecourt_event_streams_open')).toBeUndefined(); // none opened on this app yet
    if (driver === 'postgres') {
      expect(sample(text, 'forecourt_db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'forecourt_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(sample(text, 'forecourt_db_pool_connections', { state: 'max' })).toBeUndefined();
    }
  });

  it('one JSON log line per request: method, route pattern, status, duration, request id, user id; no query', async () => {
    const lines: { line: string; fields?: Record<string, unknown> }[] = [];
    const log: Logger = { info: (line, fields) => lines.push({ line, fields }), error: () => {} };
    const s = await t.server.withEnv({ LOG_REQUESTS: 'true' }, { log });
    const d = await newDriver(s);
    lines.length = 0;
    const res = await s.request(`/api/users/${d.id}?secret=query-value`, {
      token: d.token,
      headers: { 'x-correlation-id': 'ops-test-1' },
    });
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      line: 'GET /api/users/:id 200',
      fields: { req_id: 'ops-test-1', method: 'GET', route: '/api/users/:id', status: 200, user: d.id },
    });
    expect(typeof lines[0]?.fields?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('query-value');
    expect(JSON.stringify(lines)).not.toContain(d.token);

    lines.length = 0;
    await s.request('/api/v4/nothing-here');
    expect(lines[0]?.fields).toMatchObject({ route: '*', status: 404, user: null });
  });
});

describe('the JSON logger (server/log.ts)', () => {
  const capture = () => {
    const out: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        out.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    return { out, destination };
  };

  it('writes one JSON object per line with time, level name, node, pid and msg', () => {
    const { out, destination } = capture();
    const log = createLog({ level: 'info', node: 'node-a', destination });
    log.info('hello', { route: '/x' });
    log.error('broke', new Error('boom'));
    const [first, second] = out.map((l) => JSON.parse(l));
    expect(first).toMatchObject({ level: 'info', node: 'node-a', pid: process.pid, msg: 'hello', route: '/x' });
    expect(new Date(first.time).toString()).not.toBe('Invalid Date');
    expect(second).toMatchObject({ level: 'error', msg: 'broke', err: { type: 'Error', message: 'boom' } });
  });

  it('LOG_LEVEL filters: warn drops info, keeps warn and error', () => {
    const { out, destination } = capture();
    const log = createLog({ level: 'warn', node: 'n', destination });
    log.info('quiet');
    log.warn('loud');
    log.error('louder');
    expect(out.map((l) => JSON.parse(l).msg)).toEqual(['loud', 'louder']);
  });

  it('censors keys that could carry a secret, at the top level and one level down', () => {
    const { out, destination } = capture();
    const log = createLog({ level: 'info', node: 'n', destination });
    log.info('login', { password: 'hunter2-secret', body: { cardNumber: '4242424242424242', token: 'tok-secret' } });
    expect(out[0]).not.toMatch(/hunter2-secret|4242424242424242|tok-secret/);
    expect(JSON.parse(out[0] as string)).toMatchObject({
      password: '[redacted]',
      body: { cardNumber: '[redacted]', token: '[redacted]' },
    });
  });
});
