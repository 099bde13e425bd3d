import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginResponse } from '../../contract/auth';
import { apiErrorBody } from '../../contract/errors';
import { deliverMail, drivers, latestMail, PASSWORD, registerUser, uniqueEmail, useServer } from './helpers';

describe.each(drivers)('auth (%s)', (driver) => {
  const t = useServer(driver);
  afterEach(() => {
    vi.useRealTimers();
  });

  const login = (email: string, password: string, address?: string) =>
    t.server.request('/api/auth/login/local', { body: { email, password }, ...(address ? { address } : {}) });

  describe('POST /auth/register', () => {
    it('creates the user, logs them in and answers 201 {auth_token, _id}', async () => {
      const email = uniqueEmail('reg');
      const res = await t.server.request('/api/auth/register', {
        body: {
          email,
          password: PASSWORD,
          termsAccepted: true,
          firstName: 'Kim',
          marketingPermissions: { email: true },
        },
      });
      expect(res.status).toBe(201);
      const body = loginResponse.parse(res.body);
      expect(body._id).toMatch(/^[0-9a-f]{24}$/);
      expect(body.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const me = await t.server.request(`/api/users/${body._id}`, { token: body.auth_token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email, firstName: 'Kim', isGuest: false, passwordExpired: false });
      expect(me.body.marketingPermissions).toEqual({ email: true, push: false, sms: false });
    });

    it('stores the email lowercased and trimmed', async () => {
      const email = uniqueEmail('case');
      const res = await t.server.request('/api/auth/register', {
        body: { email: `  ${email.toUpperCase()} `, password: PASSWORD, termsAccepted: true },
      });
      expect(res.status).toBe(201);
      expect((await login(email, PASSWORD)).status).toBe(200);
    });

    it('an email that has an account answers like a new registration; its owner is mailed instead (issue 32.13)', async () => {
      const owner = await registerUser(t.server, { firstName: 'Ana' });
      // The account's language: the app's at its last sign-in.
      const signIn = await t.server.request('/api/auth/login/local', {
        body: { email: owner.email, password: PASSWORD },
        headers: { 'x-locale': 'de-DE' },
      });
      expect(signIn.status).toBe(200);
      const register = (email: string) =>
        t.server.request('/api/auth/register', {
          body: { email, password: 'another-pass-1', termsAccepted: true },
          headers: { 'x-locale': 'en-GB' },
        });
      const freshEmail = uniqueEmail('fresh');
      const fresh = await register(freshEmail);
      const taken = await register(owner.email.toUpperCase());
      // The same status, headers and shape: a token and an id of the same forms.
      expect(taken.status).toBe(201);
      expect(fresh.status).toBe(201);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(taken.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
      expect(taken.body.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fresh.body.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(taken.body._id).toMatch(/^[0-9a-f]{24}$/);
      expect(fresh.body._id).toMatch(/^[0-9a-f]{24}$/);
      // Nothing changed: the owner's password works, the typed one does not; the token opens nothing.
      expect((await login(owner.email, PASSWORD)).status).toBe(200);
      expect((await login(owner.email, 'another-pass-1')).status).toBe(401);
      expect((await t.server.request(`/api/users/${taken.body._id}`, { token: taken.body.auth_token })).status).toBe(
        401,
      );
      expect((await t.server.request(`/api/users/${fresh.body._id}`, { token: fresh.body.auth_token })).status).toBe(
        200,
      );
      // The owner learns of it, in the account's language (German), not the request's.
      const mail = await latestMail(t.server, owner.email);
      expect(mail?.subject).toBe('Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren');
      expect(mail?.text).toContain('Sie haben bereits ein Konto');
      expect(mail?.text).toContain(`http://localhost:8080/login?email=${encodeURIComponent(owner.email)}`);
      expect(mail?.html).toContain('<html lang="de">');
      // A new registration gets no such mail.
      expect(await latestMail(t.server, freshEmail)).toBeUndefined();
      // At most three such mails per address in 15 minutes (no mail bombing through the form).
      for (let i = 0; i < 4; i++) expect((await register(owner.email)).status).toBe(201);
      await deliverMail(t.server);
      const list = await t.server.request(`/api/dev/mail?to=${encodeURIComponent(owner.email)}`);
      expect(list.body).toHaveLength(3);
    });

    it('an unknown friend’s code is refused alike for a new and a taken email', async () => {
      const { email } = await registerUser(t.server);
      for (const address of [email, uniqueEmail('fresh')]) {
        const res = await t.server.request('/api/auth/register', {
          body: { email: address, password: 'another-pass-1', termsAccepted: true, referralCode: 'ZZZZ9999' },
        });
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('referral_code_unknown');
      }
    });

    it.each([
      ['7-character password', { password: 'x'.repeat(7) }, 'password'],
      ['41-character password', { password: 'x'.repeat(41) }, 'password'],
      ['terms not accepted', { termsAccepted: false }, 'termsAccepted'],
      ['invalid email', { email: 'not-an-email' }, 'email'],
      ['wrong type', { firstName: 42 }, 'firstName'],
      ['unknown field', { isAdmin: true }, 'isAdmin'],
    ])('rejects %s with 400 validation_error', async (_name, change, path) => {
      const body = { email: uniqueEmail(), password: PASSWORD, termsAccepted: true, ...change };
      const res = await t.server.request('/api/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    });

    it('accepts 8- and 40-character passwords', async () => {
      // Lengths at both bounds; varied characters, since one repeated character is refused as a pattern (issue 32.7).
      const forty = 'Tq7#mLp2Vw9!kRz4Xc6$hJn8Bd3%fGs5Ya1&uEo0';
      expect(forty).toHaveLength(40);
      for (const password of ['Tq7#mLp2', forty]) {
        const res = await t.server.request('/api/auth/register', {
          body: { email: uniqueEmail(), password, termsAccepted: true },
        });
        expect(res.status).toBe(201);
      }
    });

    it('rejects a missing field with 400 validation_error', async () => {
      const res = await t.server.request('/api/auth/register', { body: { email: uniqueEmail(), termsAccepted: true } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', details: [{ path: 'password' }] });
    });

    it('rejects malformed JSON with 400 bad_request', async () => {
      const res = await t.server.request('/api/auth/register', { rawBody: '{"email": ' });
      expect(res.status).toBe(400);
      expect(apiErrorBody.parse(res.body).code).toBe('bad_request');
      expect(res.text).not.toMatch(/at .*\.ts/);
    });
  });

  describe('POST /auth/login/local', () => {
    it('answers {auth_token, _id} for the right password', async () => {
      const user = await registerUser(t.server);
      const res = await login(user.email, user.password);
      expect(res.status).toBe(200);
      expect(res.body._id).toBe(user.id);
      expect(res.body.passwordExpired).toBeUndefined();
      expect(res.body.auth_token).not.toBe(user.token);
    });

    it('answers 401 wrong_login_details for a wrong password and for an unknown email alike', async () => {
      const user = await registerUser(t.server);
      const wrong = await login(user.email, 'wrong-password');
      const unknown = await login(uniqueEmail('nobody'), 'wrong-password');
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('wrong_login_details');
      }
      expect(wrong.body.message).toBe(unknown.body.message);
    });

    it('rejects an empty password and a missing email with 400 validation_error', async () => {
      expect(
        (await t.server.request('/api/auth/login/local', { body: { email: uniqueEmail(), password: '' } })).status,
      ).toBe(400);
      const res = await t.server.request('/api/auth/login/local', { body: { password: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    });

    it('throttles an account after LOGIN_MAX_FAILURES_PER_ACCOUNT failures with 429 and Retry-After', async () => {
      const user = await registerUser(t.server);
      for (let i = 0; i < 5; i++) expect((await login(user.email, 'bad-password')).status).toBe(401);
      const blocked = await login(user.email, user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too_many_requests');
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      // Another account is not affected.
      const other = await registerUser(t.server);
      expect((await login(other.email, other.password)).status).toBe(200);
    });

    it('opens again when the window is over', async () => {
      const user = await registerUser(t.server);
      for (let i = 0; i < 5; i++) await login(user.email, 'bad-password');
      expect((await login(user.email, user.password)).status).toBe(429);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 901_000);
      expect((await login(user.email, user.password)).status).toBe(200);
    });

    it('resets the account counter after a successful login', async () => {
      const user = await registerUser(t.server);
      for (let i = 0; i < 4; i++) await login(user.email, 'bad-password');
      expect((await login(user.email, user.password)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(user.email, 'bad-password')).status).toBe(401);
      expect((await login(user.email, user.password)).status).toBe(200);
    });

    it('throttles a client address across accounts', async () => {
      const strict = await t.server.withEnv({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
      const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 3; i++) {
        const res = await strict.request('/api/auth/login/local', {
          body: { email: uniqueEmail('spray'), password: 'whatever-1' },
          address,
        });
        expect(res.status).toBe(401);
      }
      const user = await registerUser(strict);
      const blocked = await strict.request('/api/auth/login/local', {
        body: { email: user.email, password: user.password },
        address,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBeTruthy();
      const elsewhere = await strict.request('/api/auth/login/local', {
        body: { email: user.email, password: user.password },
        address: '10.200.0.1',
      });
      expect(elsewhere.status).toBe(200);
    });

    it('behind a trusted proxy, throttles by the address our proxy saw (the last X-Forwarded-For entry), not a claimed one', async () => {
      const proxied = await t.server.withEnv({ LOGIN_MAX_FAILURES_PER_ADDRESS: '2', TRUSTED_PROXIES: '127.0.0.1' });
      const client = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const attempt = (forwardedFor: string) =>
        proxied.request('/api/auth/login/local', {
          body: { email: uniqueEmail('proxy'), password: 'whatever-1' },
          headers: { 'x-forwarded-for': forwardedFor },
          address: '127.0.0.1',
        });
      // The client claims another address each time (left); our proxy appends the one it saw (right).
      expect((await attempt(`10.0.0.1, ${client}`)).status).toBe(401);
      expect((await attempt(`10.0.0.2, ${client}`)).status).toBe(401);
      expect((await attempt(client)).status).toBe(429);
      expect((await attempt(`${client}, 172.31.0.1`)).status).toBe(401);
    });
  });

  describe('POST /auth/register/guest', () => {
    it('creates a logged-in guest without a body', async () => {
      const res = await t.server.request('/api/auth/register/guest', { method: 'POST' });
      expect(res.status).toBe(201);
      const me = await t.server.request(`/api/users/${res.body._id}`, { token: res.body.auth_token });
      expect(me.body).toMatchObject({ isGuest: true, email: null });
    });

    it('accepts a partner and rejects unknown fields', async () => {
      expect((await t.server.request('/api/auth/register/guest', { body: { partner: 'acme' } })).status).toBe(201);
      const bad = await t.server.request('/api/auth/register/guest', { body: { partner: 'acme', admin: true } });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_error');
    });
  });

  describe('sessions', () => {
    it('answers 401 invalid_session without, with a malformed and with an unknown token', async () => {
      const user = await registerUser(t.server);
      const variants: Record<string, string>[] = [
        {},
        { authorization: 'Basic abc' },
        { authorization: `Bearer ${'a'.repeat(43)}` },
      ];
      for (const headers of variants) {
        const res = await t.server.request(`/api/users/${user.id}`, { headers });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('invalid_session');
      }
    });

    it('logout revokes only this session', async () => {
      const user = await registerUser(t.server);
      const second = (await login(user.email, user.password)).body.auth_token as string;
      const out = await t.server.request('/api/auth/logout', { method: 'POST', token: user.token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ ok: true });
      expect((await t.server.request(`/api/users/${user.id}`, { token: user.token })).status).toBe(401);
      expect((await t.server.request(`/api/users/${user.id}`, { token: second })).status).toBe(200);
    });

    it('a session expires after 30 days', async () => {
      const user = await registerUser(t.server);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 29 * 86_400_000);
      expect((await t.server.request(`/api/users/${user.id}`, { token: user.token })).status).toBe(200);
      vi.setSystemTime(Date.now() + 2 * 86_400_000);
      const res = await t.server.request(`/api/users/${user.id}`, { token: user.token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_session');
    });
  });

  describe('POST /auth/change-password', () => {
    it('needs the old password, revokes every session and answers a fresh one', async () => {
      const user = await registerUser(t.server);
      const other = (await login(user.email, user.password)).body.auth_token as string;
      const res = await t.server.request('/api/auth/change-password', {
        token: user.token,
        body: { oldPassword: user.password, newPassword: 'brand-new-pass' },
      });
      expect(res.status).toBe(200);
      expect(res.body._id).toBe(user.id);
      for (const old of [user.token, other]) {
        const r = await t.server.request(`/api/users/${user.id}`, { token: old });
        expect(r.status).toBe(401);
      }
      expect((await t.server.request(`/api/users/${user.id}`, { token: res.body.auth_token })).status).toBe(200);
      expect((await login(user.email, user.password)).status).toBe(401);
      expect((await login(user.email, 'brand-new-pass')).status).toBe(200);
    });

    it('answers 422 wrong_password for a wrong or missing old password', async () => {
      const user = await registerUser(t.server);
      for (const body of [
        { oldPassword: 'not-my-password', newPassword: 'brand-new-pass' },
        { newPassword: 'brand-new-pass' },
      ]) {
        const res = await t.server.request('/api/auth/change-password', { token: user.token, body });
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('wrong_password');
      }
      expect((await t.server.request(`/api/users/${user.id}`, { token: user.token })).status).toBe(200);
    });

    it('validates the new password length and needs a session', async () => {
      const user = await registerUser(t.server);
      const short = await t.server.request('/api/auth/change-password', {
        token: user.token,
        body: { oldPassword: user.password, newPassword: 'short' },
      });
      expect(short.status).toBe(400);
      expect(short.body.code).toBe('validation_error');
      const anon = await t.server.request('/api/auth/change-password', { body: { newPassword: 'brand-new-pass' } });
      expect(anon.status).toBe(401);
    });
  });

  describe('temporary password (POST /auth/resend-password)', () => {
    it('mails a temporary password; login with it is temp_pass until the password is changed', async () => {
      const user = await registerUser(t.server, { firstName: 'Robin' });
      const sent = await t.server.request('/api/auth/resend-password', { body: { email: user.email } });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ sent: true });

      const mail = await latestMail(t.server, user.email);
      expect(mail?.subject).toBe('Your temporary Forecourt Pay password');
      expect(mail?.text).toMatch(/expires in 60 minutes/);
      expect(mail?.text).toMatch(/choose a new password/);
      const temp = /password is: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      expect(temp).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);

      // The old password keeps working until changed.
      expect((await login(user.email, user.password)).status).toBe(200);

      const tempLogin = await login(user.email, temp);
      expect(tempLogin.status).toBe(200);
      expect(tempLogin.body.passwordExpired).toBe(true);
      const token = tempLogin.body.auth_token as string;

      const me = await t.server.request(`/api/users/${user.id}`, { token });
      expect(me.status).toBe(200);
      expect(me.body.passwordExpired).toBe(true);
      const patched = await t.server.request(`/api/users/${user.id}`, {
        method: 'PATCH',
        token,
        body: { lastName: 'Temp' },
      });
      expect(patched.status).toBe(200);
      expect((await t.server.request(`/api/accounts/${me.body.accountId}/features`, { token })).status).toBe(200);
      for (const path of [
        '/api/v4/users/preferences',
        '/api/functions/user_has_pin_prod',
        '/api/events/request-data-dump',
      ]) {
        const res = await t.server.request(path, { token });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('temp_pass');
      }

      const changed = await t.server.request('/api/auth/change-password', {
        token,
        body: { newPassword: 'after-temp-pass' },
      });
      expect(changed.status).toBe(200);
      const fresh = changed.body.auth_token as string;
      expect((await t.server.request('/api/v4/users/preferences', { token: fresh })).status).toBe(200);
      expect((await t.server.request(`/api/users/${user.id}`, { token: fresh })).body.passwordExpired).toBe(false);
      expect((await t.server.request(`/api/users/${user.id}`, { token })).status).toBe(401);
      // The temporary password is spent; the new one works.
      expect((await login(user.email, temp)).status).toBe(401);
      expect((await login(user.email, 'after-temp-pass')).status).toBe(200);
    });

    it('does not accept an expired temporary password', async () => {
      const user = await registerUser(t.server);
      await t.server.request('/api/auth/resend-password', { body: { email: user.email } });
      const temp = /password is: (\S+)/.exec((await latestMail(t.server, user.email))?.text ?? '')?.[1] ?? '';
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61 * 60_000);
      const res = await login(user.email, temp);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('wrong_login_details');
    });

    it('answers {sent: true} for an unknown email and sends nothing', async () => {
      const email = uniqueEmail('ghost');
      const res = await t.server.request('/api/auth/resend-password', { body: { email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: true });
      expect(await latestMail(t.server, email)).toBeUndefined();
    });

    it('sends at most 3 mails per email in 15 minutes', async () => {
      const user = await registerUser(t.server);
      for (let i = 0; i < 5; i++) {
        const res = await t.server.request('/api/auth/resend-password', { body: { email: user.email } });
        expect(res.body).toEqual({ sent: true });
      }
      await deliverMail(t.server);
      const list = await t.server.request(`/api/dev/mail?to=${encodeURIComponent(user.email)}`);
      expect(list.body).toHaveLength(3);
    });

    it('rejects an invalid email with 400 validation_error', async () => {
      const res = await t.server.request('/api/auth/resend-password', { body: { email: 'nope' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    });
  });
});
