// Idempotency-Key on POST /v4/order and /authorize: replay, conflict (other body), concurrency.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, paymentLedger } from '../../server/db/schema';
import { canonicalJson, IDEMPOTENCY_LEASE_MS } from '../../server/services/idempotency';
import { drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, key, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

describe('canonical JSON', () => {
  it('sorts keys at every level and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe.each(drivers)('idempotency keys (%s)', (driver) => {
  const t = useServer(driver, { FORECOURT_AUTO_DRIVER: 'false' });
  let s: TestServer;
  let clock: FakeClock;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({ FORECOURT_AUTO_DRIVER: 'false' }, { clock });
  });

  const ordersOf = (userId: string) => s.ctx.db.select().from(orders).where(eq(orders.userId, userId));
  const holdsOf = async (orderId: string) =>
    (await s.ctx.db.select().from(paymentLedger).where(eq(paymentLedger.orderId, orderId))).filter(
      (l) => l.kind === 'HOLD',
    );

  it('create: the same key and body replays the first answer byte for byte; one order only', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const k = key();
    const body = orderBody(st.id, st.products[0]!.id);
    const first = await createOrderReq(s, d.token, body, { key: k });
    expect(first.status).toBe(201);
    clock.advance(5000);
    // The same body with its keys in another order is the same request.
    const reordered = { products: body.products, autoAcquire: true, poiId: st.id };
    const again = await createOrderReq(s, d.token, reordered, { key: k });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await ordersOf(d.id)).toHaveLength(1);
    // Same key, other body → 422; the key of another user is theirs alone.
    const other = await createOrderReq(s, d.token, orderBody(st.id, st.products[1]!.id), { key: k });
    expect(other.status).toBe(422);
    const someoneElse = await newDriver(s);
    expect((await createOrderReq(s, someoneElse.token, orderBody(st.id, st.products[1]!.id), { key: k })).status).toBe(
      201,
    );
  });

  it('create: a failed request gives its key back; an expired key (24 h) is a new request', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const k = key();
    expect((await createOrderReq(s, d.token, orderBody(st.id, 'ffffffffffffffffffffffff'), { key: k })).status).toBe(
      404,
    );
    const ok = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id), { key: k });
    expect(ok.status).toBe(201);
    clock.advance(24 * 3600 * 1000 + 1000);
    const later = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id), { key: k });
    expect(later.status).toBe(201);
    expect(later.body._id).not.toBe(ok.body._id);
  });

  it('a key left "in progress" by a process that died is 409 for a minute, then taken over', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const k = key();
    const body = orderBody(st.id, st.products[0]!.id);
    expect((await createOrderReq(s, d.token, body, { key: k })).status).toBe(201);
    // As if the process had been killed after claiming the key and before storing the answer.
    await s.ctx.db
      .update(idempotencyKeys)
      .set({ state: 'in_progress', responseStatus: null, responseBody: null })
      .where(eq(idempotencyKeys.key, k));
    const soon = await createOrderReq(s, d.token, body, { key: k });
    expect(soon.status).toBe(409);
    clock.advance(IDEMPOTENCY_LEASE_MS + 1000);
    const later = await createOrderReq(s, d.token, body, { key: k });
    expect(later.status).toBe(201);
    const replay = await createOrderReq(s, d.token, body, { key: k });
    expect(replay.body._id).toBe(later.body._id);
  });

  it('create: two parallel requests with one key make one order; the other is 409 or a replay', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const k = key();
    const body = orderBody(st.id, st.products[0]!.id);
    const replies = await Promise.all([1, 2, 3].map(() => createOrderReq(s, d.token, body, { key: k })));
    const ok = replies.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of replies) expect([201, 409]).toContain(r.status);
    expect(new Set(ok.map((r) => r.text)).size).toBe(1);
    expect(await ordersOf(d.id)).toHaveLength(1);
  });

  it('authorize: replay answers the same, with one HOLD; another body with the key → 422; parallel → one hold', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const o = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body;
    const k = key();
    const first = await authorizeReq(s, d.token, o._id, authBody(2000, d.visaId), k);
    expect(first.status).toBe(200);
    expect(first.body.state).toBe('PRODUCT_PENDING');
    const again = await authorizeReq(s, d.token, o._id, authBody(2000, d.visaId), k);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await holdsOf(o._id)).toHaveLength(1);
    expect((await authorizeReq(s, d.token, o._id, authBody(2500, d.visaId), k)).status).toBe(422);

    const o2 = (await createOrderReq(s, d.token, orderBody(st.id, st.products[1]!.id))).body;
    const k2 = key();
    const replies = await Promise.all(
      [1, 2, 3].map(() => authorizeReq(s, d.token, o2._id, authBody(2000, d.visaId), k2)),
    );
    for (const r of replies) expect([200, 409]).toContain(r.status);
    expect(replies.some((r) => r.status === 200)).toBe(true);
    expect(await holdsOf(o2._id)).toHaveLength(1);
    // A new key on an authorized order: 409 (only CREATED can be authorized), still one hold.
    expect((await authorizeReq(s, d.token, o2._id, authBody(2000, d.visaId))).status).toBe(409);
    expect(await holdsOf(o2._id)).toHaveLength(1);
  });

  it('a declined authorization replays as the same FAILED order', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const o = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body;
    const k = key();
    const first = await authorizeReq(s, d.token, o._id, authBody(2000, d.decliningId), k);
    const again = await authorizeReq(s, d.token, o._id, authBody(2000, d.decliningId), k);
    expect(first.body.state).toBe('FAILED');
    expect(again.text).toBe(first.text);
  });
});
