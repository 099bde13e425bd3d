// 3-D Secure through HTTP: a card that asks for it moves the order to PAYMENT_PENDING with userInteraction.urls.start;
// the issuer's challenge page approves (hold, pump released, back with resultIndicator/sessionVersion/nonce), denies
// or fails after three wrong codes (order FAILED, back to the error address).
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '../../contract/orders';
import { drivers, type Registered, registerUser, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, key, ledgerOf as ledgerRows, orderBody } from './orders-fixtures';
import { createStation, washBay } from './stations-fixtures';

const APP = 'http://localhost:8080';
const ledgerOf = async (server: TestServer, orderId: string) =>
  (await ledgerRows(server, orderId)).map((e) => [e.kind, e.amount]);
const urls = { success: `${APP}/pay/prepay/fueling?pid=p1`, error: `${APP}/error?type=payment` };
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe.each(drivers)('3-D Secure (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });

  /** A driver with the 3-D Secure test card, registered on the provider page. */
  async function driverWithChallengeCard(): Promise<Registered & { cardId: string }> {
    const user = await registerUser(s);
    const back = `${APP}/profile/payments/payment-register`;
    const res = await s.request(
      `/api/payments/sandbox/urls?successUrl=${encodeURIComponent(back)}&errorUrl=${encodeURIComponent(back)}`,
      { token: user.token },
    );
    const posted = await s.request(
      new URL(res.body.url).pathname,
      form({ number: '4000000000003220', holder: 'Ada Driver', expiry: '12/2034', cvc: '123', action: 'save' }),
    );
    expect(posted.status).toBe(303);
    return {
      ...user,
      cardId: new URL(posted.headers.get('location') as string).searchParams.get('paymentId') as string,
    };
  }

  async function pending(body: Record<string, unknown> = { userInteraction: { urls } }) {
    const d = await driverWithChallengeCard();
    const st = await createStation(s.ctx);
    const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id));
    const k = key();
    const res = await authorizeReq(s, d.token, created.body._id, { ...authBody(3000, d.cardId), ...body }, k);
    return { d, st, res, orderId: created.body._id as string, key: k };
  }

  it('asks for the challenge: PAYMENT_PENDING, userInteraction.isRequired with urls.start, nothing held yet', async () => {
    const { d, res, orderId, key: k } = await pending();
    expect(res.status).toBe(200);
    const order = orderSchema.parse(res.body);
    expect(order.state).toBe('PAYMENT_PENDING');
    expect(order.userInteraction).toMatchObject({ isRequired: true });
    expect(order.userInteraction?.urls?.start).toMatch(/^http:\/\/localhost:8080\/psp\/challenge\/[A-Za-z0-9_-]+$/);
    expect(await ledgerOf(s, orderId)).toEqual([]);
    // The same request again is a replay, not a second challenge.
    const again = await authorizeReq(
      s,
      d.token,
      orderId,
      { ...authBody(3000, d.cardId), userInteraction: { urls } },
      k,
    );
    expect(again.body.userInteraction).toEqual(order.userInteraction);
    const page = await s.request(new URL(order.userInteraction?.urls?.start as string).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('EUR 30.00');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
  });

  it('the right code authorizes: hold, pump released, back with resultIndicator, sessionVersion and nonce', async () => {
    const { d, res, orderId } = await pending();
    const path = new URL(res.body.userInteraction.urls.start).pathname;
    const wrong = await s.request(path, form({ code: '0000', action: 'approve' }));
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('2 tries left');
    const ok = await s.request(path, form({ code: '1234', action: 'approve' }));
    expect(ok.status).toBe(303);
    const back = new URL(ok.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP}/pay/prepay/fueling`);
    expect(back.searchParams.get('pid')).toBe('p1');
    expect(back.searchParams.get('sca_feedback')).toBe('approved');
    for (const name of ['resultIndicator', 'sessionVersion', 'nonce']) expect(back.searchParams.get(name)).toBeTruthy();
    expect(back.searchParams.get('paymentId')).toBe(orderId);
    const order = await s.request(`/api/v4/order/${orderId}`, { token: d.token });
    expect(order.body.state).toBe('PRODUCT_PENDING');
    expect(order.body.userInteraction).toBeNull();
    expect(await ledgerOf(s, orderId)).toEqual([['HOLD', 3000]]);
    // Answered once: the page is gone.
    expect((await s.request(path, form({ code: '1234', action: 'approve' }))).status).toBe(404);
  });

  it('deny fails the order and goes back to the error address with errorDescription', async () => {
    const { d, res, orderId } = await pending();
    const path = new URL(res.body.userInteraction.urls.start).pathname;
    const denied = await s.request(path, form({ action: 'deny' }));
    expect(denied.status).toBe(303);
    const back = new URL(denied.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}${back.search.split('&')[0]}`).toBe(`${APP}/error?type=payment`);
    expect(back.searchParams.get('sca_feedback')).toBe('failed');
    expect(back.searchParams.get('errorDescription')).toMatch(/3-D Secure/);
    const order = await s.request(`/api/v4/order/${orderId}`, { token: d.token });
    expect(order.body).toMatchObject({ state: 'FAILED', error: { message: expect.stringMatching(/3-D Secure/) } });
    expect(await ledgerOf(s, orderId)).toEqual([['DECLINE', 3000]]);
  });

  it('three wrong codes fail the payment', async () => {
    const { d, res, orderId } = await pending();
    const path = new URL(res.body.userInteraction.urls.start).pathname;
    expect((await s.request(path, form({ code: '1', action: 'approve' }))).status).toBe(400);
    const second = await s.request(path, form({ code: '2', action: 'approve' }));
    expect(second.text).toContain('1 try left');
    const third = await s.request(path, form({ code: '3', action: 'approve' }));
    expect(third.status).toBe(303);
    expect(new URL(third.headers.get('location') as string).searchParams.get('sca_feedback')).toBe('failed');
    expect((await s.request(`/api/v4/order/${orderId}`, { token: d.token })).body.state).toBe('FAILED');
  });

  it('needs return addresses of this app', async () => {
    expect((await pending({})).res.status).toBe(422);
    const evil = await pending({ userInteraction: { urls: { success: 'https://evil.example/', error: urls.error } } });
    expect(evil.res.status).toBe(422);
    expect((await s.request(`/api/v4/order/${evil.orderId}`, { token: evil.d.token })).body.state).toBe('CREATED');
  });
  /** A wash package order (priced at once: PAYMENT_PENDING) paid with the 3-D Secure card. */
  async function pendingWash() {
    const d = await driverWithChallengeCard();
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
    const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id, 'WASH_BASIC'));
    expect(created.body.state).toBe('PAYMENT_PENDING');
    const washUrls = { success: `${APP}/pay/wash/finish?orderId=${created.body._id}`, error: urls.error };
    const res = await authorizeReq(s, d.token, created.body._id, {
      ...authBody(900, d.cardId),
      userInteraction: { urls: washUrls },
    });
    return { d, res, orderId: created.body._id as string };
  }

  it('a priced order (wash, postpay) gets the challenge too: still PAYMENT_PENDING, then paid on the right code', async () => {
    const { d, res, orderId } = await pendingWash();
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('PAYMENT_PENDING');
    expect(res.body.userInteraction.isRequired).toBe(true);
    expect(await ledgerOf(s, orderId)).toEqual([]);
    const path = new URL(res.body.userInteraction.urls.start).pathname;
    const ok = await s.request(path, form({ code: '1234', action: 'approve' }));
    expect(ok.status).toBe(303);
    const back = new URL(ok.headers.get('location') as string);
    expect(back.pathname).toBe('/pay/wash/finish');
    expect(back.searchParams.get('sca_feedback')).toBe('approved');
    const order = await s.request(`/api/v4/order/${orderId}`, { token: d.token });
    expect(order.body.state).toBe('PRODUCT_ACQUIRED');
    expect(order.body.userInteraction).toBeNull();
    expect(order.body.products[0].redemptionCodes).toHaveLength(1);
    expect(await ledgerOf(s, orderId)).toEqual([
      ['HOLD', 900],
      ['CAPTURE', 900],
    ]);
  });

  it('a priced order: deny fails it; without return addresses it is 422 and stays payable', async () => {
    const { d, res, orderId } = await pendingWash();
    const denied = await s.request(new URL(res.body.userInteraction.urls.start).pathname, form({ action: 'deny' }));
    expect(new URL(denied.headers.get('location') as string).pathname).toBe('/error');
    expect((await s.request(`/api/v4/order/${orderId}`, { token: d.token })).body.state).toBe('FAILED');
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 2')] });
    const other = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id, 'WASH_BASIC'));
    const bare = await authorizeReq(s, d.token, other.body._id, authBody(900, d.cardId));
    expect(bare.status).toBe(422);
    expect((await s.request(`/api/v4/order/${other.body._id}`, { token: d.token })).body.state).toBe('PAYMENT_PENDING');
  });

  it('an abandoned challenge (the driver backed out): paying again voids it, one new challenge, one hold', async () => {
    const { d, res, orderId } = await pendingWash();
    const first = new URL(res.body.userInteraction.urls.start).pathname;
    // The driver left the issuer's page without answering: nothing is held, the order still waits for payment.
    expect(await ledgerOf(s, orderId)).toEqual([]);
    const waiting = await s.request(`/api/v4/order/${orderId}`, { token: d.token });
    expect(waiting.body.state).toBe('PAYMENT_PENDING');
    // Back on the summary, pay again with the same card (a new press, a new key): a new challenge replaces the old.
    const again = await authorizeReq(s, d.token, orderId, {
      ...authBody(900, d.cardId),
      userInteraction: { urls: { ...urls, success: `${APP}/pay/wash/finish` } },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.state).toBe('PAYMENT_PENDING');
    const second = new URL(again.body.userInteraction.urls.start).pathname;
    expect(second).not.toBe(first);
    // The old page is void: answering it (another tab, the forward button) pays nothing.
    expect((await s.request(first)).status).toBe(404);
    const stale = await s.request(first, form({ code: '1234', action: 'approve' }));
    expect(stale.status).not.toBe(303);
    expect(await ledgerOf(s, orderId)).toEqual([]);
    const ok = await s.request(second, form({ code: '1234', action: 'approve' }));
    expect(ok.status).toBe(303);
    expect((await s.request(`/api/v4/order/${orderId}`, { token: d.token })).body.state).toBe('PRODUCT_ACQUIRED');
    expect(await ledgerOf(s, orderId)).toEqual([
      ['HOLD', 900],
      ['CAPTURE', 900],
    ]);
  });

  it('a wallet the station does not take is refused, and the open challenge stays', async () => {
    const { d, res, orderId } = await pendingWash();
    const path = new URL(res.body.userInteraction.urls.start).pathname;
    const wallet = await authorizeReq(s, d.token, orderId, {
      ...authBody(900),
      paymentToken: { googlePayToken: 'sbx_wallet_approve_test' },
    });
    // The test station takes DIRECT_CREDIT only: a wallet is refused there, and the challenge stays open.
    expect(wallet.status).toBe(422);
    expect((await s.request(path)).status).toBe(200);
  });
});
