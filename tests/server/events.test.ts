// Event streams (issue 16) through the real app on a real database: an order's stream to its owner only, the station
// stream to anyone, a change delivered after a transition or a console action, the live meter while fuel flows,
// Last-Event-ID, a second API process (its own hub: on PostgreSQL its own LISTEN connection) and a clean close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Order, order as orderSchema } from '../../contract/orders';
import { poi as poiSchema } from '../../contract/stations';
import { createApp } from '../../server/app';
import { startFlow } from '../../server/services/forecourt';
import { deviceAction, drivers, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, newDriver, orderBody } from './orders-fixtures';
import { readSse, type SseReader } from './sse-client';
import { createStation } from './stations-fixtures';

describe.each(drivers)('event streams (%s)', (driver) => {
  const t = useServer(driver, { FORECOURT_AUTO_DRIVER: 'false' });
  let s: TestServer;
  let other: TestServer;
  const open: SseReader[] = [];
  beforeAll(async () => {
    s = t.server;
    // A second API process on the same database: its own hub, so its own LISTEN on PostgreSQL.
    other = await s.withEnv({ FORECOURT_AUTO_DRIVER: 'false' });
  });
  afterAll(async () => {
    await Promise.all(open.map((r) => r.close()));
    await other.ctx.events.close();
    await s.ctx.events.close();
  });

  async function stream(server: TestServer, path: string, headers: Record<string, string> = {}) {
    const res = await createApp(server.ctx).request(`http://localhost:8080${path}`, { headers });
    if (res.status !== 200) return { res, sse: null };
    const sse = readSse(res);
    open.push(sse);
    return { res, sse };
  }
  const asOrder = (data: string): Order => orderSchema.parse(JSON.parse(data));

  async function authorizedOrder() {
    const st = await createStation(s.ctx);
    const d = await newDriver(s);
    const pumpId = st.products[0]!.id;
    const created = await createOrderReq(s, d.token, orderBody(st.id, pumpId, 'SUPER_E5', { thingId: d.thingId }));
    expect(created.status).toBe(201);
    const res = await authorizeReq(s, d.token, created.body._id, authBody(2000, d.visaId));
    expect(res.status).toBe(200);
    return { st, d, pumpId, orderId: created.body._id as string };
  }

  it('sends the order on connect, then each change: the meter while fuel flows, the hang-up with its invoice', async () => {
    const { d, pumpId, orderId } = await authorizedOrder();
    const { res, sse } = await stream(s, `/api/v4/order/${orderId}/events`, { authorization: `Bearer ${d.token}` });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const first = await sse!.next((e) => e.event === 'order');
    expect(first.id).toMatch(/^[\w-]{16}$/);
    expect(asOrder(first.data)).toMatchObject({ _id: orderId, state: 'PRODUCT_PENDING' });

    await deviceAction(s, pumpId, 'lift');
    await startFlow({ ctx: s.ctx, input: { productId: pumpId, flowMlPerS: 600 } });
    const flowing = await sse!.next((e) => e.event === 'order' && !!asOrder(e.data).meter?.running);
    expect(asOrder(flowing.data).meter).toMatchObject({ unit: 'l', running: true, deviceState: 'DISPENSING' });
    // The meter is re-read while it runs, without any change announced: the litres grow, and with them the amount
    // (waited for: the first re-read may come after a millilitre or two, which is still 0 cents).
    const later = await sse!.next((e) => e.event === 'order' && (asOrder(e.data).meter?.amount.amount ?? 0) > 0, 4_000);
    expect(asOrder(later.data).meter!.quantity).toBeGreaterThan(asOrder(flowing.data).meter!.quantity);

    const hung = await deviceAction(s, pumpId, 'hang-up');
    expect(hung.status).toBe(200);
    const acquired = await sse!.next((e) => e.event === 'order' && asOrder(e.data).state !== 'PRODUCT_PENDING');
    const o = asOrder(acquired.data);
    expect(['PRODUCT_ACQUIRED', 'READY_FOR_INVOICE', 'COMPLETED']).toContain(o.state);
    expect(o.products[0]?.attributes?.paymentAttributes?.quantity).toBeGreaterThan(0);
  });

  it("refuses another driver's order (404) and a missing session (401), as GET does", async () => {
    const { orderId } = await authorizedOrder();
    const stranger = await newDriver(s);
    const refused = await stream(s, `/api/v4/order/${orderId}/events`, { authorization: `Bearer ${stranger.token}` });
    expect(refused.res.status).toBe(404);
    expect(await refused.res.json()).toMatchObject({ code: 'not_found' });
    const anonymous = await stream(s, `/api/v4/order/${orderId}/events`);
    expect(anonymous.res.status).toBe(401);
    const nothing = await stream(s, '/api/v4/pois/000000000000000000000000/events');
    expect(nothing.res.status).toBe(404);
  });

  it('streams a station to anyone; a console change reaches a stream of another process', async () => {
    const st = await createStation(s.ctx);
    const pumpId = st.products[1]!.id;
    const { sse } = await stream(other, `/api/v4/pois/${st.id}/events`);
    const first = await sse!.next((e) => e.event === 'station');
    const stateOf = (data: string) =>
      poiSchema.parse(JSON.parse(data)).products.find((p) => p._id === pumpId)?.attributes.deviceState;
    expect(stateOf(first.data)).toBe('IDLE');
    // Through `s` (the console of process one); heard by `other` (process two).
    expect((await deviceAction(s, pumpId, 'fault')).status).toBe(200);
    const faulted = await sse!.next((e) => e.event === 'station');
    expect(stateOf(faulted.data)).toBe('FAULT');
  });

  it('skips the snapshot the client already has (Last-Event-ID) and sends the next change', async () => {
    const st = await createStation(s.ctx);
    const pumpId = st.products[0]!.id;
    const a = await stream(s, `/api/v4/pois/${st.id}/events`);
    const current = await a.sse!.next((e) => e.event === 'station');
    const b = await stream(s, `/api/v4/pois/${st.id}/events`, { 'last-event-id': current.id ?? '' });
    await expect(b.sse!.next((e) => e.event === 'station', 300)).rejects.toThrow(/no matching event/);
    await deviceAction(s, pumpId, 'fault');
    const changed = await b.sse!.next((e) => e.event === 'station');
    expect(changed.id).not.toBe(current.id);
  });

  it('answers an unchanged order or station 304 to its ETag, and 200 with a new ETag after a change', async () => {
    const { d, pumpId, orderId, st } = await authorizedOrder();
    const path = `/api/v4/order/${orderId}`;
    const first = await s.request(path, { token: d.token });
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]{16}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await s.request(path, { token: d.token, headers: { 'if-none-match': tag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get('etag')).toBe(tag);
    // Another driver's ETag guess still gets 404, never 304.
    const stranger = await newDriver(s);
    expect((await s.request(path, { token: stranger.token, headers: { 'if-none-match': tag ?? '' } })).status).toBe(
      404,
    );

    const station = `/api/v4/pois/${st.id}`;
    const poiTag = (await s.request(station)).headers.get('etag') ?? '';
    expect((await s.request(station, { headers: { 'if-none-match': poiTag } })).status).toBe(304);
    await deviceAction(s, pumpId, 'lift');
    const changed = await s.request(station, { headers: { 'if-none-match': poiTag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(poiTag);
    const moved = await s.request(path, { token: d.token, headers: { 'if-none-match': tag ?? '' } });
    expect(moved.status).toBe(200);
  });

  it('ends every open stream when the process shuts down', async () => {
    const third = await s.withEnv({ FORECOURT_AUTO_DRIVER: 'false' });
    const st = await createStation(s.ctx);
    const { sse } = await stream(third, `/api/v4/pois/${st.id}/events`);
    await sse!.next((e) => e.event === 'station');
    expect(third.ctx.events.size()).toBe(1);
    await third.ctx.events.close();
    await sse!.ended;
    expect(third.ctx.events.size()).toBe(0);
  });
});
