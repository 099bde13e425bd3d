// The server refuses a saved method the station does not take (pay-flows.md §5), in every flow that authorizes:
// prepay, postpay, wash, EV, gift card. 422 `method_not_accepted`, the order as it was, nothing held; the app's
// isSupportedPOI is only a hint. MAESTRO and AMERICAN_EXPRESS in a station's list count as DIRECT_CREDIT.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import type { SeedProduct } from '../../server/seed/stations';
import { setEvCharging } from '../../server/services/accounts';
import { startFlow } from '../../server/services/forecourt';
import { deviceAction, drivers, type FakeClock, fakeClock, type Reply, type TestServer, useServer } from './helpers';
import { connectBuiltinChargers, type Listening, listen } from './ocpp-fixtures';
import {
  authBody,
  authorizeReq,
  createOrderReq,
  type Driver,
  getOrder,
  ledgerOf,
  newDriver,
  orderBody,
} from './orders-fixtures';
import { charger, createStation, hexId, pump, washBay } from './stations-fixtures';

/** A station that takes wallets and PayPal, but no cards. */
const NO_CARDS = ['GOOGLE_PAY', 'APPLE_PAY', 'PAYPAL'];

function giftCards(): SeedProduct {
  return {
    id: hexId(),
    name: 'Gift card',
    facility: 'SHOP',
    type: 'GIFT_CARD',
    automaticFlow: false,
    items: [
      {
        itemCode: 'GIFT_2500',
        marketingName: 'Gift card 25 EUR',
        price: 2500,
        currency: 'EUR',
        precision: 2,
        unit: 'COUNT',
      },
    ],
  };
}

