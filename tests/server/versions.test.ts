// The per-process caches of the polling hot path (issue 16) and what keeps them honest: the per-order version (a
// conditional GET of an unchanged order is a 304 without loading it) and the session cache, both dropped by the
// database's own change announcements (migration 0012 triggers), so a write made anywhere — another API process, raw
// SQL — is seen at once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, preparedAlready } from '../../server/context';
import { drivers, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

/** Until `check` holds (a notification travels asynchronously), at most ~5 s; returns whether it did. */
async function eventually(check: () => Promise<boolean> | boolean): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Count the order loads of a server (its prepared statement, made for the context's database by the first load). */
function countLoads(ctx: AppContext): { count: () => number } {
  const prepared = preparedAlready(ctx, 'orders.load') as { execute: (args: unknown) => Promise<unknown> } | undefined;
  if (!prepared) throw new Error('no order was loaded yet');
  let n = 0;
  const original = prepared.execute.bind(prepared);
  prepared.execute = (args) => {
    n += 1;
    return original(args);
  };
  return { count: () => n };
}

describe.each(drivers)('per-process caches (%s)', (driver) => {
  const t = useServer(driver, { FORECOURT_AUTO_DRIVER: 'false' });
  let s: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    s = t.server;
    other = await s.withEnv({ FORECOURT_AUTO_DRIVER: 'false' });
  });
  afterAll(async () => {
    await other.ctx.events.close();
    await s.ctx.events.close();
  });

  it('answers an unchanged order 304 without loading it; any write to it, even raw SQL, loads it again', async () => {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id, 'SUPER_E5'));
    expect(created.status).toBe(201);
    const orderId = created.body._id as string;
    const path = `/api/v4/order/${orderId}`;
    const first = await s.request(path, { token: d.token });
    expect(first.status).toBe(200);
    expect(await eventually(() => s.ctx.events.isLive())).toBe(true);
    const tag = (await s.request(path, { token: d.token })).headers.get('etag') ?? '';
    const loads = countLoads(s.ctx);

    const cached = await s.request(path, { token: d.token, headers: { 'if-none-match': tag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(tag);
    expect(loads.count()).toBe(0);
    // Another driver sending the same tag: not the owner, so loaded, and 404.
    const stranger = await newDriver(s);
    expect((await s.request(path, { token: stranger.token, headers: { 'if-none-match': tag } })).status).toBe(404);
    expect(loads.count()).toBe(1);

    // A write the code does not announce itself (raw SQL): the trigger does, and the next poll gets the new order.
    await s.ctx.db.execute(sql`update orders set product_name = 'Pump 99' where id = ${orderId}`);
    expect(
      await eventually(async () => {
        const res = await s.request(path, { token: d.token, headers: { 'if-none-match': tag } });
        return res.status === 200;
      }),
    ).toBe(true);

    // Through the API (authorize writes the order and its ledger): a 200 with a new version, on another process too.
    const otherTag = (await other.request(path, { token: d.token })).headers.get('etag') ?? '';
    expect(await eventually(() => other.ctx.events.isLive())).toBe(true);
    expect((await authorizeReq(s, d.token, orderId, authBody(2000, d.visaId))).status).toBe(200);
    expect(
      await eventually(async () => {
        const res = await other.request(path, { token: d.token, headers: { 'if-none-match': otherTag } });
        return res.status === 200 && res.headers.get('etag') !== otherTag;
      }),
    ).toBe(true);
  });

  it('a logout in one process ends the session cached by another at once, not after the cache time', async () => {
    const d = await newDriver(s);
    // The other process knows the session (cached) and listens.
    expect((await other.request('/api/v4/payment-methods', { token: d.token })).status).toBe(200);
    expect(await eventually(() => other.ctx.events.isLive())).toBe(true);
    expect((await other.request('/api/v4/payment-methods', { token: d.token })).status).toBe(200);

    expect((await s.request('/api/auth/logout', { method: 'POST', token: d.token })).status).toBeLessThan(300);
    // Within the polling bound here (5 s), far below the cache's 30 s: the revocation was heard.
    expect(
      await eventually(async () => (await other.request('/api/v4/payment-methods', { token: d.token })).status === 401),
    ).toBe(true);
  });
});
