// The voucher store's gift-card balances through HTTP (shell-and-account.md §3 Gift card: code, expiry, amount,
// balance): the caller's own gift cards only, newest first; a redeemed code leaves no balance.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { giftCardsResponse } from '../../contract/vouchers';
import { redemptionCodes } from '../../server/db/schema';
import { drivers, type FakeClock, fakeClock, registerUser, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, type Driver, newDriver } from './orders-fixtures';
import { createStation, hexId } from './stations-fixtures';

describe.each(drivers)('gift-card balances (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
  });

  const list = async (u: { token: string }) => {
    const res = await s.request('/api/v4/vouchers/gift-cards', { token: u.token });
    expect(res.status).toBe(200);
    return giftCardsResponse.parse(res.body);
  };

  it('lists the bought gift cards with amount and balance; a redeemed one has none left', async () => {
    const st = await createStation(s.ctx, {
      type: 'GIFT_CARD',
      products: [
        {
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
        },
      ],
    });
    const d = await newDriver(s);
    expect(await list(d)).toEqual([]);
    const buy = async (u: Driver, amount: number) => {
      const body = {
        poiId: st.id,
        autoAcquire: true,
        products: [{ productId: st.products[0]!.id, fuelTypeId: `GIFT_${amount}` }],
      };
      const created = await createOrderReq(s, u.token, body);
      const paid = await authorizeReq(s, u.token, created.body._id, authBody(amount, u.visaId));
      expect(paid.status).toBe(200);
      clock.advance(1000);
      return paid.body.products[0].giftCard.code as string;
    };
    const first = await buy(d, 2500);
    const second = await buy(d, 5000);
    const cards = await list(d);
    expect(cards.map((c) => [c.code, c.name, c.amount.amount, c.balance.amount])).toEqual([
      [second, 'Gift card 50 EUR', 5000, 5000],
      [first, 'Gift card 25 EUR', 2500, 2500],
    ]);
    expect(cards[0]?.balance).toEqual({ amount: 5000, currency: 'EUR', precision: 2 });
    // Spent at the till: the code is redeemed.
    await s.ctx.db.update(redemptionCodes).set({ usedAt: clock.now() }).where(eq(redemptionCodes.code, first));
    expect((await list(d)).map((c) => c.balance.amount)).toEqual([5000, 0]);
    // Nobody else sees them.
    expect(await list(await registerUser(s))).toEqual([]);
  });
});