describe.each(drivers)('a station refuses the methods it does not take (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({ FORECOURT_AUTO_DRIVER: 'false' }, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });
  let net: Listening | undefined;
  afterAll(async () => {
    await net?.close();
  });

  function expectNotAccepted(res: Reply, method = 'DIRECT_CREDIT') {
    expect(res.status, res.text).toBe(422);
    expect(res.body).toMatchObject({
      code: 'unprocessable',
      message: expect.stringMatching(/^This station does not take .+: choose another payment method$/),
      details: { reason: 'method_not_accepted', method, path: 'paymentMethodId' },
    });
  }
  async function unchanged(d: Driver, orderId: string, state: string) {
    expect((await getOrder(s, d.token, orderId)).state).toBe(state);
    expect(await ledgerOf(s, orderId)).toEqual([]);
  }

  it('prepay: a saved card at a station without cards is 422, named or preferred; the order stays CREATED', async () => {
    const st = await createStation(s.ctx, { paymentMeans: NO_CARDS });
    const d = await newDriver(s);
    const id = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body._id as string;
    expectNotAccepted(await authorizeReq(s, d.token, id, authBody(3000, d.visaId)));
    // No paymentMethodId: the preferred method is checked the same way.
    expectNotAccepted(await authorizeReq(s, d.token, id, authBody(3000)));
    await unchanged(d, id, 'CREATED');
    // The same order is paid with a wallet the station takes.
    const wallet = await authorizeReq(s, d.token, id, {
      ...authBody(3000),
      paymentToken: { googlePayToken: 'sbx_wallet_approve_abc' },
    });
    expect(wallet.status, wallet.text).toBe(200);
    expect(wallet.body.state).toBe('PRODUCT_PENDING');
  });

  it('prepay: MAESTRO and AMERICAN_EXPRESS in the station list take a saved card (DIRECT_CREDIT)', async () => {
    for (const means of [['MAESTRO'], ['AMERICAN_EXPRESS']]) {
      const st = await createStation(s.ctx, { paymentMeans: means });
      const d = await newDriver(s);
      const id = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body._id as string;
      const res = await authorizeReq(s, d.token, id, authBody(3000, d.visaId));
      expect(res.status, `${means} ${res.text}`).toBe(200);
      expect(res.body.state).toBe('PRODUCT_PENDING');
    }
  });

  it('a saved PayPal at a card-only station is refused before the validation step asks for a PIN', async () => {
    const st = await createStation(s.ctx, { paymentMeans: ['DIRECT_CREDIT'] });
    const d = await newDriver(s);
    const page = await s.request(
      `/api/payments/paypal/urls?successUrl=${encodeURIComponent('http://localhost:8080/profile/payments')}&errorUrl=${encodeURIComponent('http://localhost:8080/error')}`,
      { token: d.token },
    );
    const path = new URL(page.body.url).pathname;
    const back = await s.request(path, {
      method: 'POST',
      rawBody: 'action=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const paypalId = new URL(back.headers.get('location') as string).searchParams.get('paymentId') as string;
    const id = (await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id))).body._id as string;
    const res = await authorizeReq(s, d.token, id, authBody(3000, paypalId));
    expectNotAccepted(res, 'PAYPAL');
    expect(res.body.message).toBe('This station does not take PayPal: choose another payment method');
    await unchanged(d, id, 'CREATED');
  });

  it('postpay: the priced order stays PAYMENT_PENDING and payable with a wallet the station takes', async () => {
    const st = await createStation(s.ctx, { paymentMeans: NO_CARDS, products: [pump('1', { prepay: false })] });
    const d = await newDriver(s);
    const pumpId = st.products[0]!.id;
    const id = (await createOrderReq(s, d.token, orderBody(st.id, pumpId, 'SUPER_E5', { thingId: d.thingId }))).body
      ._id as string;
    expect((await deviceAction(s, pumpId, 'lift')).status).toBe(200);
    await startFlow({ ctx: s.ctx, input: { productId: pumpId, flowMlPerS: 600 } });
    clock.advance(5000);
    await sim.tick();
    expect((await deviceAction(s, pumpId, 'hang-up')).status).toBe(200);
    const pending = await getOrder(s, d.token, id);
    expect(pending.state).toBe('PAYMENT_PENDING');
    const total = pending.totalAfterDiscounts?.amount as number;
    expectNotAccepted(await authorizeReq(s, d.token, id, authBody(total, d.visaId)));
    await unchanged(d, id, 'PAYMENT_PENDING');
    const wallet = await authorizeReq(s, d.token, id, {
      ...authBody(total),
      paymentToken: { applePayToken: 'sbx_wallet_approve_abc' },
    });
    expect(wallet.status, wallet.text).toBe(200);
    expect(wallet.body.state).toBe('PRODUCT_ACQUIRED');
  });

  it('wash: refused, the order stays PAYMENT_PENDING', async () => {
    const st = await createStation(s.ctx, { type: 'CAR_WASH', paymentMeans: NO_CARDS, products: [washBay('Bay 1')] });
    const d = await newDriver(s);
    const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id, 'WASH_BASIC'));
    expect(created.body.state).toBe('PAYMENT_PENDING');
    expectNotAccepted(await authorizeReq(s, d.token, created.body._id, authBody(900, d.visaId)));
    await unchanged(d, created.body._id, 'PAYMENT_PENDING');
  });

  it('EV: refused, the order stays CREATED and the port is not authorized', async () => {
    const st = await createStation(s.ctx, { paymentMeans: NO_CARDS, products: [charger('1')] });
    // The port is sold only while its charge point (OCPP) reports it Available.
    net = await listen(s);
    const fleet = await connectBuiltinChargers(s, net, st);
    const d = await newDriver(s);
    const [u] = await s.ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, d.id));
    await setEvCharging({ ctx: s.ctx, input: { accountId: u!.accountId, enabled: true } });
    const created = await createOrderReq(s, d.token, {
      poiId: st.id,
      autoAcquire: true,
      products: [{ productId: st.products[0]!.id }],
    });
    expect(created.status, created.text).toBe(201);
    expectNotAccepted(await authorizeReq(s, d.token, created.body._id, authBody(8000, d.visaId)));
    await unchanged(d, created.body._id, 'CREATED');
    await fleet.stop();
  });

  it('gift card: refused, the order stays PAYMENT_PENDING and no code is issued', async () => {
    const st = await createStation(s.ctx, { type: 'GIFT_CARD', paymentMeans: NO_CARDS, products: [giftCards()] });
    const d = await newDriver(s);
    const created = await createOrderReq(s, d.token, {
      poiId: st.id,
      autoAcquire: true,
      products: [{ productId: st.products[0]!.id, fuelTypeId: 'GIFT_2500' }],
    });
    expect(created.body.state).toBe('PAYMENT_PENDING');
    expectNotAccepted(await authorizeReq(s, d.token, created.body._id, authBody(2500, d.visaId)));
    await unchanged(d, created.body._id, 'PAYMENT_PENDING');
    expect((await getOrder(s, d.token, created.body._id)).products[0]?.giftCard).toBeUndefined();
  });
});
