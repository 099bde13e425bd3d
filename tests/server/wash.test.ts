// Car wash through HTTP on the real app (pay-flows.md §4 Wash flow): a package is priced at once (PAYMENT_PENDING),
// paying holds and captures its price and issues a single-use code with a QR display, the invoice steps follow on the
// simulator's tick; codes are unique across many issued, and only their owner redeems them, once.
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema, redemptionCode } from '../../contract/orders';
import { redemptionCodes } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { issueWashCodes, WASH_CODE_DIGITS } from '../../server/services/orders';
import { drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import {
  authBody,
  authorizeReq,
  createOrderReq,
  getOrder,
  ledgerOf,
  newDriver,
  orderBody,
  runUntil,
} from './orders-fixtures';
import { createStation, washBay } from './stations-fixtures';

describe.each(drivers)('car wash (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  async function washOrder() {
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
    const d = await newDriver(s);
    const bayId = st.products[0]!.id;
    const res = await createOrderReq(s, d.token, orderBody(st.id, bayId, 'WASH_BASIC'));
    expect(res.status).toBe(201);
    return { st, d, bayId, order: orderSchema.parse(res.body) };
  }
  async function paidWash() {
    const w = await washOrder();
    const res = await authorizeReq(s, w.d.token, w.order._id, authBody(900, w.d.visaId));
    expect(res.status).toBe(200);
    return { ...w, order: orderSchema.parse(res.body) };
  }

  it('a package order waits for its payment at once, priced, with the package description', async () => {
    const { order } = await washOrder();
    expect(order.state).toBe('PAYMENT_PENDING');
    expect(order.stateHistory.map((h) => h.state)).toEqual(['CREATED', 'PAYMENT_PENDING']);
    expect(order.totalAfterDiscounts).toMatchObject({ amount: 900, currency: 'EUR', precision: 2 });
    expect(order.products[0]?.fuelType?.name).toBe('Basic');
    expect(order.products[0]?.attributes?.paymentAttributes?.descriptionLines).toEqual(['Foam wash']);
  });

  it('paying issues a code with expiry and a QR display, captures the price, then READY_FOR_INVOICE and COMPLETED', async () => {
    const w = await paidWash();
    expect(w.order.state).toBe('PRODUCT_ACQUIRED');
    expect(w.order.stateHistory.map((h) => h.state)).toEqual([
      'CREATED',
      'PAYMENT_PENDING',
      'PAYMENT_AUTHORIZED',
      'PRODUCT_PENDING',
      'PRODUCT_ACQUIRED',
    ]);
    const product = w.order.products[0]!;
    expect(product.redemptionCodes).toHaveLength(1);
    const code = product.redemptionCodes![0]!;
    expect(code.code).toMatch(new RegExp(`^\\d{${WASH_CODE_DIGITS}}$`));
    expect(code.isRedeemed).toBe(false);
    // Valid for 30 days from now (the fake clock).
    expect(new Date(code.expirationDate).getTime() - clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
    expect(product.additionalDisplays).toEqual([{ type: 'QR', code: code.code, redemptionCodeId: code._id }]);
    expect((await ledgerOf(s, w.order._id)).map((l) => [l.kind, l.amount])).toEqual([
      ['HOLD', 900],
      ['CAPTURE', 900],
    ]);
    await runUntil(clock, sim, async () => (await getOrder(s, w.d.token, w.order._id)).state === 'COMPLETED', {
      maxMs: 30_000,
    });
    const done = await getOrder(s, w.d.token, w.order._id);
    expect(done.stateHistory.map((h) => h.state).slice(-2)).toEqual(['READY_FOR_INVOICE', 'COMPLETED']);
    expect(done.products[0]?.redemptionCodes?.[0]?.code).toBe(code.code);
  });

  it('refuses a wrong amount (422) and a second payment (409); a declining card ends FAILED without a code', async () => {
    const w = await washOrder();
    expect((await authorizeReq(s, w.d.token, w.order._id, authBody(800, w.d.visaId))).status).toBe(422);
    expect((await authorizeReq(s, w.d.token, w.order._id, authBody(900, w.d.visaId, 'CHF'))).status).toBe(422);
    expect((await authorizeReq(s, w.d.token, w.order._id, authBody(900, w.d.visaId))).status).toBe(200);
    expect((await authorizeReq(s, w.d.token, w.order._id, authBody(900, w.d.visaId))).status).toBe(409);

    const declined = await washOrder();
    const res = await authorizeReq(s, declined.d.token, declined.order._id, authBody(900, declined.d.decliningId));
    expect(res.status).toBe(200);
    const failed = orderSchema.parse(res.body);
    expect(failed.state).toBe('FAILED');
    expect(failed.products[0]?.redemptionCodes).toBeUndefined();
  });

  it('another driver cannot see, pay or redeem the order or its code (404)', async () => {
    const w = await paidWash();
    const other = await newDriver(s);
    const codeId = w.order.products[0]!.redemptionCodes![0]!._id;
    expect((await s.request(`/api/v4/order/${w.order._id}`, { token: other.token })).status).toBe(404);
    const redeem = await s.request(`/api/v4/redemption-codes/${codeId}`, {
      method: 'PATCH',
      token: other.token,
      body: { isRedeemed: true },
    });
    expect(redeem.status).toBe(404);
  });

  it('a code is redeemed once: the second redeem is refused (409), and the order shows it used', async () => {
    const w = await paidWash();
    const codeId = w.order.products[0]!.redemptionCodes![0]!._id;
    const redeem = () =>
      s.request(`/api/v4/redemption-codes/${codeId}`, {
        method: 'PATCH',
        token: w.d.token,
        body: { isRedeemed: true },
      });
    const first = await redeem();
    expect(first.status).toBe(200);
    expect(redemptionCode.parse(first.body)).toMatchObject({ _id: codeId, isRedeemed: true });
    const second = await redeem();
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already been redeemed/);
    expect((await getOrder(s, w.d.token, w.order._id)).products[0]?.redemptionCodes?.[0]?.isRedeemed).toBe(true);
    // Un-redeeming is not a thing; nor is a body without the flag.
    for (const body of [{ isRedeemed: false }, {}, { isRedeemed: true, extra: 1 }]) {
      const res = await s.request(`/api/v4/redemption-codes/${codeId}`, { method: 'PATCH', token: w.d.token, body });
      expect(res.status).toBe(400);
    }
    expect(
      (
        await s.request('/api/v4/redemption-codes/nope', {
          method: 'PATCH',
          token: w.d.token,
          body: { isRedeemed: true },
        })
      ).status,
    ).toBe(404);
  });

  it('an expired code is refused (409)', async () => {
    const w = await paidWash();
    const codeId = w.order.products[0]!.redemptionCodes![0]!._id;
    clock.advance(31 * 24 * 3600 * 1000);
    const res = await s.request(`/api/v4/redemption-codes/${codeId}`, {
      method: 'PATCH',
      token: w.d.token,
      body: { isRedeemed: true },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/expired/);
  });

  it('codes are unique across 10,000 issued, also when the draws clash', async () => {
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
    const productId = st.products[0]!.id;
    // Draws from a space only ~30x the count: many clash within a batch and with the codes issued before.
    let drawn = 0;
    const clashing = (max: number) => {
      drawn++;
      return randomInt(0, Math.min(max, 300_000));
    };
    const issued = await s.ctx.db.transaction((tx) =>
      issueWashCodes({ tx, input: { productId, count: 10_000, now: clock.now() }, random: clashing }),
    );
    expect(issued).toHaveLength(10_000);
    expect(new Set(issued.map((c) => c.code)).size).toBe(10_000);
    expect(drawn).toBeGreaterThan(10_000);
    const [row] = await s.ctx.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${redemptionCodes.code})::int` })
      .from(redemptionCodes)
      .where(eq(redemptionCodes.productId, productId));
    expect(row).toEqual({ n: 10_000, distinct: 10_000 });
    for (const c of issued.slice(0, 50)) expect(c.code).toMatch(/^\d{8}$/);
  });
});
