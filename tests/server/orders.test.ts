// Orders through HTTP on the real app: validation, ownership, the prepay lifecycle driven by the simulated forecourt
// under a fake clock, the sandbox PSP's ledger, cancel, acquire/stop, the watchdog and the crash-safety reconciliation.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema, paymentMethodsResponse } from '../../contract/orders';
import { user as userSchema } from '../../contract/users';
import { forecourtDevices, forecourtSessions, orders, paymentLedger } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { amountFor, quantityCapFor, startFlow } from '../../server/services/forecourt';
import { advanceOrders, runWatchdog } from '../../server/services/orders';
import { deviceAction, drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import {
  authBody,
  authorizeReq,
  createdOrder,
  createOrderReq,
  type Driver,
  deviceState,
  getOrder,
  ledgerOf,
  newDriver,
  orderBody,
  runUntil,
} from './orders-fixtures';
import { createStation, pump } from './stations-fixtures';

describe.each(drivers)('orders (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let manual: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    manual = await t.server.withEnv({ FORECOURT_AUTO_DRIVER: 'false', ORDER_STUCK_LIMIT_SECONDS: '60' }, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  const created = (server: TestServer = s) => createdOrder(server);
  async function authorized(amount = 2000, server: TestServer = s) {
    const c = await created(server);
    const res = await authorizeReq(server, c.d.token, c.order._id, authBody(amount, c.d.visaId));
    expect(res.status).toBe(200);
    return { ...c, order: orderSchema.parse(res.body) };
  }
  const state = async (d: Driver, id: string, server: TestServer = s) => (await getOrder(server, d.token, id)).state;
  /** Authorized for 20.00, 3 l dispensed (5.36), the session ended, and the order never heard of it (no invoice). */
  const INVOICED_FILL = [
    ['HOLD', 2000],
    ['CAPTURE', 536],
    ['RELEASE', 1464],
  ];
  async function fillEndedUninvoiced() {
    const c = await authorized(2000, manual);
    await deviceAction(manual, c.pumpId, 'lift');
    await startFlow({ ctx: manual.ctx, input: { productId: c.pumpId, flowMlPerS: 600 } });
    clock.advance(5000);
    await manual.ctx.db
      .update(forecourtSessions)
      .set({ endedAt: clock.now(), quantity: 3000, amount: amountFor(3000, 1789, 3) })
      .where(eq(forecourtSessions.orderId, c.order._id));
    return c;
  }

  describe('vehicle and payment methods', () => {
    it('GET /users/{id} reports the first vehicle as thingId', async () => {
      const d = await newDriver(s);
      const me = userSchema.parse((await s.request(`/api/users/${d.id}`, { token: d.token })).body);
      expect(me.thingId).toBe(d.thingId);
    });

    it('lists the saved test cards (masked) and refuses another customerId with 403', async () => {
      const d = await newDriver(s);
      const res = await s.request(`/api/v4/payment-methods/?customerId=${d.id}&state=ACTIVE&supportedByPoi=x`, {
        token: d.token,
      });
      expect(res.status).toBe(200);
      const methods = paymentMethodsResponse.parse(res.body);
      expect(methods.map((m) => [m.details.brand, m.details.last4, m.isPreferred])).toEqual([
        ['VISA', '4242', true],
        ['MASTERCARD', '0002', false],
      ]);
      expect(methods[0]?.details).toMatchObject({ cardNumber: '•••• 4242', expiry: '12/2030' });
      expect(methods[1]?.details.label).toBe('Declining test card');
      // No full card number anywhere (ids are hex, so a digit run inside an id is no card number).
      expect(res.text).not.toMatch(/\b\d{12,19}\b/);
      const other = await newDriver(s);
      expect((await s.request(`/api/v4/payment-methods?customerId=${other.id}`, { token: d.token })).status).toBe(403);
      expect((await s.request('/api/v4/payment-methods')).status).toBe(401);
    });
  });

  describe('create', () => {
    it('creates a PREPAY order in CREATED with the partner header recorded', async () => {
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const res = await createOrderReq(
        s,
        d.token,
        orderBody(st.id, st.products[0]!.id, 'DIESEL', { carOdometerM: 5 }),
        {
          headers: { 'X-Txn-Initiated-By-Partner': 'acme' },
        },
      );
      expect(res.status).toBe(201);
      const o = orderSchema.parse(res.body);
      expect(o).toMatchObject({
        state: 'CREATED',
        orderType: 'PREPAY',
        type: 'MANUAL',
        poiId: st.id,
        initiatedByPartner: 'acme',
        authorizePrice: null,
        payment: null,
        pollIntervalMs: 2500,
      });
      expect(o.products[0]).toMatchObject({
        _id: st.products[0]!.id,
        name: '1',
        fuelType: { fuelTypeId: 'DIESEL', name: 'DIESEL' },
        attributes: { paymentAttributes: { unitPrice: { amount: 1659, currency: 'EUR', precision: 3 }, unit: 'LTR' } },
      });
      expect(o.stateHistory).toEqual([expect.objectContaining({ state: 'CREATED' })]);
    });

    it('a postpay pump gives a POSTPAY order, its pump released at once (guests may create too)', async () => {
      const st = await createStation(s.ctx, { products: [pump('7', { prepay: false })] });
      const guest = await s.request('/api/auth/register/guest', { body: {} });
      const res = await createOrderReq(s, guest.body.auth_token, orderBody(st.id, st.products[0]!.id));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orderType: 'POSTPAY', state: 'PRODUCT_PENDING' });
    });

    it('refuses unknown ids (404), an unavailable pump or offline station (409), a foreign fuel type (422)', async () => {
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const p = st.products[0]!.id;
      expect((await createOrderReq(s, d.token, orderBody('ffffffffffffffffffffffff', p))).status).toBe(404);
      expect((await createOrderReq(s, d.token, orderBody(st.id, 'ffffffffffffffffffffffff'))).status).toBe(404);
      expect((await createOrderReq(s, d.token, orderBody(st.id, p, 'LPG'))).status).toBe(422);
      expect((await createOrderReq(s, d.token, orderBody(st.id, p), { key: 'two words' })).status).toBe(400);
      expect((await createOrderReq(s, d.token, { poiId: st.id })).status).toBe(400);
      await deviceAction(s, p, 'fault');
      expect((await createOrderReq(s, d.token, orderBody(st.id, p))).body.code).toBe('conflict');
      await s.request(`/forecourt/api/stations/${st.id}/offline`, { method: 'POST', body: {} });
      expect((await createOrderReq(s, d.token, orderBody(st.id, st.products[1]!.id))).status).toBe(409);
      expect((await s.request('/api/v4/order', { body: orderBody(st.id, p) })).status).toBe(401);
    });
  });

  describe('authorize validation and ownership', () => {
    it('amount must be > 0 and <= the largest recommended price, in the station currency; CREATED only', async () => {
      const { d, order } = await created();
      const bad = [authBody(0, d.visaId), authBody(8001, d.visaId), authBody(2000, d.visaId, 'CHF')];
      for (const body of bad) expect((await authorizeReq(s, d.token, order._id, body)).status).toBe(422);
      const big = { authorizePrice: { amount: 80_000, currency: 'EUR', precision: 3 }, paymentMethodId: d.visaId };
      expect((await authorizeReq(s, d.token, order._id, big)).status).toBe(200); // 80.000 EUR = 8000 cents: allowed
      expect((await authorizeReq(s, d.token, order._id, authBody(2000, d.visaId))).status).toBe(409);
      expect((await authorizeReq(s, d.token, order._id, authBody(2000), 'two words')).status).toBe(400);
    });

    it('the Idempotency-Key is optional (the spec names none): without one each create is an order of its own, and the order refuses a second authorization', async () => {
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const body = orderBody(st.id, st.products[0]!.id);
      const first = await createOrderReq(s, d.token, body, { key: null });
      const second = await createOrderReq(s, d.token, body, { key: null });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body._id).not.toBe(first.body._id);
      const pay = () =>
        s.request(`/api/v4/order/${first.body._id}/authorize`, { token: d.token, body: authBody(2000, d.visaId) });
      const paid = await pay();
      expect(paid.status).toBe(200);
      expect(paid.body.state).toBe('PRODUCT_PENDING');
      expect((await pay()).status).toBe(409);
      const holds = (
        await s.ctx.db.select().from(paymentLedger).where(eq(paymentLedger.orderId, first.body._id))
      ).filter((l) => l.kind === 'HOLD');
      expect(holds).toHaveLength(1);
    });

    it("another user's order is 404 on GET/authorize/cancel; another user's card is 404", async () => {
      const { d, order } = await created();
      const other = await newDriver(s);
      expect((await s.request(`/api/v4/order/${order._id}`, { token: other.token })).status).toBe(404);
      expect((await authorizeReq(s, other.token, order._id, authBody(2000, other.visaId))).status).toBe(404);
      expect(
        (await s.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: other.token })).status,
      ).toBe(404);
      expect((await authorizeReq(s, d.token, order._id, authBody(2000, other.visaId))).status).toBe(404);
      const guest = await s.request('/api/auth/register/guest', { body: {} });
      const g = await createOrderReq(
        s,
        guest.body.auth_token,
        orderBody(order.poiId, order.products[0]!._id, 'DIESEL'),
      );
      expect(g.status).toBe(201);
      expect((await authorizeReq(s, guest.body.auth_token, g.body._id, authBody(2000, d.visaId))).status).toBe(404);
      expect(await state(d, order._id)).toBe('CREATED');
    });
  });

  describe('authorize and the pump', () => {
    it('a pump taken before the hold: 409, nothing held, the order stays CREATED and can be paid once it is free', async () => {
      const { d, order } = await created();
      const pumpId = order.products[0]!._id;
      // Another customer lifts the nozzle at the kiosk between the driver's choice and the payment.
      expect((await deviceAction(s, pumpId, 'lift')).status).toBe(200);
      const busy = await authorizeReq(s, d.token, order._id, authBody(2000, d.visaId));
      expect(busy.status).toBe(409);
      expect(busy.body.message).toMatch(/in use/);
      expect(await state(d, order._id)).toBe('CREATED');
      expect(await ledgerOf(s, order._id)).toEqual([]);
      expect((await deviceAction(s, pumpId, 'hang-up')).status).toBe(200);
      await runUntil(clock, sim, async () => (await deviceState(s, order.poiId, pumpId)).state === 'IDLE', {
        stepMs: 500,
      });
      const paid = await authorizeReq(s, d.token, order._id, authBody(2000, d.visaId));
      expect(paid.status).toBe(200);
      expect(paid.body.state).toBe('PRODUCT_PENDING');
      expect((await ledgerOf(s, order._id)).map((l) => l.kind)).toEqual(['HOLD']);
    });
  });

  describe('prepay lifecycle with the simulated forecourt', () => {
    it('authorize -> released -> lift -> dispense to the max -> hang up -> ACQUIRED -> READY_FOR_INVOICE -> COMPLETED', async () => {
      const { st, d, pumpId, order } = await authorized(3000);
      expect(order).toMatchObject({
        state: 'PRODUCT_PENDING',
        authorizePrice: { amount: 3000, currency: 'EUR', precision: 2 },
        payment: { paymentMethodId: d.visaId, brand: 'VISA', last4: '4242', held: { amount: 3000 }, captured: null },
      });
      expect(order.stateHistory.map((h) => h.state)).toEqual(['CREATED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING']);
      expect(await deviceState(s, st.id, pumpId)).toMatchObject({ state: 'RELEASED' });
      await runUntil(clock, sim, async () => (await deviceState(s, st.id, pumpId)).state === 'DISPENSING');
      expect(await state(d, order._id)).toBe('PRODUCT_PENDING');
      await runUntil(clock, sim, async () => (await state(d, order._id)) === 'PRODUCT_ACQUIRED');
      const acquired = await getOrder(s, d.token, order._id);
      const ml = quantityCapFor(3000, 1789, 3);
      expect(acquired.totalAfterDiscounts).toEqual({ amount: 3000, currency: 'EUR', precision: 2 });
      expect(acquired.totalBeforeDiscounts).toEqual(acquired.totalAfterDiscounts);
      expect(acquired.products[0]?.attributes?.paymentAttributes).toMatchObject({
        totalPrice: { amount: amountFor(ml, 1789, 3) },
        unitPrice: { amount: 1789, precision: 3 },
        quantity: ml / 1000,
        unit: 'LTR',
      });
      await runUntil(clock, sim, async () => (await state(d, order._id)) === 'COMPLETED', { stepMs: 500 });
      const done = await getOrder(s, d.token, order._id);
      expect(done.stateHistory.map((h) => h.state)).toEqual([
        'CREATED',
        'PAYMENT_AUTHORIZED',
        'PRODUCT_PENDING',
        'PRODUCT_ACQUIRED',
        'READY_FOR_INVOICE',
        'COMPLETED',
      ]);
      const times = done.stateHistory.map((h) => Date.parse(h.createdAt));
      expect(times[5]! - times[4]!).toBeGreaterThanOrEqual(3000);
      expect(done.stateHistory.every((h) => h.details?.actionCodeText && h.details.description)).toBe(true);
      expect(done.payment?.ledger.map((l) => [l.kind, l.amount])).toEqual([
        ['HOLD', 3000],
        ['CAPTURE', 3000],
      ]);
      expect(done.payment).toMatchObject({ captured: { amount: 3000 }, released: null });

      // The whole wire form as the poll answers it (built by the database): every key, none extra, ISO times.
      const raw = await s.request(`/api/v4/order/${order._id}`, { token: d.token });
      expect(raw.headers.get('content-type')).toMatch(/^application\/json/);
      expect(raw.headers.get('cache-control')).toBe('private, no-cache');
      const eur = (amount: number) => ({ amount, currency: 'EUR', precision: 2 });
      const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(raw.body).toStrictEqual({
        _id: order._id,
        state: 'COMPLETED',
        type: 'MANUAL',
        orderType: 'PREPAY',
        poiId: st.id,
        thingId: d.thingId,
        stateHistory: done.stateHistory,
        authorizePrice: eur(3000),
        totalBeforeDiscounts: eur(3000),
        totalAfterDiscounts: eur(3000),
        loyaltyItems: [],
        vouchers: [],
        products: [
          {
            _id: pumpId,
            name: order.products[0]!.name,
            type: 'GAS',
            fuelType: order.products[0]!.fuelType,
            attributes: {
              paymentAttributes: {
                totalPrice: eur(amountFor(ml, 1789, 3)),
                unitPrice: { amount: 1789, currency: 'EUR', precision: 3 },
                quantity: ml / 1000,
                unit: 'LTR',
              },
            },
          },
        ],
        error: null,
        userInteraction: null,
        pollIntervalMs: 2500,
        payment: {
          paymentMethodId: d.visaId,
          brand: 'VISA',
          last4: '4242',
          held: eur(3000),
          captured: eur(3000),
          released: null,
          ledger: [
            { kind: 'HOLD', ...eur(3000), createdAt: isoTime, reference: expect.stringMatching(/^sbx_/) },
            { kind: 'CAPTURE', ...eur(3000), createdAt: isoTime },
          ],
        },
        initiatedByPartner: null,
        createdAt: order.createdAt,
        updatedAt: done.stateHistory.at(-1)!.createdAt,
      });
      expect(raw.body.createdAt).toBe(order.stateHistory[0]!.createdAt);
    });

    it('stopping early captures the dispensed amount and releases the rest (acquire/stop)', async () => {
      const { st, d, pumpId, order } = await authorized(5000);
      await runUntil(clock, sim, async () => (await deviceState(s, st.id, pumpId)).state === 'DISPENSING', {
        stepMs: 500,
      });
      clock.advance(10_000);
      const stop = await s.request(`/api/v4/order/${order._id}/acquire/stop`, { method: 'PUT', token: d.token });
      expect(stop.status).toBe(200);
      const o = orderSchema.parse(stop.body);
      expect(o.state).toBe('PRODUCT_ACQUIRED');
      const captured = o.payment?.captured?.amount ?? 0;
      expect(captured).toBeGreaterThan(0);
      expect(captured).toBeLessThan(5000);
      expect(o.payment?.ledger.map((l) => [l.kind, l.amount])).toEqual([
        ['HOLD', 5000],
        ['CAPTURE', captured],
        ['RELEASE', 5000 - captured],
      ]);
      expect(o.totalAfterDiscounts?.amount).toBe(captured);
      const q = o.products[0]?.attributes?.paymentAttributes?.quantity ?? 0;
      expect(captured).toBe(amountFor(Math.round(q * 1000), 1789, 3));
      expect(
        (await s.request(`/api/v4/order/${order._id}/acquire/stop`, { method: 'PUT', token: d.token })).status,
      ).toBe(409);
    });

    it('a declining card: FAILED with "Payment declined", a DECLINE entry and no hold; the pump stays idle', async () => {
      const { st, d, pumpId, order } = await created();
      const res = await authorizeReq(s, d.token, order._id, authBody(2000, d.decliningId));
      expect(res.status).toBe(200);
      const o = orderSchema.parse(res.body);
      expect(o).toMatchObject({ state: 'FAILED', error: { message: 'Payment declined' } });
      expect(o.payment).toMatchObject({ brand: 'MASTERCARD', last4: '0002', held: null, captured: null });
      expect(o.payment?.ledger.map((l) => l.kind)).toEqual(['DECLINE']);
      expect((await deviceState(s, st.id, pumpId)).state).toBe('IDLE');
    });

    it('cancel before fuel: CANCELLED, the whole hold released, the pump back to idle', async () => {
      const { st, d, pumpId, order } = await authorized(2000);
      const res = await s.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: d.token });
      expect(res.status).toBe(200);
      const o = orderSchema.parse(res.body);
      expect(o.state).toBe('CANCELLED');
      expect(o.payment?.ledger.map((l) => [l.kind, l.amount])).toEqual([
        ['HOLD', 2000],
        ['RELEASE', 2000],
      ]);
      expect((await deviceState(s, st.id, pumpId)).state).toBe('IDLE');
      expect((await s.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: d.token })).status).toBe(
        409,
      );
      // A CREATED order cancels without any money involved.
      const c = await created();
      const r2 = await s.request(`/api/v4/order/${c.order._id}/cancel`, { method: 'POST', token: c.d.token });
      expect(r2.body).toMatchObject({ state: 'CANCELLED', payment: null });
    });

    it('cancel with the nozzle lifted but nothing dispensed: CANCELLED', async () => {
      const { st, d, pumpId, order } = await authorized(2000);
      await runUntil(clock, sim, async () => (await deviceState(s, st.id, pumpId)).state === 'NOZZLE_LIFTED', {
        stepMs: 250,
      });
      const res = await s.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: d.token });
      expect(res.body).toMatchObject({ state: 'CANCELLED', payment: { released: { amount: 2000 } } });
    });

    it('cancel while dispensing: hung up, the dispensed amount invoiced (> 0, <= hold), then COMPLETED', async () => {
      const { st, d, pumpId, order } = await authorized(2000);
      await runUntil(clock, sim, async () => (await deviceState(s, st.id, pumpId)).state === 'DISPENSING', {
        stepMs: 500,
      });
      clock.advance(5000);
      const res = await s.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: d.token });
      const o = orderSchema.parse(res.body);
      expect(o.state).toBe('PRODUCT_ACQUIRED');
      expect(o.payment?.captured?.amount).toBeGreaterThan(0);
      expect(o.payment?.captured?.amount).toBeLessThanOrEqual(2000);
      expect((o.payment?.captured?.amount ?? 0) + (o.payment?.released?.amount ?? 0)).toBe(2000);
      expect((await deviceState(s, st.id, pumpId)).state).toBe('HUNG_UP');
      await runUntil(clock, sim, async () => (await state(d, order._id)) === 'COMPLETED');
    });

    it('a hang-up with nothing dispensed: PRODUCT_ACQUIRED with amount 0 and the hold VOIDED', async () => {
      const { st, d, pumpId, order } = await authorized(2000);
      await runUntil(clock, sim, async () => (await deviceState(s, st.id, pumpId)).state === 'NOZZLE_LIFTED', {
        stepMs: 250,
      });
      expect((await deviceAction(s, pumpId, 'hang-up')).status).toBe(200);
      const o = await getOrder(s, d.token, order._id);
      expect(o).toMatchObject({ state: 'PRODUCT_ACQUIRED', totalAfterDiscounts: { amount: 0 } });
      expect(o.payment?.ledger.map((l) => [l.kind, l.amount])).toEqual([
        ['HOLD', 2000],
        ['VOID', 2000],
      ]);
      expect(o.payment?.captured).toBeNull();
    });

    it('the watchdog moves a stuck order to PROBLEM, releases the hold and puts the pump back', async () => {
      const { st, d, pumpId, order } = await authorized(2000, manual);
      clock.advance(59_000);
      expect(await runWatchdog({ ctx: manual.ctx })).not.toContain(order._id);
      clock.advance(2000);
      expect(await runWatchdog({ ctx: manual.ctx })).toContain(order._id);
      const o = await getOrder(manual, d.token, order._id);
      expect(o.state).toBe('PROBLEM');
      expect(o.payment?.ledger.map((l) => l.kind)).toEqual(['HOLD', 'RELEASE']);
      expect((await deviceState(manual, st.id, pumpId)).state).toBe('IDLE');
      // A CREATED order that is never paid also ends.
      const c = await created(manual);
      clock.advance(61_000);
      await runWatchdog({ ctx: manual.ctx });
      expect(await state(c.d, c.order._id, manual)).toBe('PROBLEM');
    });

    it('no fuel for an ended order: a lift or a flow start on a pump still released for it is refused (409)', async () => {
      const { d, pumpId, order } = await authorized(2000, manual);
      // The order ends while its pump is still released (as between the watchdog's commit and its putting the pump back).
      await manual.ctx.db.update(orders).set({ state: 'PROBLEM' }).where(eq(orders.id, order._id));
      const lift = await deviceAction(manual, pumpId, 'lift');
      expect(lift.status).toBe(409);
      expect(lift.body.message).toMatch(/PROBLEM/);
      expect(await state(d, order._id, manual)).toBe('PROBLEM');
    });

    it('the watchdog hangs up a pump whose nozzle is up and invoices what flowed instead of releasing it all', async () => {
      // The fill ended but its invoice never ran (a failed completion), and the order has been stuck for too long.
      const { d, order } = await fillEndedUninvoiced();
      clock.advance(61_000);
      expect(await runWatchdog({ ctx: manual.ctx })).not.toContain(order._id);
      const o = await getOrder(manual, d.token, order._id);
      expect(o.state).toBe('PRODUCT_ACQUIRED');
      expect(o.payment?.ledger.map((l) => [l.kind, l.amount])).toEqual(INVOICED_FILL);
    });

    it('cancel after a fill ended without its invoice (the pump forgot the order) captures what flowed', async () => {
      // The pump faults mid-fill and the completion does not run: the session ended, the pump forgot the order.
      const { st, d, pumpId, order } = await fillEndedUninvoiced();
      await manual.ctx.db
        .update(forecourtDevices)
        .set({ state: 'FAULT', orderId: null })
        .where(eq(forecourtDevices.productId, pumpId));
      expect((await deviceState(manual, st.id, pumpId)).state).toBe('FAULT');
      const res = await manual.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: d.token });
      expect(res.status).toBe(200);
      expect(res.body.state).toBe('PRODUCT_ACQUIRED');
      expect((await ledgerOf(manual, order._id)).map((l) => [l.kind, l.amount])).toEqual(INVOICED_FILL);
    });

    it('crash safety: a PRODUCT_PENDING order whose session ended unnoticed is acquired by the reconciliation', async () => {
      // As if the process died right after the hang-up was committed: the session ended, the order never heard.
      const { d, order } = await fillEndedUninvoiced();
      expect(await state(d, order._id, manual)).toBe('PRODUCT_PENDING');
      await advanceOrders({ ctx: manual.ctx });
      const o = await getOrder(manual, d.token, order._id);
      expect(o.state).toBe('PRODUCT_ACQUIRED');
      expect(o.payment?.ledger.map((l) => [l.kind, l.amount])).toEqual(INVOICED_FILL);
      await advanceOrders({ ctx: manual.ctx }); // again: nothing changes
      expect((await ledgerOf(manual, order._id)).length).toBe(3);
    });
  });

  describe('other calls', () => {
    it('the console releases no pump for an order (400) and shows no order ids, only that a pump is busy for one', async () => {
      const { st, pumpId, order } = await authorized(2000);
      const view = await s.request(`/forecourt/api/stations/${st.id}`);
      expect(JSON.stringify(view.body)).not.toContain(order._id);
      expect(view.body.devices.find((d: { productId: string }) => d.productId === pumpId)).toMatchObject({
        state: 'RELEASED',
        forOrder: true,
      });
      const res = await deviceAction(s, pumpId, 'release', { orderId: order._id, maxAmount: 100_000 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    });

    it('deleting the account is refused (409) while an order is open, and works once it has ended', async () => {
      const { d, order } = await created();
      const refused = await s.request('/api/functions/delete_user_prod', { method: 'DELETE', token: d.token });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('conflict');
      expect(await state(d, order._id)).toBe('CREATED');
      expect((await s.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: d.token })).status).toBe(
        200,
      );
      expect((await s.request('/api/functions/delete_user_prod', { method: 'DELETE', token: d.token })).status).toBe(
        200,
      );
    });

    it('ongoing orders: own non-terminal ones, newest first, at most 5', async () => {
      const st = await createStation(manual.ctx, { products: Array.from({ length: 7 }, (_, i) => pump(`${i + 1}`)) });
      const d = await newDriver(manual);
      const ids: string[] = [];
      for (const p of st.products) {
        clock.advance(1000);
        ids.push((await createOrderReq(manual, d.token, orderBody(st.id, p.id))).body._id);
      }
      await manual.request(`/api/v4/order/${ids[6]}/cancel`, { method: 'POST', token: d.token });
      const res = await manual.request('/api/v4/ongoing-orders?limit=5', { token: d.token });
      expect(res.body.map((o: { _id: string }) => o._id)).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1]]);
      // The product's type tells the app which screens the order's flow has (its resume banner, issue 33.4).
      expect(res.body[0].products[0].type).toBe('GAS');
      expect((await manual.request('/api/v4/ongoing-orders?limit=50', { token: d.token })).body).toHaveLength(5);
      expect((await manual.request('/api/v4/ongoing-orders?limit=x', { token: d.token })).status).toBe(400);
      const other = await newDriver(manual);
      expect((await manual.request('/api/v4/ongoing-orders', { token: other.token })).body).toEqual([]);
    });

    it('update-order and costs by order are stored on the order', async () => {
      const { d, order } = await created();
      const up = await s.request(`/api/v4/order/${order._id}/update-order`, {
        method: 'PATCH',
        token: d.token,
        body: { thingExternalId: d.thingId, carOdometerM: 120_000_000 },
      });
      expect(up.status).toBe(200);
      orderSchema.parse(up.body);
      const costs = await s.request(`/api/v4/account-history/costs/by-order/${order._id}`, {
        method: 'PUT',
        token: d.token,
        body: { tankIsFull: false, carOdometerM: 120_000_000 },
      });
      expect(costs).toMatchObject({ status: 200, body: { ok: true } });
      const other = await newDriver(s);
      const foreign = await s.request(`/api/v4/account-history/costs/by-order/${order._id}`, {
        method: 'PUT',
        token: other.token,
        body: { tankIsFull: true },
      });
      expect(foreign.status).toBe(404);
    });

    it("update-order refuses a vehicle that is not the caller's (404) and leaves the order as it was", async () => {
      const { d, order } = await created();
      const other = await newDriver(s);
      const update = (thingExternalId: string) =>
        s.request(`/api/v4/order/${order._id}/update-order`, {
          method: 'PATCH',
          token: d.token,
          body: { thingExternalId, carOdometerM: 5_000_000 },
        });
      for (const id of [other.thingId, 'ffffffffffffffffffffffff']) {
        const res = await update(id);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'not_found', message: 'No such vehicle' });
      }
      const [row] = await s.ctx.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row).toMatchObject({ thingExternalId: null, carOdometerM: null });
      expect((await update(d.thingId)).status).toBe(200);
    });
  });
});
