// OpenID Connect against a provider nobody on the team wrote (issue 36): panva's oidc-provider on loopback, configured
// by its issuer alone (OIDC_ISSUER, discovery), signed in through its own login and consent forms (dev interactions).
// Its ID tokens carry no email (the email scope's claims come from userinfo), so every email here came from userinfo.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWKS_COOLDOWN_MS } from '../../server/auth/oidc';
import { oidcLogins } from '../../server/db/schema';
import { drivers, latestMail, PASSWORD, registerUser, type TestServer, uniqueEmail, useServer } from './helpers';

const REDIRECT = 'http://localhost:8080/openid/callback';
type Account = { email?: string; email_verified?: boolean };
const accounts = new Map<string, Account>();

async function privateJwk(kid: string) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
}

/** oidc-provider with one confidential client; a new instance (same issuer and port) rotates its signing key. */
function makeProvider(issuer: string, jwk: Awaited<ReturnType<typeof privateJwk>>) {
  return new Provider(issuer, {
    clients: [
      {
        client_id: 'fp',
        client_secret: 'fp-secret',
        redirect_uris: [REDIRECT],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(accounts.get(sub) ?? {}) }),
    }),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key'] },
  });
}

let http: Server;
let issuer = '';
let port = 0;
async function listen(provider: Provider) {
  http = createServer(provider.callback());
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
}
const close = () => new Promise<void>((resolve) => http.close(() => resolve()));

beforeAll(async () => {
  await listen(makeProvider('http://127.0.0.1', await privateJwk('k1')));
  issuer = `http://127.0.0.1:${port}`;
  // The issuer must be the provider's own address: listen again, now named right.
  await close();
  await listen(makeProvider(issuer, await privateJwk('k1')));
});
afterAll(close);

/**
 * A person at the provider's pages: its login form (any login is an account here: the account id), then consent, until
 * the provider sends the browser back to our redirect URI. `cancel` takes the login page's "Cancel" link instead.
 */
