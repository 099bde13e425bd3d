// Issue 32.3: a crash between a write's commit and its Idempotency-Key being marked done made the retry with the same
// key write again (2 costs, 2 images, 2 orders for one key). The window is forced with a database trigger: storing
// the answer under a marked key fails, as a process killed at that moment would leave it, and the key's owner is then
// made a dead process (so the retry may take the key over, as after a kill -9). The write and its answer are one
// transaction now, so the failed storing takes the write with it and the retry writes exactly once.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { historyEvents, historyImages, idempotencyKeys, orders, paymentLedger, things } from '../../server/db/schema';
import { drivers, type Reply, type TestServer, useServer } from './helpers';
import { authBody, type Driver, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

// A PNG's signature and header chunk: what the image sniffer reads.
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

describe.each(drivers)('a crash between a write and its idempotency key (%s)', (driver) => {
  const t = useServer(driver, { FORECOURT_AUTO_DRIVER: 'false' });
  let s: TestServer;

  beforeAll(async () => {
    s = t.server;
    // The fault: storing the answer under a key listed in test_crash_keys fails like a process dying there.
    for (const statement of [
      'CREATE TABLE IF NOT EXISTS test_crash_keys (key text PRIMARY KEY)',
      `CREATE OR REPLACE FUNCTION test_crash_before_key_done() RETURNS trigger AS $$
      BEGIN
        IF NEW.state = 'done' AND EXISTS (SELECT 1 FROM test_crash_keys WHERE key = NEW.key) THEN
          RAISE EXCEPTION 'simulated crash before the key was marked done';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`,
      'DROP TRIGGER IF EXISTS test_crash_before_key_done ON idempotency_keys',
      `CREATE TRIGGER test_crash_before_key_done BEFORE UPDATE ON idempotency_keys
        FOR EACH ROW EXECUTE FUNCTION test_crash_before_key_done()`,
    ]) {
      await s.ctx.db.execute(sql.raw(statement));
    }
  });
  afterAll(async () => {
    for (const statement of [
      'DROP TRIGGER IF EXISTS test_crash_before_key_done ON idempotency_keys',
      'DROP FUNCTION IF EXISTS test_crash_before_key_done()',
      'DROP TABLE IF EXISTS test_crash_keys',
    ]) {
      await s.ctx.db.execute(sql.raw(statement));
    }
  });

  /** Sends `send(key)` into the crash, lets its owner die, then sends it again with the same key once the fault is gone. */
  async function crashThenRetry(d: Driver, send: (key: string) => Promise<Reply>): Promise<Reply> {
    const key = `crash-${randomUUID()}`;
    await s.ctx.db.execute(sql`INSERT INTO test_crash_keys (key) VALUES (${key})`);
    const first = await send(key);
    expect(first.status).toBe(500);
    // The process that claimed the key is gone (kill -9): whatever it left in progress may be taken over.
    await s.ctx.db
      .update(idempotencyKeys)
      .set({ owner: 'a-process-that-was-killed' })
      .where(and(eq(idempotencyKeys.userId, d.id), eq(idempotencyKeys.key, key)));
    await s.ctx.db.execute(sql`DELETE FROM test_crash_keys WHERE key = ${key}`);
    const retry = await send(key);
    expect(retry.status, retry.text).toBeLessThan(300);
    const again = await send(key);
    expect(again.text).toBe(retry.text);
    return retry;
  }

  it('POST /v4/account-history/costs: one cost', async () => {
    const d = await newDriver(s);
    const body = { category: 'PARKING', price: 4500, currency: 'EUR', sampleTime: new Date().toISOString() };
    await crashThenRetry(d, (key) =>
      s.request('/api/v4/account-history/costs', { token: d.token, body, headers: { 'Idempotency-Key': key } }),
    );
    const costs = await s.ctx.db.select().from(historyEvents).where(eq(historyEvents.userId, d.id));
    expect(costs.filter((e) => e.type === 'COST')).toHaveLength(1);
  });

  it('POST /v4/account-history/{id}/images: one image', async () => {
    const d = await newDriver(s);
    const event = await s.request('/api/v4/account-history/costs', {
      token: d.token,
      body: { category: 'PARKING', price: 100, currency: 'EUR', sampleTime: new Date().toISOString() },
    });
    expect(event.status).toBe(201);
    await crashThenRetry(d, async (key) => {
      const res = await createAppRequest(s, `/api/v4/account-history/${event.body._id}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${d.token}`, 'content-type': 'image/png', 'Idempotency-Key': key },
        body: new Blob([PNG]),
      });
      return res;
    });
    expect(await s.ctx.db.select().from(historyImages).where(eq(historyImages.userId, d.id))).toHaveLength(1);
  });

  it('POST /v4/order: one order; POST /v4/order/{id}/authorize: one hold', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const created = await crashThenRetry(d, (key) =>
      s.request('/api/v4/order', {
        token: d.token,
        body: orderBody(st.id, st.products[0]!.id),
        headers: { 'Idempotency-Key': key },
      }),
    );
    expect(await s.ctx.db.select().from(orders).where(eq(orders.userId, d.id))).toHaveLength(1);
    await crashThenRetry(d, (key) =>
      s.request(`/api/v4/order/${created.body._id}/authorize`, {
        token: d.token,
        body: authBody(2000, d.visaId),
        headers: { 'Idempotency-Key': key },
      }),
    );
    const ledger = await s.ctx.db.select().from(paymentLedger).where(eq(paymentLedger.orderId, created.body._id));
    expect(ledger.filter((l) => l.kind === 'HOLD')).toHaveLength(1);
  });

  it('POST /things/lite: one vehicle', async () => {
    const d = await newDriver(s);
    await crashThenRetry(d, (key) =>
      s.request('/api/things/lite', {
        token: d.token,
        body: { type: 'car', nickName: 'Second car', licensePlate: 'B-CR 42' },
        headers: { 'Idempotency-Key': key },
      }),
    );
    const mine = await s.ctx.db.select().from(things).where(eq(things.userId, d.id));
    expect(mine.filter((v) => v.nickName === 'Second car')).toHaveLength(1);
  });
});

/** A raw request through the server's app (a binary body, which TestServer.request does not send). */
async function createAppRequest(s: TestServer, path: string, init: RequestInit): Promise<Reply> {
  const res = await createApp(s.ctx).request(`http://localhost:8080${path}`, init);
  const text = await res.text();
  const json = text && res.headers.get('content-type')?.includes('json');
  return { status: res.status, text, body: json ? JSON.parse(text) : text } as Reply;
}
