// Refer-a-friend through HTTP on the real app: the program opens after the first completed transaction, the code
// rules of PUT v4/vouchers/referral-code, and the offer (friend 5 ct/l on the first refuel, 10 ct/l after 100 l;
// referrer 10 ct/l once the friend fuelled 100 l) applied by the one discount engine: preview == capture.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignParticipationsResponse, discountPreview, referralParticipation } from '../../contract/vouchers';
import { referrals } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { quantityCapFor } from '../../server/services/forecourt';
import { drivers, type FakeClock, fakeClock, registerUser, type TestServer, useServer } from './helpers';
import {
  authBody,
  authorizeReq,
  createOrderReq,
  type Driver,
  getOrder,
  newDriver,
  orderBody,
  runUntil,
} from './orders-fixtures';
import { createStation, pump, washBay } from './stations-fixtures';

describe.each(drivers)('refer-a-friend (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  const participation = async (d: { token: string }) => {
    const res = await s.request('/api/v4/vouchers/referral-program-participation', { token: d.token });
    expect(res.status).toBe(200);
    return referralParticipation.parse(res.body);
  };
  const enter = (d: { token: string }, referralCode: unknown) =>
    s.request('/api/v4/vouchers/referral-code', { token: d.token, method: 'PUT', body: { referralCode } });
  const cardsOf = async (d: Driver) =>
    campaignParticipationsResponse.parse(
      (await s.request('/api/v4/vouchers/campaign-participations', { token: d.token })).body,
    );

  /** A car wash bought and paid: a completed transaction. */
  async function washOnce(d: Driver) {
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
    const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id, 'WASH_BASIC'));
    const res = await authorizeReq(s, d.token, created.body._id, authBody(900, d.visaId));
    expect(res.status).toBe(200);
  }

  /** A prepay refuel filled to `amount` (in `currency`): the preview's lines, then the receipt's, which must be the same. */
  async function refuel(d: Driver, amount: number, currency: 'EUR' | 'DKK' | 'PLN' | 'CZK' | 'CHF' = 'EUR') {
    const base = pump('1');
    const local = {
      ...base,
      items: base.items.map((i) => ({ ...i, currency })),
      recommendedPrices: base.recommendedPrices?.map((r) => ({ ...r, currency })),
    };
    const st = await createStation(s.ctx, { products: [local] });
    const pumpId = st.products[0]!.id;
    const p = await s.request('/api/v4/vouchers/discount-preview', {
      token: d.token,
      body: {
        total: { amount, currency, precision: 2 },
        poiId: st.id,
        paymentMethodId: d.visaId,
        products: [{ id: pumpId, fuelTypeId: 'SUPER_E5' }],
      },
    });
    expect(p.status).toBe(200);
    const preview = discountPreview.parse(p.body);
    const created = await createOrderReq(s, d.token, orderBody(st.id, pumpId));
    const orderId = created.body._id as string;
    expect((await authorizeReq(s, d.token, orderId, authBody(amount, d.visaId, currency))).status).toBe(200);
    await runUntil(clock, sim, async () => (await getOrder(s, d.token, orderId)).state === 'PRODUCT_ACQUIRED', {
      stepMs: 5000,
    });
    const order = await getOrder(s, d.token, orderId);
    const receipt = order.vouchers.map((v) => [v.name, v.label, v.paymentAttributes?.totalPrice.amount]);
    expect(receipt).toEqual(preview.discounts.map((x) => [x.name, x.label, x.appliedDiscount.amount]));
    expect(order.totalAfterDiscounts?.amount).toBe(
      order.totalBeforeDiscounts!.amount - preview.discounts.reduce((a, x) => a + x.appliedDiscount.amount, 0),
    );
    return { lines: receipt, ml: quantityCapFor(amount, 1789, 3) };
  }

  it('opens after the first completed transaction, with one stable code', async () => {
    const a = await newDriver(s);
    expect(await participation(a)).toEqual({
      offer: {
        currency: 'EUR',
        precision: 2,
        friendFirstRefuel: 5,
        friendAfterThreshold: 10,
        referrer: 10,
        thresholdLitres: 100,
      },
      enabled: false,
      referralCode: null,
      progress: { accepted: 0, inProgress: 0, completed: 0, friends: [] },
      referredBy: null,
    });
    await washOnce(a);
    const open = await participation(a);
    expect(open.enabled).toBe(true);
    expect(open.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await participation(a)).referralCode).toBe(open.referralCode);
  });

  it('states the offer in the driver’s currency: userCurrency, else the localisation country’s, else euro', async () => {
    const offerOf = async (patch: Record<string, unknown>) => {
      const d = await newDriver(s);
      const res = await s.request(`/api/users/${d.id}`, { token: d.token, method: 'PATCH', body: patch });
      expect(res.status).toBe(200);
      const { currency, friendFirstRefuel, friendAfterThreshold, referrer } = (await participation(d)).offer;
      return [currency, friendFirstRefuel, friendAfterThreshold, referrer];
    };
    expect(await offerOf({ localisationCountry: 'DK' })).toEqual(['DKK', 40, 75, 75]);
    expect(await offerOf({ localisationCountry: 'PL' })).toEqual(['PLN', 20, 40, 40]);
    expect(await offerOf({ localisationCountry: 'CH' })).toEqual(['CHF', 5, 10, 10]);
    expect(await offerOf({ localisationCountry: 'AT' })).toEqual(['EUR', 5, 10, 10]);
    // A currency chosen in the profile wins over the country; one the offer does not pay in falls back to the country.
    expect(await offerOf({ localisationCountry: 'DE', userCurrency: 'CZK' })).toEqual(['CZK', 125, 250, 250]);
    expect(await offerOf({ localisationCountry: 'DK', userCurrency: 'GBP' })).toEqual(['DKK', 40, 75, 75]);
  });

  it('guests have no program', async () => {
    const guest = await s.request('/api/auth/register/guest', { method: 'POST' });
    expect(guest.status).toBe(201);
    const token = guest.body.auth_token as string;
    const res = await s.request('/api/v4/vouchers/referral-program-participation', { token });
    expect(res.status).toBe(403);
  });

  it('refuses bad, unknown and own codes, a second code and drivers who already bought', async () => {
    const a = await newDriver(s);
    await washOnce(a);
    const code = (await participation(a)).referralCode!;
    const b = await registerUser(s);
    const bad = await enter(b, 'no!');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    expect((await enter(b, 'ZZZZZZZZ')).body).toMatchObject({ code: 'referral_code_unknown' });
    expect((await enter(a, code)).body).toMatchObject({ code: 'referral_own_code' });
    // A driver with a completed transaction is not a new friend.
    const c = await newDriver(s);
    await washOnce(c);
    const late = await enter(c, code);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('referral_not_new_driver');
    // A friend enters it (any case), once.
    const ok = await enter(b, code.toLowerCase());
    expect(ok.status).toBe(200);
    const mine = referralParticipation.parse(ok.body);
    expect(mine.enabled).toBe(false);
    expect(mine.referredBy).toMatchObject({ code, status: 'ACCEPTED', litres: 0 });
    const again = await enter(b, code);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('referral_already_referred');
    expect((await participation(a)).progress).toMatchObject({ accepted: 1, inProgress: 0, completed: 0 });
  });

  it('registering with a friend’s code refers the new driver; an unknown code registers nothing (422 on the field)', async () => {
    const a = await newDriver(s);
    await washOnce(a);
    const code = (await participation(a)).referralCode!;
    const email = `friend-${Date.now().toString(36)}@example.com`;
    const body = { email, password: 'correct-horse-9', termsAccepted: true, referrer: 'webpay' };

    const unknown = await s.request('/api/auth/register', { body: { ...body, referralCode: 'ZZZZ2345' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      code: 'referral_code_unknown',
      details: [{ path: 'referralCode', message: 'Unknown code' }],
    });
    const malformed = await s.request('/api/auth/register', { body: { ...body, referralCode: 'no!' } });
    expect(malformed.status).toBe(400);
    // Nothing was kept: the same email registers now, with the real code (any case).
    const ok = await s.request('/api/auth/register', { body: { ...body, referralCode: code.toLowerCase() } });
    expect(ok.status).toBe(201);
    const friend = { token: ok.body.auth_token as string };
    expect((await participation(friend)).referredBy).toMatchObject({ code, status: 'ACCEPTED' });
    const cards = campaignParticipationsResponse.parse(
      (await s.request('/api/v4/vouchers/campaign-participations', { token: friend.token })).body,
    );
    expect(cards.map((c) => [c.campaignId, c.usesLeft, c.active])).toEqual([['referral-friend-first', 1, true]]);
    expect((await participation(a)).progress).toMatchObject({ accepted: 1 });
  });

  it('pays the offer in the station’s currency: a Danish friend 0.40 DKK/l, a Polish one 0.20 PLN/l', async () => {
    const a = await newDriver(s);
    await washOnce(a);
    const code = (await participation(a)).referralCode!;
    const dane = await newDriver(s);
    expect((await enter(dane, code)).status).toBe(200);
    const dk = await refuel(dane, 8_000, 'DKK');
    expect(dk.lines).toEqual([['Welcome from a friend', '0.40 DKK/l', Math.floor((40 * dk.ml) / 1000)]]);
    expect(dk.lines[0]![2]).toBeGreaterThan(0);
    const pole = await newDriver(s);
    expect((await enter(pole, code)).status).toBe(200);
    const pl = await refuel(pole, 5_000, 'PLN');
    expect(pl.lines).toEqual([['Welcome from a friend', '0.20 PLN/l', Math.floor((20 * pl.ml) / 1000)]]);
    // The card was spent in Danish crowns: it does not apply again in euros.
    expect((await refuel(dane, 2_000)).lines).toEqual([]);
  });

  it('applies the offer at capture as the preview shows it, for the friend and the referrer', async () => {
    const a = await newDriver(s);
    await washOnce(a);
    const code = (await participation(a)).referralCode!;
    const b = await newDriver(s);
    expect((await enter(b, code)).status).toBe(200);

    // First refuel: 5 ct/l; the friend is on the way.
    const first = await refuel(b, 2_000);
    expect(first.lines).toEqual([['Welcome from a friend', '5 ct/l', Math.floor((5 * first.ml) / 1000)]]);
    const mid = await participation(a);
    expect(mid.progress).toMatchObject({ accepted: 0, inProgress: 1, completed: 0 });
    expect(mid.progress.friends[0]).toMatchObject({ status: 'IN_PROGRESS', litres: first.ml / 1000 });
    expect((await cardsOf(b)).some((c) => c.campaignId === 'referral-friend-100l')).toBe(false);

    // Many refuels later (set directly: the counting was shown above) the friend is 1 l short of 100 l; the next
    // refuel has no referral discount (the first-refuel card is used) and crosses the threshold.
    await s.ctx.db.update(referrals).set({ friendFuelMl: 99_000 }).where(eq(referrals.friendUserId, b.id));
    const second = await refuel(b, 2_000);
    expect(second.lines).toEqual([]);
    expect((await participation(a)).progress).toMatchObject({ accepted: 0, inProgress: 0, completed: 1 });
    expect((await participation(b)).referredBy).toMatchObject({ status: 'COMPLETED', litres: 99 + second.ml / 1000 });
    const friendCard = (await cardsOf(b)).find((c) => c.campaignId === 'referral-friend-100l');
    expect(friendCard).toMatchObject({ source: 'REFERRAL', usesLeft: 1, active: true });

    // Third refuel: the friend's 10 ct/l; the referrer's next refuel: 10 ct/l, once.
    const third = await refuel(b, 2_000);
    expect(third.lines).toEqual([['Friend bonus after 100 l', '10 ct/l', Math.floor((10 * third.ml) / 1000)]]);
    const reward = await refuel(a, 2_000);
    expect(reward.lines).toEqual([['Thanks for referring', '10 ct/l', Math.floor((10 * reward.ml) / 1000)]]);
    const used = (await cardsOf(a)).find((c) => c.campaignId === 'referral-referrer');
    expect(used).toMatchObject({ source: 'REFERRAL', usesLeft: 0 });
  });
});
