// "Sign in with Amazon" through HTTP (shell-and-account.md §2.1 /amazonSSORedirect): the signed button config opens
// the sandbox Amazon's sign-in page, which hands a buyer token to signInReturnUrl; POST /auth/amazon/sign-in trades a
// genuine, unexpired token once for a session — of the existing user with that email, or of a new registered account.
import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { referralParticipation } from '../../contract/vouchers';
import { referralCodes } from '../../server/db/schema';
import { drivers, type FakeClock, fakeClock, registerUser, type TestServer, uniqueEmail, useServer } from './helpers';

const APP = 'http://localhost:8080';
const RETURN = `${APP}/amazonSSORedirect?redirect=%2Fprofile`;
const CANCEL = `${APP}/login`;

describe.each(drivers)('sign in with Amazon (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });

  async function buttonConfig(server = s) {
    const res = await server.request('/api/auth/amazon-pay/button-config', {
      body: { signInReturnUrl: RETURN, signInCancelUrl: CANCEL },
    });
    expect(res.status).toBe(200);
    return res.body as { payloadJSON: string; signature: string };
  }

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const postPage = (server: TestServer, fields: Record<string, string>) =>
    server.request('/dev/amazon/sign-in', {
      method: 'POST',
      rawBody: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  /** The tester names the buyer on the sandbox page; answers the buyer token Amazon appends to the return URL. */
  async function signInAtAmazon(buyer: { name: string; email: string }, server = s): Promise<string> {
    const config = await buttonConfig(server);
    const res = await postPage(server, { ...config, ...buyer, action: 'continue' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(`${APP}/amazonSSORedirect`);
    expect(back.searchParams.get('redirect')).toBe('/profile');
    const token = back.searchParams.get('buyerToken');
    expect(token).toBeTruthy();
    return token as string;
  }

  const exchange = (buyerToken: string, server = s) =>
    server.request('/api/auth/amazon/sign-in', { body: { buyerToken } });

  it('the sign-in page opens only with our signed button config, and shows a form', async () => {
    const config = await buttonConfig();
    const qs = (p: Record<string, string>) => new URLSearchParams(p).toString();
    const page = await s.request(`/dev/amazon/sign-in?${qs(config)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toContain('Sign in with Amazon');
    expect(page.text).toContain('name="email"');

    const tampered = config.payloadJSON.replace('/amazonSSORedirect', '/elsewhere');
    expect((await s.request(`/dev/amazon/sign-in?${qs({ ...config, payloadJSON: tampered })}`)).status).toBe(400);
    expect((await s.request(`/dev/amazon/sign-in?${qs({ ...config, signature: 'AAAA' })}`)).status).toBe(400);
    expect((await s.request('/dev/amazon/sign-in')).status).toBe(400);
    // A posted form with a forged config issues nothing either.
    const forged = await postPage(s, { ...config, payloadJSON: tampered, name: 'A B', email: uniqueEmail() });
    expect(forged.status).toBe(400);
  });

  it('Cancel goes back to signInCancelUrl without a token', async () => {
    const config = await buttonConfig();
    const res = await postPage(s, { ...config, action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(CANCEL);
  });

  it('a bad email or an empty name shows the page again with the error and what was typed', async () => {
    const config = await buttonConfig();
    const res = await postPage(s, { ...config, name: 'Erika Muster', email: 'not-an-email', action: 'continue' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Enter a valid email address');
    expect(res.text).toContain('value="Erika Muster"');
    const noName = await postPage(s, { ...config, name: ' ', email: uniqueEmail(), action: 'continue' });
    expect(noName.status).toBe(400);
    expect(noName.text).toContain('Enter the buyer’s name');
  });

  it('the sign-in form takes no post from another site (login CSRF, 32.13); its own page posts as before', async () => {
    const config = await buttonConfig();
    const fields = form({ ...config, name: 'Mallory', email: uniqueEmail('csrf'), action: 'continue' });
    const post = (headers: Record<string, string>) =>
      s.request('/dev/amazon/sign-in', {
        method: 'POST',
        rawBody: fields,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const evil = await post({ origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('location')).toBeNull();
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ origin: 'https://evil.example', 'sec-fetch-site': 'same-site' })).status).toBe(403);
    // The page's own post as Chromium sends it under the app's Referrer-Policy: no-referrer (Origin: null).
    const own = await post({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
  });

  it('an unknown email becomes a registered account with Amazon’s name and email, and no password', async () => {
    const email = uniqueEmail('amazon');
    const token = await signInAtAmazon({ name: 'Erika von Mustermann', email: email.toUpperCase() });
    const res = await exchange(token);
    expect(res.status).toBe(200);
    const user = await s.request(`/api/users/${res.body._id}`, { token: res.body.auth_token });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email, firstName: 'Erika', lastName: 'von Mustermann' });
    expect(user.body.isGuest ?? false).toBe(false);
    // No password was set: a password login is refused.
    const login = await s.request('/api/auth/login/local', { body: { email, password: 'anything-at-all' } });
    expect(login.status).toBe(401);
  });

  it('an email that has an account gives no session without its password (issue 32.1): the owner links with it', async () => {
    // Before: the victim's email on the sandbox page was a session of the victim, with their cards.
    const victim = await registerUser(s);
    const token = await signInAtAmazon({ name: 'Mallory', email: victim.email });
    const refused = await exchange(token);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ code: 'amazon_link_required', details: { email: victim.email } });
    expect(refused.body.auth_token).toBeUndefined();
    // A wrong password is a wrong login (and counts as one); the token is still unspent.
    const wrong = await s.request('/api/auth/amazon/sign-in', {
      body: { buyerToken: token, password: 'Not-the-password-9' },
    });
    expect(wrong.status, wrong.text).toBe(401);
    expect(wrong.body.code).toBe('wrong_login_details');
    // The owner's password links this buyer to the account and signs in.
    const linked = await s.request('/api/auth/amazon/sign-in', {
      body: { buyerToken: token, password: victim.password },
    });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body._id).toBe(victim.id);
    const user = await s.request(`/api/users/${victim.id}`, { token: linked.body.auth_token });
    expect(user.status).toBe(200);
    // Amazon's name does not overwrite the account's.
    expect(user.body.firstName ?? null).toBeNull();
    // Linked: the next Amazon sign-in needs no password; the spent token is refused.
    expect((await exchange(token)).body.details).toMatchObject({ reason: 'used' });
    const again = await exchange(await signInAtAmazon({ name: 'Owner', email: victim.email }));
    expect(again.status, again.text).toBe(200);
    expect(again.body._id).toBe(victim.id);
  });

  it('an account the Amazon sign-in created is that buyer’s: the next sign-in finds it without a password', async () => {
    const email = uniqueEmail('amazon');
    const first = await exchange(await signInAtAmazon({ name: 'Erika Muster', email }));
    expect(first.status, first.text).toBe(200);
    const second = await exchange(await signInAtAmazon({ name: 'Erika Muster', email }));
    expect(second.status, second.text).toBe(200);
    expect(second.body._id).toBe(first.body._id);
  });

  it('a friend’s code rides through Amazon’s page and refers the new account; a refused one keeps the sign-in', async () => {
    const referrer = await registerUser(s);
    const code = Array.from({ length: 8 }, () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[randomInt(31)]).join('');
    await s.ctx.db.insert(referralCodes).values({ userId: referrer.id, code });
    // The app puts the code into signInReturnUrl; the signed config carries it, Amazon appends the token to it.
    const viaAmazon = async (email: string) => {
      const res = await s.request('/api/auth/amazon-pay/button-config', {
        body: { signInReturnUrl: `${APP}/amazonSSORedirect?referralCode=${code}`, signInCancelUrl: CANCEL },
      });
      expect(res.status).toBe(200);
      const page = await postPage(s, { ...res.body, name: 'Friend Of Amazon', email, action: 'continue' });
      expect(page.status).toBe(303);
      const back = new URL(page.headers.get('location') ?? '');
      expect(back.searchParams.get('referralCode')).toBe(code);
      return back.searchParams.get('buyerToken') as string;
    };
    const programOf = async (token: string) => {
      const res = await s.request('/api/v4/vouchers/referral-program-participation', { token });
      return referralParticipation.parse(res.body);
    };

    // A new account, the code as typed (any case): referred, with the first-refuel card.
    const friend = await s.request('/api/auth/amazon/sign-in', {
      body: { buyerToken: await viaAmazon(uniqueEmail('amazon-friend')), referralCode: code.toLowerCase() },
    });
    expect(friend.status).toBe(200);
    expect(friend.body.referral).toEqual({ code, accepted: true });
    expect((await programOf(friend.body.auth_token)).referredBy).toMatchObject({ code, status: 'ACCEPTED' });

    // An unknown code: the account is made and signed in all the same; the answer says why the code was refused.
    const email = uniqueEmail('amazon-unknown-code');
    const refused = await s.request('/api/auth/amazon/sign-in', {
      body: { buyerToken: await viaAmazon(email), referralCode: 'ZZZZ2345' },
    });
    expect(refused.status).toBe(200);
    expect(refused.body.referral).toEqual({ code: 'ZZZZ2345', accepted: false, error: 'referral_code_unknown' });
    const me = await s.request(`/api/users/${refused.body._id}`, { token: refused.body.auth_token });
    expect(me.body).toMatchObject({ email });
    expect((await programOf(refused.body.auth_token)).referredBy).toBeNull();
    // An existing account linking Amazon with a code stays as it is (a code is for the account the sign-in creates).
    const existing = await s.request('/api/auth/amazon/sign-in', {
      body: { buyerToken: await viaAmazon(referrer.email), referralCode: code, password: referrer.password },
    });
    expect(existing.status).toBe(200);
    expect(existing.body._id).toBe(referrer.id);
    expect(existing.body.referral).toBeUndefined();
    // A malformed code is a bad request, before any token is spent.
    const token = await viaAmazon(uniqueEmail());
    const bad = await s.request('/api/auth/amazon/sign-in', { body: { buyerToken: token, referralCode: 'AB-12' } });
    expect(bad.status).toBe(400);
    expect((await exchange(token)).status).toBe(200);
  });

  it('a token is single use: the second exchange is refused as used', async () => {
    const token = await signInAtAmazon({ name: 'Once Only', email: uniqueEmail() });
    const [a, b] = await Promise.all([exchange(token), exchange(token)]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const again = await exchange(token);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'amazon_token_invalid', details: { reason: 'used' } });
  });

  it('a made-up token is refused as unknown; a malformed body is a 400', async () => {
    const res = await exchange('made-up-token-0123456789');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'amazon_token_invalid', details: { reason: 'unknown' } });
    expect((await s.request('/api/auth/amazon/sign-in', { body: {} })).status).toBe(400);
    expect((await s.request('/api/auth/amazon/sign-in', { body: { buyerToken: '' } })).status).toBe(400);
  });

  it('a token older than five minutes is refused as expired', async () => {
    const clock: FakeClock = fakeClock(new Date('2031-03-01T08:00:00Z'));
    const timed = await s.withEnv({}, { clock });
    const fresh = await signInAtAmazon({ name: 'Just Intime', email: uniqueEmail() }, timed);
    const stale = await signInAtAmazon({ name: 'Too Late', email: uniqueEmail() }, timed);
    clock.advance(4 * 60_000 + 59_000);
    expect((await exchange(fresh, timed)).status).toBe(200);
    clock.advance(2_000);
    const res = await exchange(stale, timed);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'amazon_token_invalid', details: { reason: 'expired' } });
  });
});
