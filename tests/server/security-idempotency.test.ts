// Issue 10.11: a key left in progress by a process that died (kill -9 mid-authorize) answered 409 for up to 60 s.
// Now its owner's liveness decides: a dead owner's key is taken over at once. And the app's outbox writes
// (preferences, update-order, cancel) take an Idempotency-Key: a repeat replays the first answer.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, paymentLedger } from '../../server/db/schema';
import { drivers, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, key, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

describe.each(drivers)('idempotency keys and live processes (%s)', (driver) => {
  const t = useServer(driver, { FORECOURT_AUTO_DRIVER: 'false' });

  const leaveInProgress = (s: TestServer, k: string, owner: string) =>
    s.ctx.db
      .update(idempotencyKeys)
      .set({ state: 'in_progress', responseStatus: null, responseBody: null, owner })
      .where(eq(idempotencyKeys.key, k));

  it('a key in progress whose owner process is gone is taken over at once (no 409, no 60 s wait)', async () => {
    const s = t.server;
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const o = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body;
    const k = key();
    // As if a process had claimed the key and been killed before it answered: nothing was held.
    await s.ctx.db.insert(idempotencyKeys).values({
      userId: d.id,
      key: k,
      fingerprint: (await import('../../server/services/idempotency')).requestFingerprint(
        'POST',
        `/api/v4/order/${o._id}/authorize`,
        authBody(2000, d.visaId),
      ),
      state: 'in_progress',
      owner: 'a-process-that-was-killed',
      createdAt: new Date(),
    });
    const retry = await authorizeReq(s, d.token, o._id, authBody(2000, d.visaId), k);
    expect(retry.status).toBe(200);
    expect(retry.body.state).toBe('PRODUCT_PENDING');
    const again = await authorizeReq(s, d.token, o._id, authBody(2000, d.visaId), k);
    expect(again.text).toBe(retry.text);
    const holds = (await s.ctx.db.select().from(paymentLedger).where(eq(paymentLedger.orderId, o._id))).filter(
      (l) => l.kind === 'HOLD',
    );
    expect(holds).toHaveLength(1);
  });

  it('a key in progress in a live process is still 409 (the first request runs)', async () => {
    const s = t.server;
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const k = key();
    const body = orderBody(st.id, st.products[0]!.id);
    expect((await createOrderReq(s, d.token, body, { key: k })).status).toBe(201);
    await leaveInProgress(s, k, s.ctx.process.id);
    expect((await createOrderReq(s, d.token, body, { key: k })).status).toBe(409);
  });

  it('PostgreSQL: another live process holds its session lock (409); once its connection is gone, at once (201)', async () => {
    if (driver !== 'postgres') return;
    const me = await t.server.database.processIdentity();
    const other = await t.server.database.processIdentity();
    try {
      const s = await t.server.withEnv({ FORECOURT_AUTO_DRIVER: 'false' }, { process: me });
      expect(await me.isAlive(other.id)).toBe(true);
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const k = key();
      const body = orderBody(st.id, st.products[0]!.id);
      expect((await createOrderReq(s, d.token, body, { key: k })).status).toBe(201);
      await leaveInProgress(s, k, other.id);
      expect((await createOrderReq(s, d.token, body, { key: k })).status).toBe(409);
      await other.close?.();
      expect(await me.isAlive(other.id)).toBe(false);
      expect((await createOrderReq(s, d.token, body, { key: k })).status).toBe(201);
    } finally {
      await me.close?.();
    }
  });

  describe('the outbox writes take an Idempotency-Key', () => {
    it('PATCH /v4/users/preferences: a repeat replays the first answer; another body with the key → 422', async () => {
      const s = t.server;
      const d = await newDriver(s);
      const k = key();
      const send = (preferredThing: string | null) =>
        s.request('/api/v4/users/preferences', {
          method: 'PATCH',
          token: d.token,
          body: { preferredThing },
          headers: { 'Idempotency-Key': k },
        });
      const first = await send(d.thingId);
      expect(first.status).toBe(200);
      // Meanwhile another write (without a key) changed it: the repeat must not write again.
      await s.request('/api/v4/users/preferences', { method: 'PATCH', token: d.token, body: { preferredThing: null } });
      const again = await send(d.thingId);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const now = await s.request('/api/v4/users/preferences', { token: d.token });
      expect(now.body.preferredThing).toBeNull();
      expect((await send(null)).status).toBe(422);
    });

    it('PATCH /v4/order/{id}/update-order: a repeat replays the first answer', async () => {
      const s = t.server;
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const o = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body;
      const k = key();
      const send = () =>
        s.request(`/api/v4/order/${o._id}/update-order`, {
          method: 'PATCH',
          token: d.token,
          body: { carOdometerM: 1_234_000 },
          headers: { 'Idempotency-Key': k },
        });
      const first = await send();
      expect(first.status).toBe(200);
      const again = await send();
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const bad = await s.request(`/api/v4/order/${o._id}/update-order`, {
        method: 'PATCH',
        token: d.token,
        body: { carOdometerM: 1 },
        headers: { 'Idempotency-Key': 'has spaces' },
      });
      expect(bad.status).toBe(400);
    });

    it('POST /v4/order/{id}/cancel: a cancel whose answer was lost is sent again and answers the same (not 409)', async () => {
      const s = t.server;
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const o = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body;
      const k = key();
      const cancel = (headers: Record<string, string> = { 'Idempotency-Key': k }) =>
        s.request(`/api/v4/order/${o._id}/cancel`, { method: 'POST', token: d.token, headers });
      const first = await cancel();
      expect(first.status).toBe(200);
      expect(first.body.state).toBe('CANCELLED');
      const again = await cancel();
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      // Without a key a second cancel is what it always was: the order is terminal.
      expect((await cancel({})).status).toBe(409);
    });
  });
});
