// The payment methods through HTTP: the sandbox provider's hosted card page (register, edit, cancel, validation), the
// list with isSupportedPOI, set preferred, deactivate, the limit, ownership everywhere, and that no card number ever
// reaches a table or the log.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMethodsResponse } from '../../contract/orders';
import { limitExceededResponse, PAYMENT_METHODS_LIMIT, providerPageResponse } from '../../contract/payment-methods';
import { stationMethods } from '../../contract/plain/station-methods';
import type { Logger } from '../../server/context';
import { paymentMethods } from '../../server/db/schema';
import { drivers, type Registered, registerUser, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

const APP = 'http://localhost:8080';
const SUCCESS = `${APP}/profile/payments/payment-register`;
const ERROR = `${APP}/profile/payments/payment-register?failed=1`;
const urls = (success = SUCCESS, error = ERROR) =>
  `successUrl=${encodeURIComponent(success)}&errorUrl=${encodeURIComponent(error)}`;
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
/** db.execute answers {rows} on both drivers (PGlite and node-postgres). */
const rowsOf = <T = unknown>(result: unknown): T[] => (result as { rows: T[] }).rows;
const CARD = { number: '4242 4242 4242 4242', holder: 'Ada Driver', expiry: '12/2034', cvc: '123', action: 'save' };

describe.each(drivers)('payment methods (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  const logged: string[] = [];
  beforeAll(async () => {
    const log: Logger = {
      info: (line) => logged.push(line),
      error: (line, err) => logged.push(`${line} ${String(err)}`),
    };
    s = await t.server.withEnv({ LOG_REQUESTS: 'true' }, { log });
  });

  async function openPage(user: Registered) {
    const res = await s.request(`/api/payments/sandbox/urls?${urls()}`, { token: user.token });
    expect(res.status).toBe(200);
    const page = providerPageResponse.parse(res.body);
    expect(page.url).toMatch(/^http:\/\/localhost:8080\/psp\/cards\/[A-Za-z0-9_-]+$/);
    return new URL(page.url).pathname;
  }
  async function register(user: Registered, card: Record<string, string> = CARD) {
    const path = await openPage(user);
    const res = await s.request(path, form(card));
    expect(res.status, res.text).toBe(303);
    return new URL(res.headers.get('location') as string);
  }
  const list = async (user: Registered, extra = '') => {
    const res = await s.request(`/api/v4/payment-methods/?customerId=${user.id}&state=ACTIVE${extra}`, {
      token: user.token,
    });
    expect(res.status).toBe(200);
    return paymentMethodsResponse.parse(res.body);
  };

  it('registers a card on the provider page and returns to the app with the payment-return query', async () => {
    const user = await registerUser(s);
    const path = await openPage(user);
    const page = await s.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.text).toContain('autocomplete="cc-number"');
    const back = await register(user);
    expect(`${back.origin}${back.pathname}`).toBe(SUCCESS);
    expect(back.searchParams.get('registration')).toBe('success');
    expect(back.searchParams.get('type')).toBe('register');
    expect(back.searchParams.get('provider')).toBe('sandbox');
    expect(back.searchParams.get('method')).toBe('DIRECT_CREDIT');
    const [card] = await list(user);
    expect(card).toMatchObject({
      id: back.searchParams.get('paymentId'),
      method: 'DIRECT_CREDIT',
      isPreferred: true,
      details: { brand: 'VISA', last4: '4242', expiry: '12/2034', holderName: 'Ada Driver', cardNumber: '•••• 4242' },
    });
  });

  it('keeps no card number in any text column of any table, nor in the server log', async () => {
    const user = await registerUser(s);
    await register(user, { ...CARD, number: '5555 5555 5555 4444', cvc: '987' });
    await register(user, { ...CARD, number: '4000000000009995', cvc: '456' });
    const rows = rowsOf<{ table_name: string; column_name: string }>(
      await s.ctx.db.execute(
        sql`select table_name, column_name from information_schema.columns
            where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`,
      ),
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const { table_name, column_name } of rows) {
      const found = await s.ctx.db.execute(
        // A card number or its first 12 digits as a run of its own: not inside a longer hex id (the seeded network's
        // station and product ids are hex and may hold twelve zeros).
        sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ~ ${'(^|[^0-9a-f])(555555555555|400000000000)[0-9]*([^0-9a-f]|$)'} limit 1`,
      );
      const hits = rowsOf(found);
      expect(hits, `${table_name}.${column_name}`).toHaveLength(0);
    }
    expect(logged.some((l) => l.includes('/psp/cards/'))).toBe(true);
    expect(logged.join('\n')).not.toMatch(/5555555555554444|4000000000009995|5555 5555|\b987\b/);
    const methods = await list(user);
    expect(methods.map((m) => m.details.last4).sort()).toEqual(['4444', '9995']);
  });

  it('checks the card on the page and never echoes the number or the security code', async () => {
    const user = await registerUser(s);
    const path = await openPage(user);
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...CARD, number: '4242 4242 4242 4241' }, /This card number is not valid/],
      [{ ...CARD, expiry: '01/2020' }, /This card has expired/],
      [{ ...CARD, expiry: '13/2030' }, /from 01 to 12/],
      [{ ...CARD, expiry: '2030-12' }, /MM\/YYYY/],
      [{ ...CARD, cvc: '12' }, /3-digit security code/],
      [{ ...CARD, number: '378282246310005', cvc: '123' }, /4-digit security code/],
      [{ ...CARD, holder: ' ' }, /name as it is on the card/],
    ];
    for (const [fields, message] of cases) {
      const res = await s.request(path, form(fields));
      expect(res.status).toBe(400);
      expect(res.text).toMatch(message);
      // The number field comes back empty (the page lists the sandbox's test cards, so look at the field itself).
      expect(res.text).toMatch(/<input id="number" [^>]*required maxlength="23"( aria-invalid="true"[^>]*)?>/);
      expect(res.text).not.toMatch(/value="[\d ]{12,}"/);
      expect(res.text).not.toContain(`value="${fields.cvc}"`);
    }
    expect(await list(user)).toEqual([]);
    // Still open after the errors: a good card goes through.
    const ok = await s.request(path, form(CARD));
    expect(ok.status).toBe(303);
    // Single use: the page is gone after it was used.
    expect((await s.request(path)).status).toBe(404);
    expect((await s.request(path, form(CARD))).status).toBe(404);
    expect(await list(user)).toHaveLength(1);
  });

  it('cancel returns to errorUrl with registration=cancelled and saves nothing', async () => {
    const user = await registerUser(s);
    const path = await openPage(user);
    const res = await s.request(path, form({ action: 'cancel' }));
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') as string);
    expect(back.searchParams.get('failed')).toBe('1');
    expect(back.searchParams.get('registration')).toBe('cancelled');
    expect(await list(user)).toEqual([]);
  });

  it('returns only into this app, and only for its own provider', async () => {
    const user = await registerUser(s);
    for (const bad of ['https://evil.example/steal', 'javascript:alert(1)', '/relative']) {
      const res = await s.request(`/api/payments/sandbox/urls?${urls(bad)}`, { token: user.token });
      expect(res.status, bad).toBe(422);
    }
    expect((await s.request(`/api/payments/other/urls?${urls()}`, { token: user.token })).status).toBe(404);
    expect((await s.request(`/api/payments/sandbox/urls?${urls()}`)).status).toBe(401);
    expect((await s.request('/psp/cards/not-a-page-id-at-all-123456')).status).toBe(404);
  });

  it("takes the spec's registration fields: the method the provider takes, and method-specific fields (§7)", async () => {
    const user = await registerUser(s);
    const asked = (provider: string, extra: string) =>
      s.request(`/api/payments/${provider}/urls?${urls()}&${extra}`, { token: user.token });
    const card = await asked('sandbox', 'method=CREDIT_CARD&resultIndicator=r1&sessionVersion=v2&nonce=n3');
    expect(card.status).toBe(200);
    expect((card.body as { provider: string }).provider).toBe('sandbox');
    const wrong = await asked('sandbox', 'method=PAYPAL');
    expect(wrong.status).toBe(422);
    expect((wrong.body as { details: { path: string }[] }).details[0]?.path).toBe('method');
    expect((await asked('sandbox', 'method=NOT_A_METHOD')).status).toBe(400);
    expect((await asked('sandbox', 'phoneNumber=%2B351912345678')).status).toBe(400);
    expect((await asked('mbway', 'method=MBWAY&phoneNumber=%2B351912345678')).status).toBe(200);
  });

  it('edits a card on the provider page: new expiry and holder, same card', async () => {
    const user = await registerUser(s);
    const back = await register(user);
    const id = back.searchParams.get('paymentId') as string;
    const res = await s.request(`/api/v4/payment-methods/${id}?${urls()}`, { method: 'PATCH', token: user.token });
    expect(res.status).toBe(200);
    const path = new URL(providerPageResponse.parse(res.body).url).pathname;
    const page = await s.request(path);
    expect(page.text).toContain('VISA •••• 4242');
    expect(page.text).not.toContain('autocomplete="cc-number"');
    const done = await s.request(path, form({ holder: 'Ada Lovelace', expiry: '03/2036', cvc: '321', action: 'save' }));
    expect(done.status).toBe(303);
    const edited = new URL(done.headers.get('location') as string);
    expect(edited.searchParams.get('type')).toBe('edit');
    expect(edited.searchParams.get('paymentId')).toBe(id);
    const [card] = await list(user);
    expect(card?.details).toMatchObject({ last4: '4242', expiry: '03/2036', holderName: 'Ada Lovelace' });
  });

  it('set as preferred moves the mark; the preferred one cannot be deactivated (409) until another is preferred', async () => {
    const d = await newDriver(s);
    const [visa, declining] = await list(d);
    expect(visa).toMatchObject({ id: d.visaId, isPreferred: true });
    const refused = await s.request(`/api/v4/payment-methods/${d.visaId}/deactivate`, {
      method: 'POST',
      token: d.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/preferred/);
    const set = await s.request(`/api/v4/payment-methods/${declining?.id}/set-as-preferred`, {
      method: 'POST',
      token: d.token,
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: d.decliningId, isPreferred: true });
    expect((await list(d)).filter((m) => m.isPreferred).map((m) => m.id)).toEqual([d.decliningId]);
    const gone = await s.request(`/api/v4/payment-methods/${d.visaId}/deactivate`, { method: 'POST', token: d.token });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ state: 'INACTIVE', isPreferred: false });
    expect((await list(d)).map((m) => m.id)).toEqual([d.decliningId]);
    // An inactive method is no longer payable nor editable.
    expect(
      (await s.request(`/api/v4/payment-methods/${d.visaId}/set-as-preferred`, { method: 'POST', token: d.token }))
        .status,
    ).toBe(404);
    // The only method left may go: there is nothing to switch to.
    const last = await s.request(`/api/v4/payment-methods/${d.decliningId}/deactivate`, {
      method: 'POST',
      token: d.token,
    });
    expect(last.status).toBe(200);
    expect(await list(d)).toEqual([]);
  });

  it('another user’s payment method is 404 everywhere, also as paymentMethodId in authorize', async () => {
    const owner = await newDriver(s);
    const other = await newDriver(s);
    const id = owner.visaId;
    const calls: [string, { method: string }][] = [
      [`/api/v4/payment-methods/${id}/set-as-preferred`, { method: 'POST' }],
      [`/api/v4/payment-methods/${id}/deactivate`, { method: 'POST' }],
      [`/api/v4/payment-methods/${id}?${urls()}`, { method: 'PATCH' }],
    ];
    for (const [path, opts] of calls) {
      const res = await s.request(path, { ...opts, token: other.token });
      expect(res.status, path).toBe(404);
    }
    expect((await s.request(`/api/v4/payment-methods/?customerId=${owner.id}`, { token: other.token })).status).toBe(
      403,
    );
    const st = await createStation(s.ctx);
    const created = await createOrderReq(s, other.token, orderBody(st.id, st.products[0]!.id));
    expect(created.status).toBe(201);
    const auth = await authorizeReq(s, other.token, created.body._id, authBody(2000, id));
    expect(auth.status).toBe(404);
    // The owner's list is unchanged.
    expect((await list(owner)).find((m) => m.id === id)).toMatchObject({ state: 'ACTIVE', isPreferred: true });
  });

  it('the limit: 10 active methods, then the add page is refused and the provider page saves nothing more', async () => {
    const user = await registerUser(s);
    const path = await openPage(user); // opened before the limit was reached
    const now = s.ctx.clock.now();
    await s.ctx.db.insert(paymentMethods).values(
      Array.from({ length: PAYMENT_METHODS_LIMIT - 1 }, (_, i) => ({
        id: `limit-${user.id}-${i}`,
        userId: user.id,
        provider: 'sandbox',
        method: 'DIRECT_CREDIT',
        token: `tok_limit_${user.id}_${i}`,
        brand: 'VISA',
        last4: String(1000 + i),
        expMonth: 12,
        expYear: 2035,
        createdAt: new Date(now.getTime() + i),
      })),
    );
    const under = await s.request('/api/v4/payment-methods/is-payment-methods-limit-exceeded', { token: user.token });
    expect(limitExceededResponse.parse(under.body)).toEqual({ isLimitExceeded: false, limit: 10, active: 9 });
    await register(user);
    const over = await s.request('/api/v4/payment-methods/is-payment-methods-limit-exceeded', { token: user.token });
    expect(limitExceededResponse.parse(over.body)).toEqual({ isLimitExceeded: true, limit: 10, active: 10 });
    const refused = await s.request(`/api/payments/sandbox/urls?${urls()}`, { token: user.token });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({ reason: 'payment_methods_limit' });
    // A page opened earlier returns an error instead of an eleventh card.
    const late = await s.request(path, form(CARD));
    expect(late.status).toBe(303);
    expect(new URL(late.headers.get('location') as string).searchParams.get('registration')).toBe('error');
    expect(await list(user)).toHaveLength(10);
  });

  it('isSupportedPOI follows the station; MAESTRO and AMERICAN_EXPRESS count as DIRECT_CREDIT', async () => {
    const d = await newDriver(s);
    const cards = await createStation(s.ctx, { paymentMeans: ['DIRECT_CREDIT', 'GOOGLE_PAY'] });
    const walletsOnly = await createStation(s.ctx, { paymentMeans: ['GOOGLE_PAY', 'APPLE_PAY'] });
    const maestro = await createStation(s.ctx, { paymentMeans: ['MAESTRO'] });
    expect((await list(d, `&supportedByPoi=${cards.id}`)).every((m) => m.isSupportedPOI)).toBe(true);
    expect((await list(d, `&supportedByPoi=${walletsOnly.id}`)).some((m) => m.isSupportedPOI)).toBe(false);
    expect((await list(d, `&supportedByPoi=${maestro.id}`)).every((m) => m.isSupportedPOI)).toBe(true);
    expect((await list(d, `&supportedByPoiProduct=${walletsOnly.products[0]!.id}`)).some((m) => m.isSupportedPOI)).toBe(
      false,
    );
    expect((await list(d)).every((m) => m.isSupportedPOI && m.isPMSupportedOnDevice)).toBe(true);
    expect([...stationMethods(['AMERICAN_EXPRESS', 'PAYPAL'])]).toEqual(['DIRECT_CREDIT', 'PAYPAL', 'CREDIT_CARD']);
    expect([...stationMethods(['PAYPAL'])]).toEqual(['PAYPAL']);
  });

  it('lists the providers', async () => {
    const user = await registerUser(s);
    const res = await s.request('/api/v4/features/psp/available-providers', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { provider: 'sandbox', methods: ['DIRECT_CREDIT', 'CREDIT_CARD'] },
      { provider: 'paypal', methods: ['PAYPAL'] },
      { provider: 'mbway', methods: ['MBWAY'] },
      { provider: 'fuelcard', methods: ['FUEL_CARD'] },
      { provider: 'bluecode', methods: ['BLUECODE'] },
      { provider: 'payconiq', methods: ['PAYCONIQ'] },
    ]);
  });

  it('the test cards: insufficient funds and expired decline the authorization with their reason', async () => {
    const user = await registerUser(s);
    const st = await createStation(s.ctx);
    for (const [number, reason] of [
      ['4000000000009995', 'insufficient funds'],
      ['4000000000000069', 'the card has expired'],
      ['4000000000000002', 'Payment declined'],
    ] as const) {
      const back = await register(user, { ...CARD, number });
      const created = await createOrderReq(s, user.token, orderBody(st.id, st.products[0]!.id));
      const auth = await authorizeReq(
        s,
        user.token,
        created.body._id,
        authBody(2000, back.searchParams.get('paymentId') as string),
      );
      expect(auth.status).toBe(200);
      expect(auth.body.state).toBe('FAILED');
      expect(auth.body.error.message).toContain(reason);
    }
  });
});
