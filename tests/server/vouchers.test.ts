// Vouchers through HTTP on the real app: voucher cards, custom codes and their errors, and the one discount engine —
// what POST v4/vouchers/discount-preview promises is what the capture applies, over a table of cases (prepay fuel
// filled to the maximum by the simulator, car wash paid at the price before or after the discounts).
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignParticipationsResponse, discountPreview } from '../../contract/vouchers';
import { newId } from '../../server/auth/crypto';
import { voucherCampaigns, voucherParticipations } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { quantityCapFor } from '../../server/services/forecourt';
import { seedCampaigns } from '../../server/services/vouchers';
import { drivers, type FakeClock, fakeClock, registerUser, type TestServer, useServer } from './helpers';
import {
  authBody,
  authorizeReq,
  createOrderReq,
  type Driver,
  getOrder,
  ledgerOf,
  newDriver,
  orderBody,
  runUntil,
} from './orders-fixtures';
import { createStation, pump, washBay } from './stations-fixtures';

type CardSpec = { campaign: string; active?: boolean; usesLeft?: number | null };

describe.each(drivers)('vouchers (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
    await seedCampaigns({ ctx: s.ctx, input: {} });
    // A campaign that takes more than a wash costs, and one for another currency.
    await s.ctx.db
      .insert(voucherCampaigns)
      .values([
        {
          id: 't-fixed-20',
          name: 'Big',
          kind: 'FIXED',
          value: 2000,
          currency: 'EUR',
          productTypes: ['CAR_WASH'],
          source: 'CAMPAIGN',
        },
        {
          id: 't-chf',
          name: 'Swiss',
          kind: 'PER_UNIT',
          value: 50,
          currency: 'CHF',
          productTypes: ['GAS'],
          source: 'CAMPAIGN',
        },
        {
          id: 't-limited',
          name: 'Limited',
          kind: 'FIXED',
          value: 100,
          currency: 'EUR',
          productTypes: ['GAS'],
          source: 'CODE',
          code: 'ONLY-ONE',
          maxCodeUses: 1,
        },
      ])
      .onConflictDoNothing();
  });

  async function give(d: { id: string }, cards: CardSpec[]) {
    let at = clock.now().getTime() - 60_000;
    for (const c of cards) {
      at += 1000;
      await s.ctx.db.insert(voucherParticipations).values({
        id: newId(),
        userId: d.id,
        campaignId: c.campaign,
        active: c.active ?? true,
        usesLeft: c.usesLeft === undefined ? null : c.usesLeft,
        createdAt: new Date(at),
      });
    }
  }
  const preview = (d: Driver, body: unknown) =>
    s.request('/api/v4/vouchers/discount-preview', { token: d.token, body });
  const cardsOf = async (d: Driver) =>
    campaignParticipationsResponse.parse(
      (await s.request('/api/v4/vouchers/campaign-participations', { token: d.token })).body,
    );

  describe('preview equals the captured discount', () => {
    const prepayCases: { name: string; cards: CardSpec[]; amount: number; expected: (ml: number) => number[] }[] = [
      { name: 'no voucher', cards: [], amount: 3000, expected: () => [] },
      {
        name: '5 ct/l',
        cards: [{ campaign: 'demo-fuel-5ct' }],
        amount: 3000,
        expected: (ml) => [Math.floor((5 * ml) / 1000)],
      },
      {
        name: '5 ct/l and a single-use 10 ct/l, oldest first',
        cards: [{ campaign: 'demo-fuel-5ct' }, { campaign: 'code-welcome10', usesLeft: 1 }],
        amount: 2000,
        expected: (ml) => [Math.floor((5 * ml) / 1000), Math.floor((10 * ml) / 1000)],
      },
      {
        name: 'a switched-off card',
        cards: [{ campaign: 'demo-fuel-5ct', active: false }],
        amount: 2000,
        expected: () => [],
      },
      {
        name: 'a used-up card',
        cards: [{ campaign: 'code-welcome10', usesLeft: 0 }],
        amount: 2000,
        expected: () => [],
      },
      {
        name: 'wash and EV cards only',
        cards: [{ campaign: 'demo-wash-10pct' }, { campaign: 'demo-ev-2eur' }],
        amount: 2000,
        expected: () => [],
      },
      { name: 'another currency', cards: [{ campaign: 't-chf' }], amount: 2000, expected: () => [] },
    ];

    for (const c of prepayCases) {
      it(`prepay fuel, ${c.name}`, async () => {
        const st = await createStation(s.ctx, { products: [pump('1')] });
        const d = await newDriver(s);
        await give(d, c.cards);
        const pumpId = st.products[0]!.id;
        const ml = quantityCapFor(c.amount, 1789, 3);
        const p = await preview(d, {
          total: { amount: c.amount, currency: 'EUR', precision: 2 },
          poiId: st.id,
          paymentMethodId: d.visaId,
          products: [
            { id: pumpId, fuelTypeId: 'SUPER_E5', unitPrice: { amount: 1789, currency: 'EUR', precision: 3 } },
          ],
        });
        expect(p.status).toBe(200);
        const promised = discountPreview.parse(p.body);
        expect(promised.discounts.map((x) => x.appliedDiscount.amount)).toEqual(c.expected(ml));
        const off = c.expected(ml).reduce((a, b) => a + b, 0);
        expect(promised.totalAfterDiscounts).toEqual({ amount: c.amount - off, currency: 'EUR', precision: 2 });

        const created = await createOrderReq(s, d.token, orderBody(st.id, pumpId));
        const orderId = created.body._id as string;
        expect((await authorizeReq(s, d.token, orderId, authBody(c.amount, d.visaId))).status).toBe(200);
        await runUntil(clock, sim, async () => (await getOrder(s, d.token, orderId)).state === 'PRODUCT_ACQUIRED');
        const order = await getOrder(s, d.token, orderId);
        const gross = order.totalBeforeDiscounts!.amount;
        expect(order.products[0]?.attributes?.paymentAttributes?.quantity).toBe(ml / 1000);
        // The receipt's voucher lines are the preview's, amount for amount, name for name.
        expect(order.vouchers.map((v) => [v.name, v.label, v.paymentAttributes?.totalPrice.amount])).toEqual(
          promised.discounts.map((x) => [x.name, x.label, x.appliedDiscount.amount]),
        );
        expect(order.totalAfterDiscounts?.amount).toBe(gross - off);
        const ledger = (await ledgerOf(s, orderId)).map((l) => [l.kind, l.amount]);
        const released = c.amount - gross + off;
        expect(ledger).toEqual([
          ['HOLD', c.amount],
          ['CAPTURE', gross - off],
          ...(released > 0 ? [['RELEASE', released]] : []),
        ]);
      });
    }

    const washCases: { name: string; cards: CardSpec[]; expected: number[]; payAfter: boolean }[] = [
      { name: '10 %', cards: [{ campaign: 'demo-wash-10pct' }], expected: [90], payAfter: true },
      {
        name: '10 %, paid at the price before discounts',
        cards: [{ campaign: 'demo-wash-10pct' }],
        expected: [90],
        payAfter: false,
      },
      {
        name: '10 % then a 3.00 code',
        cards: [{ campaign: 'demo-wash-10pct' }, { campaign: 'code-wash3', usesLeft: 1 }],
        expected: [90, 300],
        payAfter: true,
      },
      {
        name: 'a discount above the price stops at zero',
        cards: [{ campaign: 't-fixed-20' }],
        expected: [900],
        payAfter: true,
      },
      { name: 'fuel cards only', cards: [{ campaign: 'demo-fuel-5ct' }], expected: [], payAfter: true },
    ];
    for (const c of washCases) {
      it(`car wash, ${c.name}`, async () => {
        const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
        const d = await newDriver(s);
        await give(d, c.cards);
        const bayId = st.products[0]!.id;
        const created = await createOrderReq(s, d.token, orderBody(st.id, bayId, 'WASH_BASIC'));
        const orderId = created.body._id as string;
        const p = discountPreview.parse(
          (
            await preview(d, {
              total: created.body.totalBeforeDiscounts,
              poiId: st.id,
              products: [{ id: bayId, fuelTypeId: 'WASH_BASIC', quantity: 1 }],
            })
          ).body,
        );
        expect(p.discounts.map((x) => x.appliedDiscount.amount)).toEqual(c.expected);
        const off = c.expected.reduce((a, b) => a + b, 0);
        const pay = c.payAfter ? p.totalAfterDiscounts.amount : 900;
        const res = await authorizeReq(s, d.token, orderId, authBody(pay, d.visaId));
        expect(res.status).toBe(200);
        const order = await getOrder(s, d.token, orderId);
        expect(order.state).toBe('PRODUCT_ACQUIRED');
        expect(order.vouchers.map((v) => v.paymentAttributes?.totalPrice.amount)).toEqual(c.expected);
        expect(order.totalAfterDiscounts?.amount).toBe(900 - off);
        const ledger = (await ledgerOf(s, orderId)).map((l) => [l.kind, l.amount]);
        // Nothing to pay after the vouchers and paid as such: nothing held at all.
        const expected: [string, number][] = pay === 0 ? [] : [['HOLD', pay]];
        if (pay > 0) expected.push(900 - off === 0 ? ['VOID', pay] : ['CAPTURE', 900 - off]);
        if (900 - off > 0 && pay > 900 - off) expected.push(['RELEASE', pay - (900 - off)]);
        expect(ledger).toEqual(expected);
      });
    }

    it('a single-use card is used up by the capture: the next preview no longer has it', async () => {
      const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
      const d = await newDriver(s);
      await give(d, [{ campaign: 'code-wash3', usesLeft: 1 }]);
      const bayId = st.products[0]!.id;
      const body = { total: { amount: 900, currency: 'EUR', precision: 2 }, poiId: st.id, products: [{ id: bayId }] };
      expect((await preview(d, body)).body.totalAfterDiscounts.amount).toBe(600);
      const created = await createOrderReq(s, d.token, orderBody(st.id, bayId, 'WASH_BASIC'));
      expect((await authorizeReq(s, d.token, created.body._id, authBody(600, d.visaId))).status).toBe(200);
      expect((await cardsOf(d))[0]).toMatchObject({ campaignId: 'code-wash3', usesLeft: 0 });
      expect((await preview(d, body)).body.discounts).toEqual([]);
    });

    it('an amount that is neither the price nor the price after the vouchers is refused (422), nothing held', async () => {
      const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
      const d = await newDriver(s);
      await give(d, [{ campaign: 'demo-wash-10pct' }]);
      const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id, 'WASH_BASIC'));
      const res = await authorizeReq(s, d.token, created.body._id, authBody(850, d.visaId));
      expect(res.status).toBe(422);
      expect(res.body.details[0].message).toMatch(/810/);
      expect(await ledgerOf(s, created.body._id)).toEqual([]);
      expect((await getOrder(s, d.token, created.body._id)).state).toBe('PAYMENT_PENDING');
    });
  });

  describe('voucher cards and custom codes', () => {
    it('adds a code once: unknown 422 not verifiable, expired 422, twice 409 already redeemed', async () => {
      const d = await newDriver(s);
      const add = (code: string) => s.request('/api/v4/vouchers/vouchers', { token: d.token, body: { code } });
      const ok = await add('welcome10');
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({
        campaignId: 'code-welcome10',
        name: 'Welcome',
        label: '10 ct/l',
        active: true,
        usesLeft: 1,
        source: 'CODE',
      });
      expect((await add('WELCOME10')).body.code).toBe('voucher_already_redeemed');
      expect((await add('WELCOME10')).status).toBe(409);
      const unknown = await add('NO-SUCH-CODE');
      expect([unknown.status, unknown.body.code]).toEqual([422, 'voucher_not_verifiable']);
      const expired = await add('SUMMER2024');
      expect([expired.status, expired.body.code]).toEqual([422, 'voucher_expired']);
      expect((await cardsOf(d)).map((c) => c.campaignId)).toEqual(['code-welcome10']);
    });

    it('a code with one use left goes to one driver only', async () => {
      const [a, b] = [await newDriver(s), await newDriver(s)];
      const add = (d: Driver) => s.request('/api/v4/vouchers/vouchers', { token: d.token, body: { code: 'ONLY-ONE' } });
      const answers = await Promise.all([add(a), add(b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('activates and deactivates own cards; another campaign is 404; bodies are validated (400 with the field)', async () => {
      const d = await newDriver(s);
      await give(d, [{ campaign: 'demo-fuel-5ct', active: false }]);
      const activate = (body: unknown) =>
        s.request('/api/v4/vouchers/campaign-participation-activations', { token: d.token, body });
      expect((await activate({ campaignId: 'demo-fuel-5ct' })).body).toMatchObject({ active: true });
      expect((await activate({ campaignId: 'demo-fuel-5ct', active: false })).body).toMatchObject({ active: false });
      // Another driver's card of a campaign this one never joined.
      const other = await registerUser(s);
      await give(other, [{ campaign: 'demo-wash-10pct' }]);
      expect((await activate({ campaignId: 'demo-wash-10pct' })).status).toBe(404);
      const bad = await activate({ campaignId: 'demo-fuel-5ct', active: 'yes' });
      expect(bad.status).toBe(400);
      expect(bad.body.details[0].path).toBe('active');
      const badCode = await s.request('/api/v4/vouchers/vouchers', { token: d.token, body: { code: 'a b' } });
      expect([badCode.status, badCode.body.details[0].path]).toEqual([400, 'code']);
      const badPreview = await preview(d, {
        total: { amount: -1, currency: 'EUR', precision: 2 },
        poiId: 'x',
        products: [],
      });
      expect(badPreview.status).toBe(400);
      expect(badPreview.body.details.map((x: { path: string }) => x.path)).toEqual(['total.amount', 'products']);
      expect((await s.request('/api/v4/vouchers/campaign-participations')).status).toBe(401);
    });

    it('a preview for a product of another station is 404', async () => {
      const d = await newDriver(s);
      const [a, b] = [await createStation(s.ctx), await createStation(s.ctx)];
      const res = await preview(d, {
        total: { amount: 2000, currency: 'EUR', precision: 2 },
        poiId: a.id,
        products: [{ id: b.products[0]!.id }],
      });
      expect(res.status).toBe(404);
    });

    it("a preview with another user's payment method is 404; with the caller's own it answers (issue 32.11)", async () => {
      const [d, other] = [await newDriver(s), await newDriver(s)];
      const st = await createStation(s.ctx);
      const body = (paymentMethodId: string) => ({
        total: { amount: 2000, currency: 'EUR', precision: 2 },
        poiId: st.id,
        paymentMethodId,
        products: [{ id: st.products[0]!.id }],
      });
      const foreign = await preview(d, body(other.visaId));
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('not_found');
      expect((await preview(d, body('ffffffffffffffffffffffff'))).status).toBe(404);
      expect((await preview(d, body(d.visaId))).status).toBe(200);
    });
  });
});
