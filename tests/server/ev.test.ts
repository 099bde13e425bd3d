// EV charging through HTTP on the real app (pay-flows.md §4 EV flow, §6, §9), with the built-in simulated chargers as
// OCPP 1.6J charge points on a loopback WebSocket (server/forecourt/charge-points.ts): the account's evCharging
// feature gates the order (403); authorize holds the pre-authorization of the currency (PSP preauth config first) and
// remote-starts the charger; plugging in (the console) starts the transaction (PRODUCT_SUPPLYING with meter values);
// acquire/stop remote-stops it and its StopTransaction prices the charge from the port's price elements, capturing at
// most the hold; the invoice steps end COMPLETED.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods, users } from '../../server/db/schema';
import type { BuiltinChargers } from '../../server/forecourt/charge-points';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import type { SeedProduct } from '../../server/seed/stations';
import { setEvCharging } from '../../server/services/accounts';
import { deviceAction, drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { connectBuiltinChargers, evBody, eventually, feePort, type Listening, listen } from './ocpp-fixtures';
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
import { charger, createStation } from './stations-fixtures';

const APP = 'http://localhost:8080';

describe.each(drivers)('EV charging (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  let net: Listening;
  const fleets: BuiltinChargers[] = [];
  beforeAll(async () => {
    clock = fakeClock(new Date('2031-03-01T10:00:00Z'));
    s = await t.server.withEnv(
      { FORECOURT_AUTO_DRIVER: 'false', PSP_PREAUTH_CONFIG: '{"CHF":5000}', OCPP_METER_INTERVAL_SECONDS: '10' },
      { clock },
    );
    sim = createSimulator(s.ctx, { ambient: false });
    net = await listen(s);
  });
  afterAll(async () => {
    for (const f of fleets) await f.stop();
    await net.close();
  });

  /** A station's built-in charge points, connected and reporting Available. */
  async function stationWithChargers(products: SeedProduct[], extra: Parameters<typeof createStation>[1] = {}) {
    const st = await createStation(s.ctx, { ...extra, products });
    const fleet = await connectBuiltinChargers(s, net, st);
    fleets.push(fleet);
    return { ...st, fleet };
  }

  /** The simulator's tick, then the charge points say what happened (and the central system's commands arrive). */
  const step = (fleet: BuiltinChargers) => ({
    tick: async () => {
      await sim.tick();
      await net.cs.drain(fleet.status()[0]?.id ?? '');
      await fleet.sync();
    },
  });

  async function evDriver(): Promise<Driver> {
    const d = await newDriver(s);
    const [u] = await s.ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, d.id));
    await setEvCharging({ ctx: s.ctx, input: { accountId: u!.accountId, enabled: true } });
    return d;
  }

  /** The sandbox's 3-D Secure test card (4000 0000 0000 3220) saved for a driver. */
  async function challengeCard(userId: string) {
    const [row] = await s.ctx.db
      .insert(paymentMethods)
      .values({
        id: randomUUID(),
        userId,
        provider: 'sandbox',
        method: 'DIRECT_CREDIT',
        token: `tok_sbx_${randomUUID()}`,
        holderName: 'Test Driver',
        brand: 'VISA',
        last4: '3220',
        expMonth: 12,
        expYear: 2034,
        behavior: 'challenge',
        isPreferred: false,
        label: null,
        createdAt: s.ctx.clock.now(),
      })
      .returning();
    return row;
  }

  it('needs the account evCharging feature: a new user gets 403 until it is enabled', async () => {
    const st = await stationWithChargers([charger('1')]);
    const d = await newDriver(s);
    const refused = await createOrderReq(s, d.token, evBody(st.id, st.products[0]!.id));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden' });
    const [u] = await s.ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, d.id));
    const features = await s.request(`/api/accounts/${u!.accountId}/features`, { token: d.token });
    expect(features.body.evCharging.enabled).toBe(false);
    await setEvCharging({ ctx: s.ctx, input: { accountId: u!.accountId, enabled: true } });
    const ok = await createOrderReq(s, d.token, evBody(st.id, st.products[0]!.id));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ state: 'CREATED', orderType: 'PREPAY' });
  });

  it('the features carry the pre-authorizations, the PSP preauth config overriding the defaults', async () => {
    const d = await newDriver(s);
    const [u] = await s.ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, d.id));
    const res = await s.request(`/api/accounts/${u!.accountId}/features`, { token: d.token });
    expect(res.body.evCharging.preAuthorizations).toMatchObject({ EUR: 8000, DKK: 60000, PLN: 35000, CHF: 5000 });
  });

  it('plug in, charge with moving meter values, stop: priced from the price elements, capture <= hold, rest released', async () => {
    const st = await stationWithChargers([feePort('1')]);
    const portId = st.products[0]!.id;
    const d = await evDriver();
    const created = await createOrderReq(s, d.token, evBody(st.id, portId));
    const id = created.body._id as string;
    // Only the pre-authorization of the currency is accepted.
    expect((await authorizeReq(s, d.token, id, authBody(3000, d.visaId))).status).toBe(422);
    const auth = await authorizeReq(s, d.token, id, authBody(8000, d.visaId));
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ state: 'PRODUCT_PENDING', authorizePrice: { amount: 8000, currency: 'EUR' } });
    expect(auth.body.payment.held).toMatchObject({ amount: 8000 });

    // Nothing charges until the car is plugged in (the console plugs it).
    clock.advance(5000);
    await sim.tick();
    expect((await getOrder(s, d.token, id)).state).toBe('PRODUCT_PENDING');
    expect((await deviceAction(s, portId, 'plug')).status).toBe(200);
    await runUntil(
      clock,
      step(st.fleet) as unknown as Simulator,
      async () => (await getOrder(s, d.token, id)).state === 'PRODUCT_SUPPLYING',
    );

    // 10 simulated minutes at 50 kW: the charger's meter values move the order's meter.
    const tick = step(st.fleet).tick;
    clock.advance(60_000);
    await tick();
    const first = (await getOrder(s, d.token, id)).charge!;
    clock.advance(9 * 60_000);
    await tick();
    const second = (await getOrder(s, d.token, id)).charge!;
    expect(first.powerW).toBe(50_000);
    expect(first.energyWh).toBeGreaterThan(0);
    expect(second.energyWh).toBeGreaterThan(first.energyWh);
    expect(second.durationS).toBeGreaterThan(first.durationS);
    expect(second.connectorState).toBe('Charging');

    // Finish charging: RemoteStopTransaction; the charger stops and its StopTransaction prices the order.
    const stop = await s.request(`/api/v4/order/${id}/acquire/stop`, { method: 'PUT', token: d.token });
    expect(stop.status).toBe(200);
    await eventually(async () => {
      await tick();
      return (await getOrder(s, d.token, id)).state === 'PRODUCT_ACQUIRED';
    });
    const acquired = await getOrder(s, d.token, id);
    expect(acquired.charge!.stopReason).toBe('DRIVER');
    const lines = acquired.charge!.lines!;
    expect(lines.map((l) => l.type)).toEqual(['ENERGY', 'FLAT']);
    const energy = lines[0]!;
    expect(energy.amount).toBe(Math.floor((acquired.charge!.energyWh * 59) / 1000));
    const total = energy.amount + 99;
    expect(acquired.totalAfterDiscounts).toMatchObject({ amount: total, currency: 'EUR' });
    expect(total).toBeLessThanOrEqual(8000);
    expect(acquired.payment).toMatchObject({ captured: { amount: total }, released: { amount: 8000 - total } });

    await runUntil(
      clock,
      step(st.fleet) as unknown as Simulator,
      async () => (await getOrder(s, d.token, id)).state === 'COMPLETED',
    );
  });

  it('never captures above the pre-authorization (CHF 50 from the PSP config): the charge stops at the hold', async () => {
    const port = feePort('1');
    for (const item of port.items) item.currency = 'CHF';
    const st = await stationWithChargers([port], {
      address: { street: 'Bahnhofstrasse', houseNumber: '1', zip: '8001', city: 'Zürich', countryCode: 'CH' },
    });
    const portId = st.products[0]!.id;
    const d = await evDriver();
    const id = (await createOrderReq(s, d.token, evBody(st.id, portId))).body._id as string;
    expect((await authorizeReq(s, d.token, id, authBody(8000, d.visaId, 'CHF'))).status).toBe(422);
    expect((await authorizeReq(s, d.token, id, authBody(5000, d.visaId, 'CHF'))).status).toBe(200);
    expect((await deviceAction(s, portId, 'plug')).status).toBe(200);
    // At 50 kW and 0.59/kWh, CHF 50 of energy is ~84.7 kWh: about 102 minutes; the server stops the charger there.
    await runUntil(
      clock,
      step(st.fleet) as unknown as Simulator,
      async () => (await getOrder(s, d.token, id)).state === 'PRODUCT_ACQUIRED',
      { stepMs: 5 * 60_000, maxMs: 4 * 3600_000 },
    );
    const acquired = await getOrder(s, d.token, id);
    expect(acquired.charge!.stopReason).toBe('PRE_AUTHORIZATION');
    const priced = acquired.charge!.lines!.reduce((a, l) => a + l.amount, 0);
    expect(priced).toBeGreaterThan(5000); // energy up to the hold plus the session fee
    expect(acquired.totalAfterDiscounts?.amount).toBe(5000);
    const ledger = await ledgerOf(s, id);
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([
      ['HOLD', 5000],
      ['CAPTURE', 5000],
    ]);
  }, 120_000);

  it('cancel before the car is plugged in releases the whole pre-authorization', async () => {
    const st = await stationWithChargers([charger('1')]);
    const d = await evDriver();
    const id = (await createOrderReq(s, d.token, evBody(st.id, st.products[0]!.id))).body._id as string;
    expect((await authorizeReq(s, d.token, id, authBody(8000, d.visaId))).status).toBe(200);
    const res = await s.request(`/api/v4/order/${id}/cancel`, {
      token: d.token,
      body: {},
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(200);
    const after = await getOrder(s, d.token, id);
    expect(after.state).toBe('CANCELLED');
    expect(after.payment).toMatchObject({ held: { amount: 8000 }, released: { amount: 8000 }, captured: null });
    // acquire/stop of an order that is not charging: 409.
    const stop = await s.request(`/api/v4/order/${id}/acquire/stop`, { method: 'PUT', token: d.token });
    expect(stop.status).toBe(409);
  });

  it('3-D Secure card: PAYMENT_PENDING with the challenge, nothing held; the right code holds and authorizes the port', async () => {
    const st = await stationWithChargers([charger('1')]);
    const portId = st.products[0]!.id;
    const d = await evDriver();
    const card = await challengeCard(d.id);
    const id = (await createOrderReq(s, d.token, evBody(st.id, portId))).body._id as string;
    // Without the addresses to come back to, the challenge cannot be offered.
    expect((await authorizeReq(s, d.token, id, authBody(8000, card!.id))).status).toBe(422);
    const urls = { success: `${APP}/pay/prepay/ev/charging?pid=${st.id}`, error: `${APP}/error?type=payment` };
    const auth = await authorizeReq(s, d.token, id, { ...authBody(8000, card!.id), userInteraction: { urls } });
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ state: 'PAYMENT_PENDING', userInteraction: { isRequired: true } });
    expect(await ledgerOf(s, id)).toEqual([]);
    const page = new URL(auth.body.userInteraction.urls.start as string).pathname;
    const ok = await s.request(page, {
      method: 'POST',
      rawBody: new URLSearchParams({ code: '1234', action: 'approve' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ok.status).toBe(303);
    const back = new URL(ok.headers.get('location') as string);
    expect(back.pathname).toBe('/pay/prepay/ev/charging');
    expect(back.searchParams.get('paymentId')).toBe(id);
    const after = await getOrder(s, d.token, id);
    expect(after.state).toBe('PRODUCT_PENDING');
    expect(after.userInteraction).toBeNull();
    expect((await ledgerOf(s, id)).map((l) => [l.kind, l.amount])).toEqual([['HOLD', 8000]]);
    // The port is the order's: plugging in starts the charge.
    expect((await deviceAction(s, portId, 'plug')).status).toBe(200);
    await runUntil(
      clock,
      step(st.fleet) as unknown as Simulator,
      async () => (await getOrder(s, d.token, id)).state === 'PRODUCT_SUPPLYING',
    );
  });

  it('3-D Secure denied: FAILED, nothing held, the port stays free', async () => {
    const st = await stationWithChargers([charger('1')]);
    const d = await evDriver();
    const card = await challengeCard(d.id);
    const id = (await createOrderReq(s, d.token, evBody(st.id, st.products[0]!.id))).body._id as string;
    const urls = { success: `${APP}/pay/prepay/ev/charging`, error: `${APP}/error?type=payment` };
    const auth = await authorizeReq(s, d.token, id, { ...authBody(8000, card!.id), userInteraction: { urls } });
    const page = new URL(auth.body.userInteraction.urls.start as string).pathname;
    const denied = await s.request(page, {
      method: 'POST',
      rawBody: new URLSearchParams({ code: '', action: 'deny' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(denied.status).toBe(303);
    expect(new URL(denied.headers.get('location') as string).pathname).toBe('/error');
    expect((await getOrder(s, d.token, id)).state).toBe('FAILED');
    expect((await ledgerOf(s, id)).map((l) => l.kind)).toEqual(['DECLINE']);
    // The port was never authorized for it: a new order may take it.
    const next = (await createOrderReq(s, d.token, evBody(st.id, st.products[0]!.id))).body._id as string;
    expect((await authorizeReq(s, d.token, next, authBody(8000, d.visaId))).body.state).toBe('PRODUCT_PENDING');
  });
});