async function atProvider(authorizeUrl: string, login: string, opts: { cancel?: boolean } = {}): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = res.headers.get('location');
    body = undefined;
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT)) return next.search;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
    if (opts.cancel && abort) {
      url = new URL(abort.replace(/&amp;/g, '&'), url).href;
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? 'consent';
    if (!action) throw new Error(`no form at ${url} (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

describe.each(drivers)('OpenID Connect with oidc-provider, by issuer and discovery (%s)', (driver) => {
  const t = useServer(driver);
  let server: TestServer;
  beforeAll(async () => {
    server = await t.server.withEnv({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'fp',
      OIDC_CLIENT_SECRET: 'fp-secret',
      OIDC_LABEL: 'Acme ID',
    });
  });

  const start = async (token?: string, purpose: 'login' | 'link' = 'login') => {
    const res = await server.request('/api/auth/login/openId/start', {
      body: { idProvider: 'oidc', purpose },
      ...(token ? { token } : {}),
    });
    expect(res.status).toBe(200);
    return res.body as { authorizeUrl: string; transaction: string };
  };
  const callback = (transaction: string, answer: string, token?: string) =>
    server.request('/api/auth/login/openId/callback', {
      body: { transaction, callback: answer },
      ...(token ? { token } : {}),
    });
  /** The whole round: start, the provider's pages as `login`, the callback. */
  const signIn = async (login: string, opts: { token?: string; purpose?: 'login' | 'link' } = {}) => {
    const s = await start(opts.token, opts.purpose);
    const answer = await atProvider(s.authorizeUrl, login);
    return { ...s, res: await callback(s.transaction, answer, opts.token) };
  };
  const account = (a: Account) => {
    const id = `acct-${Math.random().toString(36).slice(2)}`;
    accounts.set(id, a);
    return id;
  };

  it('offers the provider by its label and sends the driver to the discovered endpoint with PKCE S256, state and nonce', async () => {
    const offered = await server.request('/api/auth/login/openId/providers');
    expect(offered.body.providers).toContainEqual({ id: 'oidc', label: 'Acme ID' });
    const { authorizeUrl } = await start();
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'fp',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);
  });

  it('a mistyped issuer is a clear 503, not silence', async () => {
    const wrong = await t.server.withEnv({ OIDC_ISSUER: `${issuer}/typo`, OIDC_CLIENT_ID: 'fp', OIDC_LABEL: 'Typo' });
    const res = await wrong.request('/api/auth/login/openId/start', { body: { idProvider: 'oidc' } });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('openid_unavailable');
    expect(res.body.message).toContain('/typo/.well-known/openid-configuration');
  });

  it('signs in with code + PKCE: unknown → not_registered with the userinfo email; registering links; then straight in', async () => {
    const email = uniqueEmail('op');
    const login = account({ email, email_verified: true });
    const first = await signIn(login);
    expect(first.res.status).toBe(422);
    expect(first.res.body).toMatchObject({ code: 'not_registered', details: { email } });
    // Another email cannot take the identity; its own does.
    const other = await server.request('/api/auth/register', {
      body: { email: uniqueEmail(), password: PASSWORD, termsAccepted: true, openIdTransaction: first.transaction },
    });
    expect(other.status).toBe(422);
    const reg = await server.request('/api/auth/register', {
      body: { email, password: PASSWORD, termsAccepted: true, openIdTransaction: first.transaction },
    });
    expect(reg.status).toBe(201);
    const again = await signIn(login);
    expect(again.res.status).toBe(200);
    expect(again.res.body._id).toBe(reg.body._id);
    const me = await server.request(`/api/users/${again.res.body._id}`, { token: again.res.body.auth_token });
    expect(me.body.email).toBe(email);
  });

  it('refuses a replayed callback (code used) and a callback with a wrong state', async () => {
    const login = account({ email: uniqueEmail('replay'), email_verified: true });
    const user = await registerUser(server);
    const linked = await signIn(login, { token: user.token, purpose: 'link' });
    expect(linked.res.body).toEqual({ linked: true, provider: 'oidc' });

    const s = await start();
    const answer = await atProvider(s.authorizeUrl, login);
    expect((await callback(s.transaction, answer)).status).toBe(200);
    const replay = await callback(s.transaction, answer);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: 'openid_failed', details: { reason: 'used' } });

    const s2 = await start();
    const answer2 = new URLSearchParams(await atProvider(s2.authorizeUrl, login));
    answer2.set('state', 'not-the-state');
    const wrong = await callback(s2.transaction, `?${answer2}`);
    expect(wrong.body).toMatchObject({ code: 'openid_failed', details: { reason: 'state' } });
    // The sign-in is spent: its true answer no longer works either.
    answer2.set('state', new URL(s2.authorizeUrl).searchParams.get('state') ?? '');
    expect((await callback(s2.transaction, `?${answer2}`)).body.details.reason).toBe('used');
  });

  it('refuses an ID token carrying another sign-in’s nonce', async () => {
    const login = account({ email: uniqueEmail('nonce'), email_verified: true });
    const mine = await start();
    const theirs = await start();
    const theirAnswer = await atProvider(theirs.authorizeUrl, login);
    // Their code, state and verifier injected into my sign-in: only the nonce is mine, and it differs from the token's.
    const [their] = await server.ctx.db
      .select()
      .from(oidcLogins)
      .where(eq(oidcLogins.state, new URL(theirs.authorizeUrl).searchParams.get('state') ?? ''));
    const myState = new URL(mine.authorizeUrl).searchParams.get('state') ?? '';
    await server.ctx.db
      .update(oidcLogins)
      .set({ state: their?.state ?? '', codeVerifier: their?.codeVerifier ?? '' })
      .where(eq(oidcLogins.state, myState));
    const res = await callback(mine.transaction, theirAnswer);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'openid_failed', details: { reason: 'invalid_token' } });
    expect(res.body.message).toMatch(/nonce/);
  });

  it('a cancel at the provider (error=access_denied) is said as cancelled', async () => {
    const s = await start();
    const answer = await atProvider(s.authorizeUrl, 'whoever', { cancel: true });
    expect(new URLSearchParams(answer).get('error')).toBe('access_denied');
    const res = await callback(s.transaction, answer);
    expect(res.body).toMatchObject({ code: 'openid_failed', details: { reason: 'cancelled' } });
  });

  it('(a) a signed-in driver links an identity from the profile, signs in with it, and unlinks it', async () => {
    const user = await registerUser(server);
    const login = account({ email: uniqueEmail('elsewhere'), email_verified: true });
    const linked = await signIn(login, { token: user.token, purpose: 'link' });
    expect(linked.res.body).toEqual({ linked: true, provider: 'oidc' });
    const list = await server.request('/api/auth/openId/identities', { token: user.token });
    expect(list.body.identities).toEqual([{ provider: 'oidc', label: 'Acme ID', email: accounts.get(login)?.email }]);
    const inWith = await signIn(login);
    expect(inWith.res.body._id).toBe(user.id);
    // Linking needs the session that started it.
    const s = await start(user.token, 'link');
    const stolen = await callback(s.transaction, await atProvider(s.authorizeUrl, login));
    expect(stolen.body).toMatchObject({ code: 'openid_failed', details: { reason: 'refused' } });
    expect(
      (await server.request('/api/auth/openId/identities/oidc', { method: 'DELETE', token: user.token })).status,
    ).toBe(200);
    expect((await signIn(login)).res.status).toBe(422);
  });

  it('(b) a verified email of an account asks once for its password, then links', async () => {
    const user = await registerUser(server);
    const login = account({ email: user.email, email_verified: true });
    const first = await signIn(login);
    expect(first.res.status).toBe(409);
    expect(first.res.body).toMatchObject({ code: 'openid_link_required', details: { email: user.email } });
    const complete = (password: string) =>
      server.request('/api/auth/login/openId/complete', { body: { transaction: first.transaction, password } });
    expect((await complete('wrong-password-1')).body.code).toBe('wrong_login_details');
    const ok = await complete(PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body._id).toBe(user.id);
    expect((await complete(PASSWORD)).body.details.reason).toBe('used');
    expect((await signIn(login)).res.body._id).toBe(user.id);
  });

  it('(c) an unverified email never links: it asks for an email to prove instead', async () => {
    const user = await registerUser(server);
    const login = account({ email: user.email, email_verified: false });
    const res = (await signIn(login)).res;
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'openid_email_required', details: { email: user.email } });
    const list = await server.request('/api/auth/openId/identities', { token: user.token });
    expect(list.body.identities).toEqual([]);
  });

  it('(d) an identity without an email proves one by a mailed code, registers, and stays linked by its subject', async () => {
    const login = account({});
    const first = await signIn(login);
    expect(first.res.body).toMatchObject({ code: 'openid_email_required', details: { email: null } });
    const email = uniqueEmail('noemail');
    const sent = await server.request('/api/auth/login/openId/email', {
      body: { transaction: first.transaction, email },
    });
    expect(sent.status).toBe(200);
    const mail = await latestMail(server, email);
    const code = /code is: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const complete = (emailCode: string) =>
      server.request('/api/auth/login/openId/complete', { body: { transaction: first.transaction, emailCode } });
    const wrong = await complete(code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ code: 'openid_code_wrong', details: { triesLeft: 4 } });
    const proven = await complete(code);
    expect(proven.body).toMatchObject({ code: 'not_registered', details: { email } });
    const reg = await server.request('/api/auth/register', {
      body: { email, password: PASSWORD, termsAccepted: true, openIdTransaction: first.transaction },
    });
    expect(reg.status).toBe(201);
    expect((await signIn(login)).res.body._id).toBe(reg.body._id);
  });

  it("mails the code in the driver's language (the app's X-Locale, else Accept-Language): subject, text and HTML", async () => {
    for (const [headers, want] of [
      [
        { 'x-locale': 'de' },
        { lang: 'de', subject: 'Ihr Forecourt-Pay-Code: ', line: 'Ihr Forecourt-Pay-Code lautet: ' },
      ],
      [{ 'accept-language': 'fr-FR,fr;q=0.9' }, { lang: 'fr', subject: 'Votre code Forecourt Pay', line: 'est : ' }],
      [{}, { lang: 'en', subject: 'Your Forecourt Pay code: ', line: 'Your Forecourt Pay code is: ' }],
    ] as const) {
      const first = await signIn(account({}));
      const email = uniqueEmail(`code-${want.lang}`);
      const sent = await server.request('/api/auth/login/openId/email', {
        body: { transaction: first.transaction, email },
        headers,
      });
      expect(sent.status).toBe(200);
      const mail = await latestMail(server, email);
      const code = new RegExp(`${want.line}(\\d{6})`).exec(mail?.text ?? '')?.[1] ?? '';
      expect(code, mail?.text).toMatch(/^\d{6}$/);
      expect(mail?.subject).toContain(want.subject);
      expect(mail?.subject).toContain(code);
      expect(mail?.html).toContain(`<html lang="${want.lang}">`);
      expect(mail?.html).toContain(`>${code}</strong>`);
      expect(mail?.html).not.toMatch(/<img|https?:\/\/[^"]*\.(png|jpg|css)/);
    }
  });

  it('fetches the keys again for an unknown key id (the provider rotated its key)', async () => {
    const email = uniqueEmail('rotate');
    const login = account({ email, email_verified: true });
    const user = await registerUser(server, { email });
    const linked = await signIn(login, { token: user.token, purpose: 'link' });
    expect(linked.res.body.linked).toBe(true);
    await close();
    await listen(makeProvider(issuer, await privateJwk(`k-${Date.now()}`)));
    await new Promise((r) => setTimeout(r, JWKS_COOLDOWN_MS + 100));
    const after = await signIn(login);
    expect(after.res.status).toBe(200);
    expect(after.res.body._id).toBe(user.id);
  });
});
