// Postpay fuel through HTTP on the real app (pay-flows.md §4 Postpay flow): choosing the pump creates the order and
// releases the pump; the driver fuels (PRODUCT_SUPPLYING); the nozzle going back prices the order (PAYMENT_PENDING);
// paying holds and captures that amount (PRODUCT_ACQUIRED), the invoice steps follow. Unpaid, the order expires.
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '../../contract/orders';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { amountFor, startFlow } from '../../server/services/forecourt';
import { deviceAction, drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import {
  authBody,
  authorizeReq,
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

const EXPIRY_S = 120;

describe.each(drivers)('postpay fuel (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let auto: TestServer;
  let s: TestServer;
  let sim: Simulator;
  let autoSim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({ FORECOURT_AUTO_DRIVER: 'false', POSTPAY_EXPIRY_SECONDS: String(EXPIRY_S) }, { clock });
    auto = await t.server.withEnv({ POSTPAY_EXPIRY_SECONDS: String(EXPIRY_S) }, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
    autoSim = createSimulator(auto.ctx, { ambient: false });
  });

  /** A postpay station, a driver, and the order of pump 1 (the pump is released for it). */
  async function chosen(server = s) {
    const st = await createStation(server.ctx, {
      products: [pump('1', { prepay: false }), pump('2', { prepay: false })],
    });
    const d = await newDriver(server);
    const pumpId = st.products[0]!.id;
    const res = await createOrderReq(server, d.token, orderBody(st.id, pumpId, 'SUPER_E5', { thingId: d.thingId }));
    expect(res.status).toBe(201);
    return { st, d, pumpId, order: orderSchema.parse(res.body) };
  }
  /** Fuelled 3 l of SUPER E5 at 1.789 by hand (5.36) and hung up. */
  async function fuelled() {
    const c = await chosen();
    expect((await deviceAction(s, c.pumpId, 'lift')).status).toBe(200);
    await startFlow({ ctx: s.ctx, input: { productId: c.pumpId, flowMlPerS: 600 } });
    clock.advance(5000);
    await sim.tick();
    expect(await state(c.d, c.order._id)).toBe('PRODUCT_SUPPLYING');
    expect((await deviceAction(s, c.pumpId, 'hang-up')).status).toBe(200);
    return c;
  }
  const state = async (d: Driver, id: string, server = s) => (await getOrder(server, d.token, id)).state;

  it('choosing the pump creates the order and releases the pump for it (PRODUCT_PENDING, no maximum)', async () => {
    const c = await chosen();
    expect(c.order.orderType).toBe('POSTPAY');
    expect(c.order.state).toBe('PRODUCT_PENDING');
    expect(c.order.authorizePrice).toBeNull();
    expect((await deviceState(s, c.st.id, c.pumpId)).state).toBe('RELEASED');
    // The pump is this order's: a second driver cannot take it.
    const other = await newDriver(s);
    const res = await createOrderReq(s, other.token, orderBody(c.st.id, c.pumpId, 'SUPER_E5'));
    expect(res.status).toBe(409);
  });

  it('the hung-up nozzle prices the order; paying captures exactly that, then READY_FOR_INVOICE and COMPLETED', async () => {
    const c = await fuelled();
    const pending = await getOrder(s, c.d.token, c.order._id);
    expect(pending.state).toBe('PAYMENT_PENDING');
    const total = amountFor(3000, 1789, 3);
    expect(pending.totalAfterDiscounts).toMatchObject({ amount: total, currency: 'EUR', precision: 2 });
    expect(pending.products[0]?.attributes?.paymentAttributes).toMatchObject({
      quantity: 3,
      unit: 'LTR',
      unitPrice: { amount: 1789, precision: 3 },
    });
    // Not cancellable any more: the fuel is in the tank.
    expect((await s.request(`/api/v4/order/${c.order._id}/cancel`, { token: c.d.token, body: {} })).status).toBe(409);
    expect((await authorizeReq(s, c.d.token, c.order._id, authBody(total - 1, c.d.visaId))).status).toBe(422);
    const paid = await authorizeReq(s, c.d.token, c.order._id, authBody(total, c.d.visaId));
    expect(paid.status).toBe(200);
    expect(orderSchema.parse(paid.body).state).toBe('PRODUCT_ACQUIRED');
    expect((await ledgerOf(s, c.order._id)).map((l) => [l.kind, l.amount])).toEqual([
      ['HOLD', total],
      ['CAPTURE', total],
    ]);
    await runUntil(clock, sim, async () => (await state(c.d, c.order._id)) === 'COMPLETED', { maxMs: 30_000 });
    const done = await getOrder(s, c.d.token, c.order._id);
    expect(done.stateHistory.map((h) => h.state)).toEqual([
      'CREATED',
      'PRODUCT_PENDING',
      'PRODUCT_SUPPLYING',
      'PAYMENT_PENDING',
      'PAYMENT_AUTHORIZED',
      'PRODUCT_ACQUIRED',
      'READY_FOR_INVOICE',
      'COMPLETED',
    ]);
  });

  it('an unpaid order expires after POSTPAY_EXPIRY_SECONDS: FAILED, its message says expired, and it cannot be paid', async () => {
    const c = await fuelled();
    clock.advance((EXPIRY_S - 1) * 1000);
    await sim.tick();
    expect(await state(c.d, c.order._id)).toBe('PAYMENT_PENDING');
    clock.advance(2000);
    await sim.tick();
    const expired = await getOrder(s, c.d.token, c.order._id);
    expect(expired.state).toBe('FAILED');
    expect(expired.error?.message).toMatch(/expired/);
    expect(expired.stateHistory.at(-1)?.message).toMatch(/expired/);
    const total = expired.totalAfterDiscounts?.amount ?? 0;
    expect((await authorizeReq(s, c.d.token, c.order._id, authBody(total, c.d.visaId))).status).toBe(409);
    expect(await ledgerOf(s, c.order._id)).toEqual([]);
  });

  it('cancel before fuel flows: the pump goes back, CANCELLED, nothing to pay', async () => {
    const c = await chosen();
    const res = await s.request(`/api/v4/order/${c.order._id}/cancel`, { token: c.d.token, body: {} });
    expect(res.status).toBe(200);
    expect(orderSchema.parse(res.body).state).toBe('CANCELLED');
    expect((await deviceState(s, c.st.id, c.pumpId)).state).toBe('IDLE');
  });

  it('cancel while fuelling hangs up: what flowed is to be paid (PAYMENT_PENDING)', async () => {
    const c = await chosen();
    await deviceAction(s, c.pumpId, 'lift');
    await startFlow({ ctx: s.ctx, input: { productId: c.pumpId, flowMlPerS: 500 } });
    clock.advance(4000);
    await sim.tick();
    const res = await s.request(`/api/v4/order/${c.order._id}/cancel`, { token: c.d.token, body: {} });
    expect(res.status).toBe(200);
    const after = orderSchema.parse(res.body);
    expect(after.state).toBe('PAYMENT_PENDING');
    expect(after.products[0]?.attributes?.paymentAttributes?.quantity).toBe(2);
  });

  it('the simulated driver fuels by itself (20-60 l) when the pump is released', async () => {
    const c = await chosen(auto);
    await runUntil(clock, autoSim, async () => (await state(c.d, c.order._id, auto)) === 'PAYMENT_PENDING', {
      maxMs: 300_000,
    });
    const quantity = (await getOrder(auto, c.d.token, c.order._id)).products[0]?.attributes?.paymentAttributes
      ?.quantity;
    expect(quantity).toBeGreaterThanOrEqual(20);
    expect(quantity).toBeLessThanOrEqual(60);
  });
});
