// Gift cards through HTTP (pay-flows.md §2 gift card flow, §4 "Gift card stations are always postpay"): registered
// users buy an amount; the order is priced at once (PAYMENT_PENDING), paying captures it and issues a code with an
// expiry, the card's amount and its balance; guests are refused.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import type { SeedProduct } from '../../server/seed/stations';
import { drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, getOrder, ledgerOf, newDriver, runUntil } from './orders-fixtures';
import { createStation, hexId } from './stations-fixtures';

function giftCards(): SeedProduct {
  return {
    id: hexId(),
    name: 'Gift card',
    facility: 'SHOP',
    type: 'GIFT_CARD',
    automaticFlow: false,
    items: [2500, 5000].map((amount) => ({
      itemCode: `GIFT_${amount}`,
      marketingName: `Gift card ${amount / 100} EUR`,
      price: amount,
      currency: 'EUR' as const,
      precision: 2,
      unit: 'COUNT' as const,
    })),
  };
}

describe.each(drivers)('gift cards (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  it('buy 50: postpay, PAYMENT_PENDING at once, pay, code with expiry, amount and balance, COMPLETED', async () => {
    const st = await createStation(s.ctx, { type: 'GIFT_CARD', products: [giftCards()] });
    const d = await newDriver(s);
    const body = {
      poiId: st.id,
      autoAcquire: true,
      products: [{ productId: st.products[0]!.id, fuelTypeId: 'GIFT_5000' }],
    };
    const created = await createOrderReq(s, d.token, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      orderType: 'POSTPAY',
      state: 'PAYMENT_PENDING',
      totalAfterDiscounts: { amount: 5000 },
    });
    const id = created.body._id as string;
    expect((await authorizeReq(s, d.token, id, authBody(2500, d.visaId))).status).toBe(422);
    const paid = await authorizeReq(s, d.token, id, authBody(5000, d.visaId));
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('PRODUCT_ACQUIRED');
    const card = paid.body.products[0].giftCard;
    expect(card.code).toMatch(/^\d{8}$/);
    expect(card.amount).toMatchObject({ amount: 5000, currency: 'EUR' });
    expect(card.balance).toMatchObject({ amount: 5000 });
    const days = (Date.parse(card.expirationDate) - clock.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    expect((await ledgerOf(s, id)).map((l) => [l.kind, l.amount])).toEqual([
      ['HOLD', 5000],
      ['CAPTURE', 5000],
    ]);
    await runUntil(clock, sim, async () => (await getOrder(s, d.token, id)).state === 'COMPLETED');
  });

  it('guests may not buy gift cards (403)', async () => {
    const st = await createStation(s.ctx, { type: 'GIFT_CARD', products: [giftCards()] });
    const guest = await s.request('/api/auth/register/guest', { body: {} });
    expect(guest.status).toBeLessThan(300);
    const res = await createOrderReq(s, guest.body.auth_token, {
      poiId: st.id,
      products: [{ productId: st.products[0]!.id, fuelTypeId: 'GIFT_2500' }],
    });
    expect(res.status).toBe(403);
  });

  it('an account without the gift-card shop may not buy one (403); with it back on it may', async () => {
    const st = await createStation(s.ctx, { type: 'GIFT_CARD', products: [giftCards()] });
    const d = await newDriver(s);
    const [row] = await s.ctx.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, d.id));
    const setShop = (on: boolean) =>
      s.ctx.db
        .update(accounts)
        .set({ features: sql`jsonb_set(${accounts.features}, '{giftCardShop}', ${JSON.stringify(on)}::jsonb)` })
        .where(eq(accounts.id, row!.accountId));
    const order = () =>
      createOrderReq(s, d.token, {
        poiId: st.id,
        products: [{ productId: st.products[0]!.id, fuelTypeId: 'GIFT_2500' }],
      });
    await setShop(false);
    const refused = await order();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/gift cards/i);
    await setShop(true);
    expect((await order()).status).toBeLessThan(300);
  });
});
