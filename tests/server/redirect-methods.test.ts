// Bluecode and Payconiq, the redirect methods (pay-flows.md §3), through HTTP: linked on the provider's page (approve,
// deny, close), listed and offered by /available-providers; every payment goes out to the provider's page
// (userInteraction.urls.start) and comes back with the payment-return group: approved (hold), or refused (FAILED).
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '../../contract/orders';
import { drivers, type Registered, registerUser, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, ledgerOf, orderBody } from './orders-fixtures';
import { APP, payUrls, providerPages } from './provider-pages';
import { createStation, washBay } from './stations-fixtures';

describe.each(drivers)('Bluecode and Payconiq (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });

  const { openPage, answer, list, proofFor } = providerPages(() => s);
  async function link(user: Registered, provider: 'bluecode' | 'payconiq') {
    const back = await answer(await openPage(user, provider), 'approve');
    expect(back.searchParams.get('registration')).toBe('success');
    return back.searchParams.get('paymentId') as string;
  }

  it('the provider page links the account: listed with its method and provider, offered by available-providers', async () => {
    const user = await registerUser(s);
    const path = await openPage(user, 'bluecode');
    expect(path).toMatch(/^\/psp\/bluecode\/[A-Za-z0-9_-]+$/);
    const page = await s.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page.text).toContain('Link Bluecode to Forecourt Pay');
    const back = await answer(path, 'approve');
    expect(back.pathname).toBe('/profile/payments/payment-register');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      registration: 'success',
      provider: 'bluecode',
      method: 'BLUECODE',
    });
    const id = await link(user, 'payconiq');
    const methods = await list(user);
    expect(methods.map((m) => [m.method, m.provider, m.isPreferred])).toEqual([
      ['BLUECODE', 'bluecode', true],
      ['PAYCONIQ', 'payconiq', false],
    ]);
    expect(methods[1]?.id).toBe(id);
    // Single-use page.
    expect((await s.request(path)).status).toBe(404);
    const providers = await s.request('/api/v4/features/psp/available-providers', { token: user.token });
    expect(providers.body).toEqual(
      expect.arrayContaining([
        { provider: 'bluecode', methods: ['BLUECODE'] },
        { provider: 'payconiq', methods: ['PAYCONIQ'] },
      ]),
    );
  });

  it('deny is a failed registration, closing the page a cancelled one; nothing saved', async () => {
    const user = await registerUser(s);
    const denied = await answer(await openPage(user, 'payconiq'), 'deny');
    expect(denied.searchParams.get('registration')).toBe('error');
    expect(denied.searchParams.get('errorDescription')).toBe('PAYCONIQ_DENIED');
    const closed = await answer(await openPage(user, 'bluecode'), 'close');
    expect(closed.searchParams.get('registration')).toBe('cancelled');
    expect(closed.searchParams.get('errorDescription')).toBe('BLUECODE_CLOSED');
    expect(await list(user)).toEqual([]);
  });

  it('Bluecode and Payconiq take the validation step: no proof, no payment (not among the four that skip it)', async () => {
    const user = await registerUser(s);
    const st = await createStation(s.ctx, { paymentMeans: ['BLUECODE', 'PAYCONIQ'] });
    for (const [n, provider] of (['bluecode', 'payconiq'] as const).entries()) {
      const id = await link(user, provider);
      const orderId = (await createOrderReq(s, user.token, orderBody(st.id, st.products[n]!.id))).body._id as string;
      const res = await authorizeReq(s, user.token, orderId, {
        ...authBody(3000, id),
        userInteraction: { urls: payUrls },
      });
      expect(res.status, `${provider}: ${res.text}`).toBe(403);
      expect(res.body.details?.reason).toBe('validation_required');
      const proven = await authorizeReq(s, user.token, orderId, {
        ...authBody(3000, id),
        paymentProof: await proofFor(user),
        userInteraction: { urls: payUrls },
      });
      expect(proven.status, proven.text).toBe(200);
      expect(proven.body.state).toBe('PAYMENT_PENDING');
    }
  });

  it('paying goes out to the provider page and back: approved, the hold is made and the pump released', async () => {
    const user = await registerUser(s);
    const id = await link(user, 'payconiq');
    const st = await createStation(s.ctx, { paymentMeans: ['DIRECT_CREDIT', 'PAYCONIQ'] });
    const orderId = (await createOrderReq(s, user.token, orderBody(st.id, st.products[0]!.id))).body._id as string;
    // Without return addresses the redirect cannot happen: 422.
    const noUrls = await authorizeReq(s, user.token, orderId, {
      ...authBody(3000, id),
      paymentProof: await proofFor(user),
    });
    expect(noUrls.status).toBe(422);
    const res = await authorizeReq(s, user.token, orderId, {
      ...authBody(3000, id),
      paymentProof: await proofFor(user),
      userInteraction: { urls: payUrls },
    });
    expect(res.status, res.text).toBe(200);
    const pending = orderSchema.parse(res.body);
    expect(pending.state).toBe('PAYMENT_PENDING');
    expect(pending.userInteraction?.isRequired).toBe(true);
    expect(await ledgerOf(s, orderId)).toEqual([]);
    const path = new URL(pending.userInteraction?.urls?.start as string).pathname;
    const page = await s.request(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('with Payconiq');
    expect(page.text).toContain('EUR 30.00');
    const back = await answer(path, 'approve');
    expect(back.pathname).toBe('/pay/prepay/fueling');
    expect(back.searchParams.get('sca_feedback')).toBe('approved');
    expect(back.searchParams.get('resultIndicator')).toBeTruthy();
    const after = orderSchema.parse((await s.request(`/api/v4/order/${orderId}`, { token: user.token })).body);
    expect(after.state).toBe('PRODUCT_PENDING');
    expect(after.payment).toMatchObject({ paymentMethodId: id, brand: 'PAYCONIQ', held: { amount: 3000 } });
    expect((await ledgerOf(s, orderId)).map((e) => e.kind)).toEqual(['HOLD']);
  });

  it('refused on the provider page: FAILED with a clear message, back to the error address; a wash too', async () => {
    const user = await registerUser(s);
    const id = await link(user, 'bluecode');
    const st = await createStation(s.ctx, {
      type: 'CAR_WASH',
      paymentMeans: ['BLUECODE'],
      products: [washBay('Bay 1'), washBay('Bay 2')],
    });
    const washUrls = { success: `${APP}/pay/wash/finish`, error: payUrls.error };
    const pay = async (bay: number) => {
      const created = await createOrderReq(s, user.token, orderBody(st.id, st.products[bay]!.id, 'WASH_BASIC'));
      const res = await authorizeReq(s, user.token, created.body._id, {
        ...authBody(900, id),
        paymentProof: await proofFor(user),
        userInteraction: { urls: washUrls },
      });
      expect(res.status, res.text).toBe(200);
      return { orderId: created.body._id as string, path: new URL(res.body.userInteraction.urls.start).pathname };
    };
    const refused = await pay(0);
    const back = await answer(refused.path, 'deny');
    expect(back.pathname).toBe('/error');
    expect(back.searchParams.get('sca_feedback')).toBe('failed');
    const failed = orderSchema.parse((await s.request(`/api/v4/order/${refused.orderId}`, { token: user.token })).body);
    expect(failed.state).toBe('FAILED');
    expect(failed.error?.message).toBe('Payment declined: refused in Bluecode');
    const paid = await pay(1);
    expect((await answer(paid.path, 'approve')).pathname).toBe('/pay/wash/finish');
    const washed = orderSchema.parse((await s.request(`/api/v4/order/${paid.orderId}`, { token: user.token })).body);
    expect(washed.state).toBe('PRODUCT_ACQUIRED');
    expect((await ledgerOf(s, paid.orderId)).map((e) => [e.kind, e.amount])).toEqual([
      ['HOLD', 900],
      ['CAPTURE', 900],
    ]);
  });

  it('a station that does not take Bluecode refuses it (422 method_not_accepted)', async () => {
    const user = await registerUser(s);
    const id = await link(user, 'bluecode');
    const st = await createStation(s.ctx, { paymentMeans: ['DIRECT_CREDIT', 'PAYCONIQ'] });
    const orderId = (await createOrderReq(s, user.token, orderBody(st.id, st.products[0]!.id))).body._id as string;
    const res = await authorizeReq(s, user.token, orderId, {
      ...authBody(3000, id),
      userInteraction: { urls: payUrls },
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toMatchObject({ reason: 'method_not_accepted', method: 'BLUECODE' });
  });
});
