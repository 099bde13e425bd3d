// PayPal, MB WAY and a payment method's own second factor through HTTP: the vault page (approve, deny, closed =
// PAYPAL_POPUP_CLOSED), paying with the vaulted method; the MB WAY phone (mandate approve / timeout, payment above the
// limit approved / timed out by the clock, below the limit without the phone); the mailed 2FA codes; another user's
// method id is 404 on every call.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '../../contract/orders';
import { MBWAY_APPROVAL_SECONDS, PAYPAL_POPUP_CLOSED, twoFactorOptionsResponse } from '../../contract/payment-methods';
import { paymentMethods, pspSessions } from '../../server/db/schema';
import { luhnValid } from '../../server/psp/test-cards';
import { advanceOrders } from '../../server/services/orders/advance-orders';
import { drivers, fakeClock, latestMail, type Registered, registerUser, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, ledgerOf, orderBody } from './orders-fixtures';
import { payUrls, providerPages, registerUrls } from './provider-pages';
import { createStation, washBay } from './stations-fixtures';

const BEYOND_CARDS = ['DIRECT_CREDIT', 'PAYPAL', 'MBWAY', 'FUEL_CARD'];
const urls = registerUrls;

describe.each(drivers)('payment methods beyond cards (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });

  const { openPage, answer, list, proofFor } = providerPages(() => s);
  async function vaultPaypal(user: Registered) {
    const path = await openPage(user, 'paypal');
    expect(path).toMatch(/^\/psp\/paypal\/[A-Za-z0-9_-]+$/);
    const page = await s.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page.text).toContain(user.email);
    const back = await answer(path, 'approve');
    expect(back.searchParams.get('registration')).toBe('success');
    expect(back.searchParams.get('method')).toBe('PAYPAL');
    return back.searchParams.get('paymentId') as string;
  }
  async function mbwayMethod(user: Registered) {
    const path = await openPage(user, 'mbway', '&phoneNumber=%2B351%20912%20345%20678');
    const back = await answer(path, 'approve');
    expect(back.searchParams.get('registration')).toBe('success');
    expect(back.searchParams.get('phoneNumber')).toBe('+351 912345678');
    return back.searchParams.get('paymentId') as string;
  }
  /** A prepay order at a station that takes every method of this file (a station refuses what it does not take). */
  async function prepayOrder(user: Registered, extra: Record<string, unknown> = {}) {
    const st = await createStation(s.ctx, { paymentMeans: BEYOND_CARDS });
    const created = await createOrderReq(s, user.token, orderBody(st.id, st.products[0]!.id, 'SUPER_E5', extra));
    expect(created.status).toBe(201);
    return created.body._id as string;
  }

  it('PayPal: the vault page links the account, and the vaulted method pays like a saved one', async () => {
    const user = await registerUser(s);
    const id = await vaultPaypal(user);
    const [paypal] = await list(user);
    expect(paypal).toMatchObject({ id, method: 'PAYPAL', provider: 'paypal', isPreferred: true });
    expect(paypal?.details.email).toBe(user.email);
    expect(paypal?.details.expiry).toBeUndefined();
    const orderId = await prepayOrder(user);
    expect((await authorizeReq(s, user.token, orderId, authBody(3000, id))).body.details).toEqual({
      reason: 'validation_required',
    });
    const paymentProof = await proofFor(user);
    const res = await authorizeReq(s, user.token, orderId, { ...authBody(3000, id), paymentProof });
    expect(res.status, res.text).toBe(200);
    expect(orderSchema.parse(res.body).state).toBe('PRODUCT_PENDING');
    expect((await ledgerOf(s, orderId)).map((e) => e.kind)).toEqual(['HOLD']);
    // The page is single-use.
    expect((await s.request(`/api/payments/paypal/urls?${urls()}`, { token: user.token })).status).toBe(200);
  });

  it('PayPal: deny is a failed registration, closing the window is PAYPAL_POPUP_CLOSED; nothing saved', async () => {
    const user = await registerUser(s);
    const denied = await answer(await openPage(user, 'paypal'), 'deny');
    expect(denied.searchParams.get('registration')).toBe('error');
    expect(denied.searchParams.get('failed')).toBe('1');
    const closedPath = await openPage(user, 'paypal');
    const closed = await answer(closedPath, 'close');
    expect(closed.searchParams.get('registration')).toBe('cancelled');
    expect(closed.searchParams.get('errorDescription')).toBe(PAYPAL_POPUP_CLOSED);
    expect(await list(user)).toEqual([]);
    expect((await s.request(closedPath)).status).toBe(404);
  });

  it('MB WAY: the phone number is checked, the phone approves the mandate with its validity and limit', async () => {
    const user = await registerUser(s);
    for (const bad of ['12345', '+351 212345678', '+49 1512345678', '']) {
      const res = await s.request(`/api/payments/mbway/urls?${urls(`&phoneNumber=${encodeURIComponent(bad)}`)}`, {
        token: user.token,
      });
      expect(res.status, bad).toBe(bad === '' ? 400 : 422);
    }
    const id = await mbwayMethod(user);
    const [mbway] = await list(user);
    expect(mbway).toMatchObject({ id, method: 'MBWAY', provider: 'mbway' });
    expect(mbway?.details.phoneNumber).toBe('+351 912345678');
    expect(mbway?.details.limitWithoutPin).toEqual({ amount: 2000, currency: 'EUR', precision: 2 });
    expect(new Date(mbway?.details.mandateValidUntil ?? 0).getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);
  });

  it('MB WAY: a mandate the phone lets time out is not saved (MBWAY_TIMEOUT)', async () => {
    const user = await registerUser(s);
    const back = await answer(await openPage(user, 'mbway', '&phoneNumber=961234567'), 'timeout');
    expect(back.searchParams.get('registration')).toBe('error');
    expect(back.searchParams.get('errorDescription')).toBe('MBWAY_TIMEOUT');
    expect(await list(user)).toEqual([]);
  });

  it('MB WAY: above the limit without PIN the phone approves the payment; below it pays at once', async () => {
    const user = await registerUser(s);
    const id = await mbwayMethod(user);
    // 30.00 > 20.00: the phone is asked (userInteraction), nothing held yet.
    const orderId = await prepayOrder(user);
    const missing = await authorizeReq(s, user.token, orderId, authBody(3000, id));
    expect(missing.status).toBe(422);
    const res = await authorizeReq(s, user.token, orderId, {
      ...authBody(3000, id),
      userInteraction: { urls: payUrls },
    });
    expect(res.status, res.text).toBe(200);
    const pending = orderSchema.parse(res.body);
    expect(pending.state).toBe('PAYMENT_PENDING');
    const start = pending.userInteraction?.urls?.start as string;
    expect(start).toMatch(/^http:\/\/localhost:8080\/psp\/mbway\//);
    expect(await ledgerOf(s, orderId)).toEqual([]);
    const phone = await s.request(new URL(start).pathname);
    expect(phone.text).toContain('+351 912345678');
    expect(phone.text).toContain('30.00');
    const back = await answer(new URL(start).pathname, 'approve');
    expect(back.toString()).toContain('/pay/prepay/fueling');
    const after = orderSchema.parse((await s.request(`/api/v4/order/${orderId}`, { token: user.token })).body);
    expect(after.state).toBe('PRODUCT_PENDING');
    // 15.00 <= 20.00 within the mandate: no phone.
    const small = await prepayOrder(user);
    const direct = await authorizeReq(s, user.token, small, authBody(1500, id));
    expect(orderSchema.parse(direct.body).state).toBe('PRODUCT_PENDING');
  });

  it('MB WAY on a priced order (wash): above the limit a clear 422, the order stays payable; within it, paid', async () => {
    const user = await registerUser(s);
    const id = await mbwayMethod(user);
    const bay = (price: number) => {
      const p = washBay('Bay 1');
      p.items[0]!.price = price;
      return p;
    };
    const st = await createStation(s.ctx, {
      type: 'CAR_WASH',
      products: [bay(2500), bay(1800)],
      paymentMeans: BEYOND_CARDS,
    });
    const washOf = async (n: number) =>
      (await createOrderReq(s, user.token, orderBody(st.id, st.products[n]!.id, 'WASH_BASIC'))).body._id as string;
    const big = await washOf(0);
    // 25.00 > 20.00: this flow does not wait for the phone — even with return addresses given.
    const over = await authorizeReq(s, user.token, big, { ...authBody(2500, id), userInteraction: { urls: payUrls } });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      'MB WAY pays this order only up to 20.00 EUR without the phone: pay with another method',
    );
    expect(over.body.details).toEqual({
      reason: 'mbway_limit_exceeded',
      limitWithoutPin: { amount: 2000, currency: 'EUR', precision: 2 },
    });
    expect((await s.request(`/api/v4/order/${big}`, { token: user.token })).body.state).toBe('PAYMENT_PENDING');
    expect(await ledgerOf(s, big)).toEqual([]);
    // An expired mandate says so.
    await s.ctx.db
      .update(paymentMethods)
      .set({
        details: { phoneNumber: '+351 912345678', mandateValidUntil: '2020-01-01T00:00:00Z', limitWithoutPin: 2000 },
      })
      .where(eq(paymentMethods.id, id));
    const small = await washOf(1);
    const stale = await authorizeReq(s, user.token, small, authBody(1800, id));
    expect(stale.status).toBe(422);
    expect(stale.body.details.reason).toBe('mbway_mandate_expired');
    await s.ctx.db
      .update(paymentMethods)
      .set({
        details: { phoneNumber: '+351 912345678', mandateValidUntil: '2099-01-01T00:00:00Z', limitWithoutPin: 2000 },
      })
      .where(eq(paymentMethods.id, id));
    // 18.00 within the mandate: paid at once.
    const paid = await authorizeReq(s, user.token, small, authBody(1800, id));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.state).toBe('PRODUCT_ACQUIRED');
  });

  it('MB WAY: declined on the phone, or not answered in time, fails the order', async () => {
    const user = await registerUser(s);
    const id = await mbwayMethod(user);
    const declined = await prepayOrder(user);
    const r1 = await authorizeReq(s, user.token, declined, {
      ...authBody(3000, id),
      userInteraction: { urls: payUrls },
    });
    const back = await answer(new URL(r1.body.userInteraction.urls.start).pathname, 'deny');
    expect(back.toString()).toContain('/error?type=payment');
    const o1 = orderSchema.parse((await s.request(`/api/v4/order/${declined}`, { token: user.token })).body);
    expect(o1.state).toBe('FAILED');
    expect(o1.error?.message).toMatch(/refused on the phone/);

    // Nobody answers: the simulator's tick after MBWAY_APPROVAL_SECONDS fails the order.
    const clock = fakeClock(new Date());
    const timed = await s.withEnv({}, { clock });
    const late = await prepayOrder(user);
    const r2 = await authorizeReq(timed, user.token, late, {
      ...authBody(3000, id),
      userInteraction: { urls: payUrls },
    });
    expect(r2.body.state).toBe('PAYMENT_PENDING');
    clock.advance((MBWAY_APPROVAL_SECONDS + 1) * 1000);
    await advanceOrders({ ctx: timed.ctx });
    const o2 = orderSchema.parse((await timed.request(`/api/v4/order/${late}`, { token: user.token })).body);
    expect(o2.state).toBe('FAILED');
    expect(o2.error?.message).toMatch(/not approved in time/);
    const [visit] = await s.ctx.db.select().from(pspSessions).where(eq(pspSessions.orderId, late));
    expect(visit?.status).toBe('DONE');
  });

  it('2FA: a mailed code registers the method; wrong codes count; another user is 404', async () => {
    const user = await registerUser(s);
    const other = await registerUser(s);
    const id = await vaultPaypal(user);
    const opts = await s.request('/api/auth/2fa/registration/generate-options', {
      token: user.token,
      body: { paymentMethodId: id },
    });
    expect(opts.status, opts.text).toBe(200);
    expect(twoFactorOptionsResponse.parse(opts.body)).toMatchObject({ method: 'EMAIL_OTP', codeLength: 6 });
    const mail = await latestMail(s, user.email);
    const code = /code: (\d{6})/.exec(mail?.subject ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await s.request('/api/auth/2fa/registration/verify', {
      token: user.token,
      body: { paymentMethodId: id, code: code === '000000' ? '000001' : '000000' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.details).toMatchObject({ reason: 'wrong_code', triesLeft: 4 });
    // Another user can neither ask nor answer for this method.
    for (const [path, body] of [
      ['/api/auth/2fa/registration/generate-options', { paymentMethodId: id }],
      ['/api/auth/2fa/registration/verify', { paymentMethodId: id, code }],
      ['/api/auth/2fa/authentication/generate-options', { paymentMethodId: id }],
      ['/api/auth/2fa/authentication/verify', { paymentMethodId: id, code, orderId: 'x' }],
      [`/api/v4/payment-methods/${id}/set-as-preferred`, undefined],
      [`/api/v4/payment-methods/${id}/deactivate`, undefined],
    ] as const) {
      const res = await s.request(path, { token: other.token, method: 'POST', ...(body ? { body } : {}) });
      expect(res.status, path).toBe(404);
    }
    const ok = await s.request('/api/auth/2fa/registration/verify', {
      token: user.token,
      body: { paymentMethodId: id, code },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ id, isRegisteredFor2FA: true, twoFactorAuthRegistrationMethod: 'EMAIL_OTP' });
    // Single-use: the same code again finds nothing waiting.
    const again = await s.request('/api/auth/2fa/registration/verify', {
      token: user.token,
      body: { paymentMethodId: id, code },
    });
    expect(again.status).toBe(409);
    // Another user's method as paymentMethodId in authorize: 404.
    const otherOrder = await prepayOrder(other);
    expect((await authorizeReq(s, other.token, otherOrder, authBody(3000, id))).status).toBe(404);
  });

  const FUEL = { holder: 'Ada Driver', number: '7000 0020 0000 0009', expiry: '12/2034', tpin: '4321', brand: 'BP' };
  /** A Luhn-valid fuel card number of the given level (its 7th digit). */
  function fuelNumber(level: number): string {
    const body = `700000${level}00000000`;
    for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
    throw new Error('no check digit');
  }

  it('fuel card: fields checked by level (VIN from level 2), no number or PIN stored, 2FA before paying', async () => {
    const user = await registerUser(s);
    const add = (body: Record<string, unknown>) =>
      s.request('/api/v4/payment-methods/fuel-card', { token: user.token, body });
    const bad = await add({ ...FUEL, number: '7000 0000 0000 0001', expiry: '01/2020', tpin: '12a4' });
    expect(bad.status).toBe(422);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['expiry', 'number', 'tpin']);
    const level2 = fuelNumber(2);
    const noVin = await add({ ...FUEL, number: level2 });
    expect(noVin.status).toBe(422);
    expect(noVin.body.details).toEqual([{ path: 'vin', message: 'Required for a level 2 card' }]);
    expect((await add({ ...FUEL, number: level2, vin: 'WVWZZZ1JZXW00000I' })).status).toBe(422);
    const ok = await add({ ...FUEL, number: level2, vin: 'wvwzzz1jzxw000001' });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({
      method: 'FUEL_CARD',
      isRegisteredFor2FA: false,
      details: { brand: 'BP', last4: level2.slice(-4), level: 2, vin: 'WVWZZZ1JZXW000001', expiry: '12/2034' },
    });
    // Level 0 and 1 need no VIN.
    expect((await add({ ...FUEL, number: fuelNumber(1), brand: 'ARAL' })).status).toBe(201);
    // Neither the number nor the card PIN is anywhere in the database.
    const dump = JSON.stringify(await s.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id)));
    expect(dump).not.toContain(level2);
    expect(dump).not.toContain('4321');

    // Paying needs the method's second factor: registered, then a code for this very order. (The level 2 card pays
    // orders whose vehicle has a VIN: fuel-card-data.test.ts.)
    const id = ok.body.id as string;
    const car = await s.request('/api/things/lite', {
      method: 'POST',
      token: user.token,
      body: { type: 'car', nickName: 'Transporter', licensePlate: 'IN-FC 2', vin: 'WVWZZZ1JZXW000001' },
    });
    expect(car.status, car.text).toBe(201);
    const withCar = { thingId: car.body._id as string };
    const orderId = await prepayOrder(user, withCar);
    // A fuel card is a card flow: the PIN's proof first; a refusal for the second factor keeps it for the retry.
    const paymentProof = await proofFor(user);
    const withProof = { ...authBody(3000, id), paymentProof };
    const refused = await authorizeReq(s, user.token, orderId, withProof);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toMatchObject({ reason: 'second_factor_not_registered' });
    await s.request('/api/auth/2fa/registration/generate-options', {
      token: user.token,
      body: { paymentMethodId: id },
    });
    const regCode = /code: (\d{6})/.exec((await latestMail(s, user.email))?.subject ?? '')?.[1] as string;
    const reg = await s.request('/api/auth/2fa/registration/verify', {
      token: user.token,
      body: { paymentMethodId: id, code: regCode },
    });
    expect(reg.body.isRegisteredFor2FA).toBe(true);
    const still = await authorizeReq(s, user.token, orderId, withProof);
    expect(still.status).toBe(403);
    // The order's id comes with it: the app asks for the code of the order the same tap created (prepay).
    expect(still.body.details).toEqual({ reason: 'second_factor_required', orderId });
    const opts = await s.request('/api/auth/2fa/authentication/generate-options', {
      token: user.token,
      body: { paymentMethodId: id },
    });
    expect(opts.status).toBe(200);
    const payCode = /code: (\d{6})/.exec((await latestMail(s, user.email))?.subject ?? '')?.[1] as string;
    // A code for another order does not pay this one.
    const otherOrder = await prepayOrder(user, withCar);
    const verified = await s.request('/api/auth/2fa/authentication/verify', {
      token: user.token,
      body: { paymentMethodId: id, orderId: otherOrder, code: payCode },
    });
    expect(verified.status, verified.text).toBe(200);
    expect((await authorizeReq(s, user.token, orderId, withProof)).status).toBe(403);
    const paid = await authorizeReq(s, user.token, otherOrder, withProof);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.state).toBe('PRODUCT_PENDING');
  });
});
