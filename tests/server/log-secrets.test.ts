// The server's whole log keeps no secret (issue 34): a real process, every line it writes (JSON and start lines, at
// LOG_LEVEL=trace), while a driver registers, logs in, gets a temporary password by mail, logs in with it, changes the
// password, adds a card on the sandbox provider's page and pays an order with it. Then the log is searched for each
// password, the temporary password, every session token, the card number (as typed and as digits), its CVC in the
// request, and the provider page's id (a secret: the page has no session).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentMethodsResponse } from '../../contract/orders';
import { providerPageResponse } from '../../contract/payment-methods';
import { poi as poiSchema } from '../../contract/stations';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { call, useProcesses } from './spawn-server';

/** The Luhn check every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

describe('the log of a whole session holds no secret', () => {
  const start = useProcesses();
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-log-secrets-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('login, password reset, card, payment: no password, temporary password, token or card number in the log', async () => {
    const s = await start({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      LOG_REQUESTS: 'true',
      FORECOURT_AUTO_DRIVER: 'false',
    });
    await s.ready();
    const app = `http://localhost:${s.port}`;
    const email = `log-${randomBytes(4).toString('hex')}@example.com`;
    const password = `first-${randomBytes(6).toString('hex')}`;
    const newPassword = `second-${randomBytes(6).toString('hex')}`;
    const secrets: Record<string, string> = { password, newPassword };

    const registered = await call(s.base, '/api/auth/register', { body: { email, password, termsAccepted: true } });
    expect(registered.status).toBe(201);
    secrets.registerToken = registered.body.auth_token;
    const userId = registered.body._id as string;
    const login = await call(s.base, '/api/auth/login/local', { body: { email, password } });
    expect(login.status).toBe(200);
    secrets.loginToken = login.body.auth_token;

    // Forgotten password: the temporary one arrives in the development mailbox (this machine).
    expect((await call(s.base, '/api/auth/resend-password', { body: { email } })).status).toBe(200);
    let temp = '';
    for (let i = 0; i < 100 && !temp; i++) {
      const mails = await call(s.base, `/api/dev/mail?to=${encodeURIComponent(email)}`);
      temp = /password is: (\S+)/.exec(mails.body?.[0]?.text ?? '')?.[1] ?? '';
      if (!temp) await new Promise((r) => setTimeout(r, 100));
    }
    expect(temp).toMatch(/^\S{12}$/);
    secrets.tempPassword = temp;
    const tempLogin = await call(s.base, '/api/auth/login/local', { body: { email, password: temp } });
    expect(tempLogin.status).toBe(200);
    secrets.tempToken = tempLogin.body.auth_token;
    const changed = await call(s.base, '/api/auth/change-password', {
      token: tempLogin.body.auth_token,
      body: { oldPassword: temp, newPassword },
    });
    expect(changed.status).toBe(200);
    const token = changed.body.auth_token as string;
    secrets.token = token;

    // A card on the sandbox provider's page, as the driver types it.
    const back = `${app}/profile/payments/payment-register`;
    const urls = await call(
      s.base,
      `/api/payments/sandbox/urls?successUrl=${encodeURIComponent(back)}&errorUrl=${encodeURIComponent(`${back}?failed=1`)}`,
      { token },
    );
    expect(urls.status, urls.text).toBe(200);
    const pagePath = new URL(providerPageResponse.parse(urls.body).url).pathname;
    secrets.pageId = pagePath.split('/').pop() as string;
    expect((await fetch(s.base + pagePath)).status).toBe(200);
    const card = { number: '5555 5555 5555 4444', holder: 'Log Driver', expiry: '11/2035', cvc: '864', action: 'save' };
    const saved = await fetch(s.base + pagePath, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(card).toString(),
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    const methods = paymentMethodsResponse.parse(
      (await call(s.base, `/api/v4/payment-methods/?customerId=${userId}&state=ACTIVE`, { token })).body,
    );
    const method = methods.find((m) => m.details.last4 === '4444');
    expect(method).toBeTruthy();

    // An order paid with it.
    const station = poiSchema.parse((await call(s.base, `/api/v4/pois/${DEMO_STATIONS.prepay.id}`)).body);
    const pump = station.products.find((p) => p.facility === 'PUMP' && p.attributes.status === 'AVAILABLE');
    const item = pump?.attributes.availableItems?.[0];
    const me = await call(s.base, `/api/users/${userId}`, { token });
    const created = await call(s.base, '/api/v4/order', {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: {
        poiId: station._id,
        ...(me.body.thingId ? { thingId: me.body.thingId } : {}),
        autoAcquire: true,
        products: [{ productId: pump?._id, fuelTypeId: item?.itemCode }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const paid = await call(s.base, `/api/v4/order/${created.body._id}/authorize`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { authorizePrice: { amount: 2000, currency: item?.currency, precision: 2 }, paymentMethodId: method?.id },
    });
    expect(paid.status, paid.text).toBe(200);
    expect((await call(s.base, `/api/v4/order/${created.body._id}/cancel`, { method: 'POST', token })).status).toBe(
      200,
    );

    s.child.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
    const log = s.output();
    // The log saw all of it (a request line per call, the user on them), so its silence below means something.
    const routes = new Set(s.logLines().map((l) => l.route));
    for (const route of [
      '/api/auth/register',
      '/api/auth/login/local',
      '/api/auth/resend-password',
      '/api/auth/change-password',
      '/psp/cards/:id',
      '/api/v4/order/:id/authorize',
    ]) {
      expect(routes, route).toContain(route);
    }
    expect(s.logLines().some((l) => l.user === userId)).toBe(true);
    for (const [what, secret] of Object.entries(secrets)) expect(log.includes(secret), what).toBe(false);
    expect(log).not.toMatch(/5555 ?5555 ?5555 ?4444/);
    expect(log).not.toMatch(/\b864\b/);
    // Nothing that looks like a card number at all: 13-19 digits (spaces or dashes between groups) that pass the Luhn
    // check, once request ids (UUIDs) and our hex ids are taken out (their digits are not card numbers).
    const scrubbed = log
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'uuid')
      .replace(/[0-9a-f]{16,}/gi, 'hex');
    const candidates = [...scrubbed.matchAll(/(?<![\w-])\d(?:[ -]?\d){12,18}(?![\w-])/g)].map((m) => m[0]);
    expect(candidates.filter((c) => luhn(c.replace(/\D/g, '')))).toEqual([]);
  }, 360_000);
});
