// The OCPP 1.6J central system against a charge point nobody here wrote (@voltbras/ts-ocpp, tests/server/
// ocpp-fixtures.ts), over a real WebSocket on loopback, on a real database: a whole paid session (boot, status, remote
// start, start, meter values, remote stop, stop, receipt), the faults (a drop mid-session with queued messages, a
// charger offline at payment time, a silent charger and the watchdog, Faulted), the driver's cost limit, a local RFID
// card, and who may connect at all.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocppCommands, ocppTransactions, users } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { setEvCharging } from '../../server/services/accounts';
import { orderTopic } from '../../server/services/events';
import { registerChargePoint } from '../../server/services/ocpp';
import { drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { evBody, eventually, feePort, type Listening, listen, TestChargePoint } from './ocpp-fixtures';
import {
  authBody,
  authorizeReq,
  createOrderReq,
  type Driver,
  getOrder,
  ledgerOf,
  newDriver,
  runUntil,
} from './orders-fixtures';
import { createStation } from './stations-fixtures';

describe.each(drivers)('OCPP 1.6J central system against @voltbras/ts-ocpp (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  let net: Listening;
  const points: TestChargePoint[] = [];
  beforeAll(async () => {
    clock = fakeClock(new Date('2031-03-01T10:00:00Z'));
    s = await t.server.withEnv(
      { FORECOURT_AUTO_DRIVER: 'false', OCPP_METER_TIMEOUT_SECONDS: '300', OCPP_BUILTIN_CHARGERS: 'off' },
      { clock },
    );
    sim = createSimulator(s.ctx, { ambient: false });
    net = await listen(s);
  });
  afterAll(async () => {
    for (const p of points) p.close();
    await net.close();
  });

  async function evDriver(): Promise<Driver> {
    const d = await newDriver(s);
    const [u] = await s.ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, d.id));
    await setEvCharging({ ctx: s.ctx, input: { accountId: u!.accountId, enabled: true } });
    return d;
  }

  /** A station with one fee port, a charger registered for it at the console, connected, booted and Available. */
  async function chargerAt() {
    const st = await createStation(s.ctx, { products: [feePort('1')] });
    const portId = st.products[0]!.id;
    const reg = await s.request('/forecourt/api/chargers', { body: { productIds: [portId] } });
    expect(reg.status).toBe(201);
    expect(reg.body).toMatchObject({ id: portId, connectors: [{ connectorId: 1, productId: portId }] });
    expect(reg.body.url).toBe(`ws://localhost:8080/ocpp/${portId}`);
    const cp = new TestChargePoint(portId, reg.body.password, net.ocppUrl);
    points.push(cp);
    await cp.connect();
    const boot = await cp.boot();
    expect(boot).toMatchObject({ status: 'Accepted', interval: 300 });
    // The central system asks for meter values at its interval.
    expect((await cp.next('ChangeConfiguration')).payload).toMatchObject({
      key: 'MeterValueSampleInterval',
      value: '10',
    });
    await cp.status('Available');
    return { st, portId, cp, password: reg.body.password as string };
  }

  async function productStatus(stationId: string, productId: string) {
    const poi = await s.request(`/api/v4/pois/${stationId}`);
    return poi.body.products.find((p: { _id: string }) => p._id === productId)?.attributes.status as string;
  }

  /** Paid: the remote start is answered and StartTransaction binds the transaction to the order. */
  async function paidAndCharging(d: Driver, st: { id: string }, portId: string, cp: TestChargePoint) {
    const id = (await createOrderReq(s, d.token, evBody(st.id, portId))).body._id as string;
    const auth = await authorizeReq(s, d.token, id, authBody(8000, d.visaId));
    expect(auth.status).toBe(200);
    expect(auth.body.state).toBe('PRODUCT_PENDING');
    const start = await cp.next('RemoteStartTransaction');
    expect(start.payload).toMatchObject({ connectorId: 1 });
    const idTag = start.payload.idTag as string;
    expect(idTag.length).toBeLessThanOrEqual(20);
    await cp.status('Preparing');
    const started = await cp.send('StartTransaction', {
      connectorId: 1,
      idTag,
      meterStart: 1_000_000,
      timestamp: clock.now().toISOString(),
    });
    expect(started.idTagInfo.status).toBe('Accepted');
    await cp.status('Charging');
    expect((await getOrder(s, d.token, id)).state).toBe('PRODUCT_SUPPLYING');
    return { id, idTag, transactionId: started.transactionId as number, startedAt: clock.now() };
  }

  it('a whole session: boot, status, remote start, start, meter values, remote stop, stop, receipt', async () => {
    const { st, portId, cp } = await chargerAt();
    expect(await productStatus(st.id, portId)).toBe('AVAILABLE');
    const d = await evDriver();
    const { id, transactionId, startedAt } = await paidAndCharging(d, st, portId, cp);
    expect(await productStatus(st.id, portId)).toBe('IN_USE');

    // Meter values reach the order (the charging screen's live meter): energy since the start, power, state of charge.
    clock.advance(5 * 60_000);
    // The order's event stream hears of each reading (the screen reloads on its topic, not on a timer); the ocpp e2e
    // once saw "0 kWh" for 15 s, and this rules the server's side out.
    let heard = 0;
    const unsubscribe = await s.ctx.events.subscribe(orderTopic(id), () => {
      heard += 1;
    });
    await cp.meter(transactionId, clock.now(), 1_004_000, 48_000, 41);
    await eventually(async () => heard > 0);
    unsubscribe();
    const live = (await getOrder(s, d.token, id)).charge!;
    expect(live).toMatchObject({ energyWh: 4000, powerW: 48_000, socPercent: 41, connectorState: 'Charging' });
    expect(live.durationS).toBe(300);

    // "Finish charging": RemoteStopTransaction for this transaction; the charger's StopTransaction prices the order.
    const stop = await s.request(`/api/v4/order/${id}/acquire/stop`, { method: 'PUT', token: d.token });
    expect(stop.status).toBe(200);
    expect((await cp.next('RemoteStopTransaction')).payload).toEqual({ transactionId });
    clock.advance(5 * 60_000);
    const stopAt = clock.now();
    await cp.send('StopTransaction', {
      transactionId,
      meterStop: 1_010_000,
      timestamp: stopAt.toISOString(),
      reason: 'Remote',
      transactionData: [
        { timestamp: startedAt.toISOString(), sampledValue: [{ value: '1000000', context: 'Transaction.Begin' }] },
        { timestamp: stopAt.toISOString(), sampledValue: [{ value: '1010000', context: 'Transaction.End' }] },
      ],
    });
    await cp.status('Finishing');
    const acquired = await getOrder(s, d.token, id);
    expect(acquired.state).toBe('PRODUCT_ACQUIRED');
    // 10 kWh at 0.59 + the 0.99 session fee; captured, the rest of the EUR 80 released.
    expect(acquired.charge).toMatchObject({ energyWh: 10_000, durationS: 600, stopReason: 'DRIVER' });
    expect(acquired.charge!.lines!.map((l) => [l.type, l.amount])).toEqual([
      ['ENERGY', 590],
      ['FLAT', 99],
    ]);
    expect(acquired.payment).toMatchObject({ captured: { amount: 689 }, released: { amount: 8000 - 689 } });
    const [tx] = await s.ctx.db.select().from(ocppTransactions).where(eq(ocppTransactions.id, transactionId));
    expect(tx).toMatchObject({ orderId: id, meterStop: 1_010_000, stopReason: 'Remote' });
    expect(tx!.transactionData).toHaveLength(2);
    await runUntil(clock, sim, async () => (await getOrder(s, d.token, id)).state === 'COMPLETED');
    await cp.status('Available');
  });

  it('a charger that drops mid-session keeps charging; its queued MeterValues and StopTransaction settle the order', async () => {
    const { st, portId, cp, password } = await chargerAt();
    const d = await evDriver();
    const { id, transactionId, startedAt } = await paidAndCharging(d, st, portId, cp);
    clock.advance(60_000);
    await cp.meter(transactionId, clock.now(), 1_001_000, 50_000);
    cp.close();
    // Gone: the port is unavailable to others, the order keeps charging.
    await eventually(async () => (await productStatus(st.id, portId)) === 'UNAVAILABLE');
    expect((await getOrder(s, d.token, id)).state).toBe('PRODUCT_SUPPLYING');

    // Offline, it charged on and the driver unplugged; back, it sends what it kept, with the times it happened.
    const back = new TestChargePoint(portId, password, net.ocppUrl);
    points.push(back);
    await back.connect();
    await back.boot();
    const sampled = new Date(startedAt.getTime() + 8 * 60_000);
    const ended = new Date(startedAt.getTime() + 12 * 60_000);
    await back.meter(transactionId, sampled, 1_006_000, 50_000);
    await back.send('StopTransaction', {
      transactionId,
      meterStop: 1_008_000,
      timestamp: ended.toISOString(),
      reason: 'EVDisconnected',
    });
    await back.status('Available');
    const acquired = await getOrder(s, d.token, id);
    expect(acquired.state).toBe('PRODUCT_ACQUIRED');
    expect(acquired.charge).toMatchObject({ energyWh: 8000, durationS: 720, stopReason: 'CHARGER' });
    const total = Math.floor((8000 * 59) / 1000) + 99;
    expect(acquired.payment).toMatchObject({ captured: { amount: total }, released: { amount: 8000 - total } });
  });

  it('a charger offline at payment time gets no order: the station shows it unavailable, nothing is held', async () => {
    const { st, portId, cp } = await chargerAt();
    const d = await evDriver();
    const id = (await createOrderReq(s, d.token, evBody(st.id, portId))).body._id as string;
    cp.close();
    await eventually(async () => (await productStatus(st.id, portId)) === 'UNAVAILABLE');
    const auth = await authorizeReq(s, d.token, id, authBody(8000, d.visaId));
    expect(auth.status).toBe(409);
    expect(auth.body).toMatchObject({ code: 'conflict', message: 'The charger is offline' });
    expect((await getOrder(s, d.token, id)).state).toBe('CREATED');
    expect(await ledgerOf(s, id)).toEqual([]);
    // And no new order either.
    expect((await createOrderReq(s, d.token, evBody(st.id, portId))).status).toBe(409);
  });

  it('no meter values for the watchdog window: PROBLEM, the hold released, the charger told to stop', async () => {
    const { st, portId, cp } = await chargerAt();
    const d = await evDriver();
    const { id, transactionId } = await paidAndCharging(d, st, portId, cp);
    clock.advance(299_000);
    await sim.tick();
    expect((await getOrder(s, d.token, id)).state).toBe('PRODUCT_SUPPLYING');
    clock.advance(2_000);
    await sim.tick();
    const problem = await getOrder(s, d.token, id);
    expect(problem.state).toBe('PROBLEM');
    expect(problem.payment).toMatchObject({ held: { amount: 8000 }, released: { amount: 8000 }, captured: null });
    expect((await cp.next('RemoteStopTransaction')).payload).toEqual({ transactionId });
    const [cmd] = await s.ctx.db.select().from(ocppCommands).where(eq(ocppCommands.orderId, id));
    expect(cmd).toBeDefined();
    // Its late StopTransaction is recorded and changes nothing.
    await cp.send('StopTransaction', { transactionId, meterStop: 1_020_000, timestamp: clock.now().toISOString() });
    expect((await getOrder(s, d.token, id)).state).toBe('PROBLEM');
  });

  it('StatusNotification Faulted ends the session like the console fault: priced from the last meter value', async () => {
    const { st, portId, cp } = await chargerAt();
    const d = await evDriver();
    const { id, transactionId } = await paidAndCharging(d, st, portId, cp);
    clock.advance(6 * 60_000);
    await cp.meter(transactionId, clock.now(), 1_005_000, 50_000);
    await cp.status('Faulted', 'GroundFailure');
    const acquired = await getOrder(s, d.token, id);
    expect(acquired.state).toBe('PRODUCT_ACQUIRED');
    expect(acquired.charge).toMatchObject({ energyWh: 5000, stopReason: 'FAULT' });
    const total = Math.floor((5000 * 59) / 1000) + 99;
    expect(acquired.payment).toMatchObject({ captured: { amount: total } });
    expect(await productStatus(st.id, portId)).toBe('OUT_OF_ORDER');
  });

  it("the driver's cost limit stops the charge (RemoteStopTransaction), and the capture stays at the limit", async () => {
    const { st, portId, cp } = await chargerAt();
    const d = await evDriver();
    const { id, transactionId } = await paidAndCharging(d, st, portId, cp);
    const patch = (costLimit: unknown) =>
      s.request(`/api/v4/order/${id}/update-order`, { method: 'PATCH', token: d.token, body: { costLimit } });
    // At most the pre-authorization, in the order's currency.
    expect((await patch({ amount: 8001, currency: 'EUR', precision: 2 })).status).toBe(422);
    expect((await patch({ amount: 500, currency: 'DKK', precision: 2 })).status).toBe(422);
    const set = await patch({ amount: 500, currency: 'EUR', precision: 2 });
    expect(set.status).toBe(200);
    expect(set.body.costLimit).toEqual({ amount: 500, currency: 'EUR', precision: 2 });
    // 5 kWh = 2.95 + 0.99: under the limit. 7 kWh = 4.13 + 0.99 = 5.12: the limit is reached.
    clock.advance(6 * 60_000);
    await cp.meter(transactionId, clock.now(), 1_005_000, 50_000);
    expect(cp.received.some((r) => r.action === 'RemoteStopTransaction')).toBe(false);
    clock.advance(3 * 60_000);
    await cp.meter(transactionId, clock.now(), 1_007_000, 50_000);
    expect((await cp.next('RemoteStopTransaction')).payload).toEqual({ transactionId });
    clock.advance(10_000);
    await cp.send('StopTransaction', {
      transactionId,
      meterStop: 1_007_200,
      timestamp: clock.now().toISOString(),
      reason: 'Remote',
    });
    const acquired = await getOrder(s, d.token, id);
    expect(acquired.state).toBe('PRODUCT_ACQUIRED');
    expect(acquired.charge!.stopReason).toBe('COST_LIMIT');
    expect(acquired.charge!.lines!.reduce((a, l) => a + l.amount, 0)).toBeGreaterThan(500);
    expect(acquired.payment).toMatchObject({ captured: { amount: 500 }, released: { amount: 7500 } });
    // After the end the limit cannot change.
    expect((await patch(null)).status).toBe(409);
  });

  it('a transaction started with a local RFID card is recorded and refused politely; DataTransfer is refused', async () => {
    const { portId, cp } = await chargerAt();
    expect((await cp.send('Authorize', { idTag: 'RFID-0042' })).idTagInfo.status).toBe('Invalid');
    const started = await cp.send('StartTransaction', {
      connectorId: 1,
      idTag: 'RFID-0042',
      meterStart: 2_000_000,
      timestamp: clock.now().toISOString(),
    });
    expect(started.idTagInfo.status).toBe('Invalid');
    const [row] = await s.ctx.db.select().from(ocppTransactions).where(eq(ocppTransactions.id, started.transactionId));
    expect(row).toMatchObject({ productId: portId, orderId: null, idTag: 'RFID-0042' });
    await cp.send('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 2_000_000,
      timestamp: clock.now().toISOString(),
      reason: 'DeAuthorized',
    });
    expect(await cp.send('DataTransfer', { vendorId: 'com.example', messageId: 'x' })).toEqual({
      status: 'UnknownVendorId',
    });
    expect(await cp.send('Heartbeat', {})).toMatchObject({ currentTime: clock.now().toISOString() });
  });

  it('refuses a wrong password, an unknown charge point, another subprotocol and a path outside /ocpp', async () => {
    const { portId, password } = await chargerAt();
    const at = `http://127.0.0.1:${net.port}`;
    expect(await upgradeStatus(`${at}/ocpp/${portId}`, portId, 'not-the-password')).toBe(401);
    expect(await upgradeStatus(`${at}/ocpp/${portId}`, portId)).toBe(401);
    expect(await upgradeStatus(`${at}/ocpp/nobody-here`, 'nobody-here', password)).toBe(401);
    expect(await upgradeStatus(`${at}/ocpp/${portId}`, portId, password, 'ocpp2.0.1')).toBe(400);
    expect(await upgradeStatus(`${at}/api/${portId}`, portId, password)).toBe(404);
    expect(await upgradeStatus(`${at}/ocpp/${portId}`, portId, password)).toBe(101);
  });

  it('an outside charge point standing in for a built-in one stays Available while the built-in one tries again', async () => {
    const st = await createStation(s.ctx, { products: [feePort('1')] });
    const portId = st.products[0]!.id;
    // The built-in charge point registers the port as its own, with a fresh key at every connection attempt ...
    const builtinAttempt = (key: string) =>
      registerChargePoint({ ctx: s.ctx, input: { id: portId, productIds: [portId], builtin: true, password: key } });
    await builtinAttempt('built-in-key-1');
    // ... an outside one stands in with the demo password, boots and says Available.
    const cp = new TestChargePoint(portId, s.ctx.env.ocpp.demoPassword, net.ocppUrl);
    points.push(cp);
    await cp.connect();
    expect((await cp.boot()).status).toBe('Accepted');
    await cp.status('Available');
    await eventually(async () => (await productStatus(st.id, portId)) === 'AVAILABLE');
    // The built-in one's next attempt (it is refused afterwards: the outside one stands in) keeps what was reported.
    await builtinAttempt('built-in-key-2');
    expect(await productStatus(st.id, portId)).toBe('AVAILABLE');
    const d = await evDriver();
    expect((await createOrderReq(s, d.token, evBody(st.id, portId))).status).toBe(201);
  });
});

/** The HTTP status a WebSocket upgrade gets (101: switched). */
function upgradeStatus(url: string, user: string, password?: string, protocol = 'ocpp1.6'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-protocol': protocol,
        ...(password ? { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } : {}),
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
