// Wallets through HTTP (pay-flows.md §3 Merchant config, §6 guests, §7 Payments): the merchant best match, Apple Pay's
// merchant session, Amazon Pay's signed configs (a real RSASSA-PSS signature over Amazon's string to sign), and paying
// with the sandbox's wallet test tokens — as a guest only at a guestCheckout station with an email and billing address.
import { constants, createHash, createPublicKey, verify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, ledgerOf, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

const APP = 'http://localhost:8080';
const MEANS = ['DIRECT_CREDIT', 'GOOGLE_PAY', 'APPLE_PAY', 'AMAZON_PAY'];
const contact = {
  invoiceEmail: 'guest@example.com',
  firstName: 'Gina',
  lastName: 'Guest',
  address: { street: 'Teststraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
};

describe.each(drivers)('wallets (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });

  const guest = async () => (await s.request('/api/auth/register/guest', { body: {} })).body.auth_token as string;

  it('GET /v4/merchants/best-match: the station country, else the driver’s, else DE; needs a session', async () => {
    const d = await newDriver(s);
    const q = (qs: string) => s.request(`/api/v4/merchants/best-match?${qs}`, { token: d.token });
    const pt = await q('poiCountry=PT&userCountry=DE&providerMethod=GOOGLE_PAY&productType=GAS');
    expect(pt.status).toBe(200);
    expect(pt.body).toMatchObject({
      merchantId: 'forecourt-sandbox-pt',
      acquirer: { countryCode: 'PT' },
      applePayMerchantId: 'merchant.pay.forecourt.sandbox',
    });
    expect((await q('poiCountry=US&userCountry=nl&providerMethod=APPLE_PAY')).body.acquirer.countryCode).toBe('NL');
    expect((await q('poiCountry=US&providerMethod=APPLE_PAY')).body.acquirer.countryCode).toBe('DE');
    expect((await q('poiCountry=DE&providerMethod=CASH')).status).toBe(400);
    expect((await s.request('/api/v4/merchants/best-match?poiCountry=DE&providerMethod=GOOGLE_PAY')).status).toBe(401);
  });

  it('POST /v4/apple-pay/session: a merchant session for this domain and merchant only', async () => {
    const d = await newDriver(s);
    const body = {
      merchantIdentifier: 'merchant.pay.forecourt.sandbox',
      displayName: 'Forecourt Pay',
      initiative: 'web',
      initiativeContext: 'localhost',
    };
    const ok = await s.request('/api/v4/apple-pay/session', { token: d.token, body });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ merchantIdentifier: body.merchantIdentifier, domainName: 'localhost' });
    expect(ok.body.expiresAt).toBeGreaterThan(ok.body.epochTimestamp);
    const other = await s.request('/api/v4/apple-pay/session', {
      token: d.token,
      body: { ...body, initiativeContext: 'evil.example' },
    });
    expect(other.status).toBe(422);
    const wrong = await s.request('/api/v4/apple-pay/session', {
      token: d.token,
      body: { ...body, initiative: 'app' },
    });
    expect(wrong.status).toBe(400);
  });

  it('Amazon Pay configs are signed as Amazon asks, and return only into this app', async () => {
    const d = await newDriver(s);
    const res = await s.request('/api/v4/amazon-pay/session-config', {
      token: d.token,
      body: {
        authorizeAmount: { currencyCode: 'EUR', amount: '30.00' },
        webCheckoutDetails: {
          checkoutResultReturnUrl: `${APP}/pay/prepay/summary?pid=p1`,
          checkoutCancelUrl: `${APP}/pay/prepay/summary?pid=p1&amazonIsCancel=true`,
        },
      },
    });
    expect(res.status).toBe(200);
    const payload = JSON.parse(res.body.payloadJSON);
    expect(payload.paymentDetails.chargeAmount).toEqual({ amount: '30.00', currencyCode: 'EUR' });
    expect(payload.webCheckoutDetails.checkoutResultReturnUrl).toBe(`${APP}/pay/prepay/summary?pid=p1`);
    expect(res.body).toMatchObject({ publicKeyId: 'SANDBOX', sandbox: true, ledgerCurrency: 'EUR' });
    const { amazonSandboxPublicKey } = await import('../../server/psp/amazon-pay');
    const toSign = `AMZN-PAY-RSASSA-PSS\n${createHash('sha256').update(res.body.payloadJSON).digest('hex')}`;
    const valid = verify(
      'sha256',
      Buffer.from(toSign),
      {
        key: createPublicKey(amazonSandboxPublicKey() as string),
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: 20,
      },
      Buffer.from(res.body.signature, 'base64'),
    );
    expect(valid).toBe(true);
    const evil = await s.request('/api/v4/amazon-pay/session-config', {
      token: d.token,
      body: {
        authorizeAmount: { currencyCode: 'EUR', amount: '30.00' },
        webCheckoutDetails: { checkoutResultReturnUrl: 'https://evil.example/', checkoutCancelUrl: `${APP}/` },
      },
    });
    expect(evil.status).toBe(422);
    const cents = await s.request('/api/v4/amazon-pay/session-config', {
      token: d.token,
      body: {
        authorizeAmount: { currencyCode: 'EUR', amount: '30' },
        webCheckoutDetails: { checkoutResultReturnUrl: `${APP}/`, checkoutCancelUrl: `${APP}/` },
      },
    });
    expect(cents.status).toBe(400);
    const button = await s.request('/api/auth/amazon-pay/button-config', {
      body: { signInReturnUrl: `${APP}/login`, signInCancelUrl: `${APP}/login` },
    });
    expect(button.status).toBe(200);
    expect(JSON.parse(button.body.payloadJSON).signInScopes).toContain('email');
  });

  it('a guest pays with a wallet test token at a guestCheckout station; a decline token fails the order', async () => {
    const st = await createStation(s.ctx, { guestCheckout: true, paymentMeans: MEANS });
    const token = await guest();
    const order = await createOrderReq(s, token, orderBody(st.id, st.products[0]!.id));
    const paid = await authorizeReq(s, token, order.body._id, {
      ...authBody(3000),
      paymentToken: { googlePayToken: 'sbx_wallet_approve_abc' },
      userDetails: contact,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.state).toBe('PRODUCT_PENDING');
    expect(paid.body.payment).toMatchObject({ brand: 'GOOGLE_PAY' });
    expect((await ledgerOf(s, order.body._id)).map((e) => e.kind)).toEqual(['HOLD']);
    const other = await createOrderReq(s, token, orderBody(st.id, st.products[1]!.id));
    const declined = await authorizeReq(s, token, other.body._id, {
      ...authBody(3000),
      paymentToken: { applePayToken: 'sbx_wallet_insufficient_funds_x' },
      userDetails: contact,
    });
    expect(declined.body).toMatchObject({
      state: 'FAILED',
      error: { message: 'Payment declined: insufficient funds' },
    });
  });

  it('a guest is refused without guest checkout, without a wallet, without email and address, with a wallet the station does not take', async () => {
    const token = await guest();
    const noGuest = await createStation(s.ctx, { guestCheckout: false, paymentMeans: MEANS });
    const a = await createOrderReq(s, token, orderBody(noGuest.id, noGuest.products[0]!.id));
    const wallet = { paymentToken: { googlePayToken: 'sbx_wallet_approve_abc' }, userDetails: contact };
    expect((await authorizeReq(s, token, a.body._id, { ...authBody(3000), ...wallet })).status).toBe(403);
    const st = await createStation(s.ctx, { guestCheckout: true, paymentMeans: ['DIRECT_CREDIT', 'APPLE_PAY'] });
    const b = await createOrderReq(s, token, orderBody(st.id, st.products[0]!.id));
    expect((await authorizeReq(s, token, b.body._id, authBody(3000))).status).toBe(422);
    const noContact = { ...authBody(3000), paymentToken: { applePayToken: 'sbx_wallet_approve_abc' } };
    expect((await authorizeReq(s, token, b.body._id, noContact)).status).toBe(422);
    expect((await authorizeReq(s, token, b.body._id, { ...authBody(3000), ...wallet })).status).toBe(422);
    expect((await s.request(`/api/v4/order/${b.body._id}`, { token })).body.state).toBe('CREATED');
  });
});
