import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createDemoOidc, DEMO_AUDIENCE, mintDemoIdToken, newDemoOidcKey } from '../../server/auth/demo-oidc';
import { spendOnce } from '../../server/create-context';
import { drivers, PASSWORD, registerUser, uniqueEmail, useServer } from './helpers';

describe.each(drivers)('OpenID login with the demo issuer (%s)', (driver) => {
  const t = useServer(driver);
  const loginOpenId = (idToken: string, idProvider = 'demo') =>
    t.server.request('/api/auth/login/openId', { body: { idProvider, idToken } });

  it('reports an unknown identity as 422 not_registered with its email; registering with the token links it', async () => {
    const email = uniqueEmail('oidc');
    const idToken = await mintDemoIdToken(t.server.ctx, email);
    const unknown = await loginOpenId(idToken);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'not_registered', details: { email } });

    const reg = await t.server.request('/api/auth/register', {
      body: { email, password: PASSWORD, termsAccepted: true, idProvider: 'demo', idToken },
    });
    expect(reg.status).toBe(201);

    const known = await loginOpenId(await mintDemoIdToken(t.server.ctx, email));
    expect(known.status).toBe(200);
    expect(known.body._id).toBe(reg.body._id);
    const me = await t.server.request(`/api/users/${known.body._id}`, { token: known.body.auth_token });
    expect(me.body.email).toBe(email);
  });

  it('refuses to link a token of another email with 422 and creates no user', async () => {
    const email = uniqueEmail('oidc');
    const idToken = await mintDemoIdToken(t.server.ctx, uniqueEmail('someone-else'));
    const reg = await t.server.request('/api/auth/register', {
      body: { email, password: PASSWORD, termsAccepted: true, idProvider: 'demo', idToken },
    });
    expect(reg.status).toBe(422);
    expect(reg.body.code).toBe('invalid_id_token');
    const login = await t.server.request('/api/auth/login/local', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(401);
  });

  it('rejects forged, expired and malformed tokens and unknown providers with 422 invalid_id_token', async () => {
    const email = uniqueEmail('oidc');
    const { privateKey } = await generateKeyPair('ES256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ email })
      .setProtectedHeader({ alg: 'ES256', kid: 'demo-es256' })
      .setIssuer(t.server.ctx.demoOidc?.issuer ?? '')
      .setAudience(DEMO_AUDIENCE)
      .setSubject('x')
      .setExpirationTime(now + 600)
      .sign(privateKey);
    const expired = await mintDemoIdToken(t.server.ctx, email, { expiresInSeconds: -120 });
    for (const [token, provider] of [
      [forged, 'demo'],
      [expired, 'demo'],
      ['not-a-jwt', 'demo'],
      [await mintDemoIdToken(t.server.ctx, email), 'unknown-provider'],
    ] as const) {
      const res = await loginOpenId(token, provider);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('invalid_id_token');
    }
  });

  it('takes an ID token once: the same token posted again opens no second session', async () => {
    const email = uniqueEmail('oidc');
    const reg = await t.server.request('/api/auth/register', {
      body: {
        email,
        password: PASSWORD,
        termsAccepted: true,
        idProvider: 'demo',
        idToken: await mintDemoIdToken(t.server.ctx, email),
      },
    });
    expect(reg.status).toBe(201);
    const idToken = await mintDemoIdToken(t.server.ctx, email);
    expect((await loginOpenId(idToken)).status).toBe(200);
    const replay = await loginOpenId(idToken);
    expect(replay.status).toBe(422);
    expect(replay.body).toMatchObject({ code: 'invalid_id_token', details: { reason: 'used' } });
  });

  it('an email the provider did not verify is not offered for linking', async () => {
    const email = uniqueEmail('unverified');
    const res = await loginOpenId(await mintDemoIdToken(t.server.ctx, email, { emailVerified: false }));
    expect(res.body).toMatchObject({ code: 'not_registered', details: { email: null } });
  });

  it('validates the body', async () => {
    const res = await t.server.request('/api/auth/login/openId', { body: { idProvider: 'demo' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
  });

  describe('GET /auth/login/openId/providers (what /login and /register offer)', () => {
    const providers = (server = t.server) => server.request('/api/auth/login/openId/providers');

    it('offers the demo provider in DEMO_MODE, with its authorize page and client id', async () => {
      const res = await providers();
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        providers: [{ id: 'demo', label: 'Demo ID' }],
      });
    });

    it('offers no demo provider without DEMO_MODE; a configured one only with its label', async () => {
      const prod = await t.server.withEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' });
      expect((await providers(prod)).body).toEqual({ providers: [] });

      const acme = { id: 'acme', issuer: 'https://id.acme.test', clientId: 'fp' };
      const configured = await t.server.withEnv({
        DEMO_MODE: 'false',
        MAIL_TRANSPORT: 'log',
        OIDC_PROVIDERS: JSON.stringify([
          { ...acme, label: 'Acme ID' },
          // Verified only (a host app's tokens): not a button.
          { ...acme, id: 'host', jwksUri: 'https://id.acme.test/jwks' },
        ]),
      });
      expect((await providers(configured)).body).toEqual({
        providers: [{ id: 'acme', label: 'Acme ID' }],
      });
    });
  });

  describe('/dev/oidc pages (the demo provider speaks the code flow)', () => {
    const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.server.request('/dev/oidc/authorize', {
        method: 'POST',
        rawBody: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    /** POST start, then the demo page's form as the driver sends it: the fields the authorize URL carried. */
    const startDemo = async (token?: string) => {
      const start = await t.server.request('/api/auth/login/openId/start', {
        body: { idProvider: 'demo' },
        ...(token ? { token } : {}),
      });
      expect(start.status).toBe(200);
      const url = new URL(start.body.authorizeUrl);
      const fields = Object.fromEntries(
        ['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge', 'code_challenge_method'].map((k) => [
          k,
          url.searchParams.get(k) ?? '',
        ]),
      );
      return { transaction: start.body.transaction as string, url, fields };
    };
    const callback = (transaction: string, answer: string) =>
      t.server.request('/api/auth/login/openId/callback', { body: { transaction, callback: answer } });

    it('publishes discovery with its token endpoint, and JWKS', async () => {
      const conf = await t.server.request('/dev/oidc/.well-known/openid-configuration');
      expect(conf.status).toBe(200);
      expect(conf.body).toMatchObject({
        issuer: 'http://localhost:8080/dev/oidc',
        authorization_endpoint: 'http://localhost:8080/dev/oidc/authorize',
        token_endpoint: 'http://localhost:8080/dev/oidc/token',
        jwks_uri: 'http://localhost:8080/dev/oidc/jwks.json',
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
      const jwks = await t.server.request('/dev/oidc/jwks.json');
      expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect(jwks.body.keys[0].d).toBeUndefined();
    });

    it('shows an accessible sign-in form, redirects back with a code, and the server signs in with it once', async () => {
      const { transaction, url, fields } = await startDemo();
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      const page = await t.server.request(`${url.pathname}${url.search}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Demo identity provider</h1>');
      expect(page.text).toMatch(/<label for="email">Email<\/label><input id="email" name="email" type="email"/);
      expect(page.text).toContain('Sign in</button>');
      expect(page.text).toContain('name="redirect_uri" value="http://localhost:8080/openid/callback"');

      const email = uniqueEmail('form');
      const res = await formPost({ ...fields, email, verified: 'yes', action: 'sign-in' });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location') ?? '');
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:8080/openid/callback');
      expect(location.hash).toBe('');
      expect(location.searchParams.get('state')).toBe(fields.state);
      expect(location.searchParams.get('iss')).toBe('http://localhost:8080/dev/oidc');
      const code = location.searchParams.get('code') ?? '';
      expect(code.length).toBeGreaterThan(20);

      const first = await callback(transaction, location.search);
      expect(first.body).toMatchObject({ code: 'not_registered', details: { email } });
      const reg = await t.server.request('/api/auth/register', {
        body: { email, password: PASSWORD, termsAccepted: true, openIdTransaction: transaction },
      });
      expect(reg.status).toBe(201);
      // The code was spent at the token endpoint: over HTTP too it is refused now.
      const token = await t.server.request('/dev/oidc/token', {
        method: 'POST',
        rawBody: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: fields.redirect_uri ?? '',
          client_id: 'forecourt-pay',
          code_verifier: 'x'.repeat(43),
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(token.status).toBe(400);
      expect(token.body.error).toBe('invalid_grant');

      const again = await startDemo();
      const back = await formPost({ ...again.fields, email, verified: 'yes', action: 'sign-in' });
      const next = await callback(again.transaction, new URL(back.headers.get('location') ?? '').search);
      expect(next.status).toBe(200);
      expect(next.body._id).toBe(reg.body._id);
    });

    it("gives no session for another driver's email (32.1): the owner's password links it, then it signs in", async () => {
      const owner = await registerUser(t.server, { email: uniqueEmail('victim') });
      // Anyone at the demo page may type the owner's email and tick "verified": that proves nothing.
      const attempt = async () => {
        const { transaction, fields } = await startDemo();
        const back = await formPost({ ...fields, email: owner.email, verified: 'yes', action: 'sign-in' });
        return { transaction, res: await callback(transaction, new URL(back.headers.get('location') ?? '').search) };
      };
      const first = await attempt();
      expect(first.res.status).toBe(409);
      expect(first.res.body).toMatchObject({ code: 'openid_link_required', details: { email: owner.email } });
      expect(first.res.body.auth_token).toBeUndefined();
      const complete = (password: string) =>
        t.server.request('/api/auth/login/openId/complete', { body: { transaction: first.transaction, password } });
      const wrong = await complete('not-the-password-1');
      expect(wrong.status).toBe(401);
      expect(wrong.body.auth_token).toBeUndefined();
      const linked = await complete(PASSWORD);
      expect(linked.status).toBe(200);
      expect(linked.body._id).toBe(owner.id);
      // Linked by its owner: from now on this demo identity is the owner's sign-in.
      const next = await attempt();
      expect(next.res.status).toBe(200);
      expect(next.res.body._id).toBe(owner.id);
    });

    it('is one provider for all API processes: a code one issued is taken once by another (WORKERS on PostgreSQL)', async () => {
      // Two processes as the primary starts them: the same key (DEMO_OIDC_KEY_VAR), the same database.
      const pem = newDemoOidcKey();
      const spend = spendOnce(t.server.ctx.db);
      const [a, b] = await Promise.all([
        createDemoOidc('http://localhost:8080', spend, pem),
        createDemoOidc('http://localhost:8080', spend, pem),
      ]);
      expect(b.jwks).toEqual(a.jwks);
      const verifier = 'v'.repeat(43);
      const grant = {
        email: uniqueEmail('worker'),
        emailVerified: true,
        nonce: 'n-1',
        codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        redirectUri: 'http://localhost:8080/openid/callback',
        clientId: DEMO_AUDIENCE,
      };
      const code = await a.issueCode(grant);
      const form = (c: string) =>
        new URLSearchParams({
          grant_type: 'authorization_code',
          code: c,
          redirect_uri: grant.redirectUri,
          client_id: DEMO_AUDIENCE,
          code_verifier: verifier,
        });
      const taken = await b.token(form(code));
      expect(taken.status).toBe(200);
      const { payload } = await jwtVerify(String(taken.body.id_token), createLocalJWKSet(a.jwks));
      expect(payload).toMatchObject({ email: grant.email, nonce: 'n-1' });
      expect((await a.token(form(code))).body.error).toBe('invalid_grant');
      expect((await b.token(form(code))).body.error).toBe('invalid_grant');
      // A code of another key (another server's demo provider) is nobody's here.
      const other = await createDemoOidc('http://localhost:8080', spend, newDemoOidcKey());
      expect((await b.token(form(await other.issueCode(grant)))).body.error).toBe('invalid_grant');
    });

    it('Cancel sends access_denied back, which the server says as cancelled', async () => {
      const { transaction, fields } = await startDemo();
      const res = await formPost({ ...fields, action: 'cancel' });
      const location = new URL(res.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe('access_denied');
      const answer = await callback(transaction, location.search);
      expect(answer.body).toMatchObject({ code: 'openid_failed', details: { reason: 'cancelled' } });
    });

    it('its token endpoint refuses a wrong PKCE verifier', async () => {
      const { fields } = await startDemo();
      const res = await formPost({ ...fields, email: uniqueEmail(), verified: 'yes' });
      const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const token = await t.server.request('/dev/oidc/token', {
        method: 'POST',
        rawBody: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: fields.redirect_uri ?? '',
          client_id: 'forecourt-pay',
          code_verifier: 'not-the-verifier-not-the-verifier-not-the-v',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(token.body).toMatchObject({ error: 'invalid_grant' });
    });

    it('its sign-in form takes no post from another site (login CSRF, 32.13)', async () => {
      const { fields } = await startDemo();
      const form = { ...fields, email: uniqueEmail('csrf') };
      const evil = await formPost(form, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      expect(evil.status).toBe(403);
      expect(evil.headers.get('location')).toBeNull();
      expect((await formPost(form, { origin: 'null' })).status).toBe(403);
      expect((await formPost(form, { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' })).status).toBe(
        302,
      );
    });

    it('accepts only the registered redirect URI, the client id and PKCE, and refuses others with 400', async () => {
      const { fields } = await startDemo();
      const q = (over: Record<string, string>) =>
        `/dev/oidc/authorize?${new URLSearchParams({ ...fields, response_type: 'code', ...over })}`;
      expect((await t.server.request(q({}))).status).toBe(200);
      for (const uri of [
        'https://evil.example/cb',
        '//evil.example/cb',
        'http://localhost:8080.evil.example/cb',
        'http://localhost:8080/login',
        '/openid/callback',
        '',
      ]) {
        expect((await t.server.request(q({ redirect_uri: uri }))).status).toBe(400);
      }
      expect((await t.server.request(q({ client_id: 'other' }))).status).toBe(400);
      expect((await t.server.request(q({ code_challenge_method: 'plain' }))).status).toBe(400);
      expect((await t.server.request(q({ response_type: 'id_token' }))).status).toBe(400);
      const post = await formPost({ ...fields, email: uniqueEmail(), redirect_uri: 'https://evil.example/' });
      expect(post.status).toBe(400);
    });

    it('re-shows the form with an error for an invalid email', async () => {
      const { fields } = await startDemo();
      const res = await formPost({ ...fields, email: 'nope' });
      expect(res.status).toBe(400);
      expect(res.text).toContain('role="alert"');
    });

    it('does not exist without DEMO_MODE', async () => {
      const prod = await t.server.withEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' });
      expect((await prod.request('/dev/oidc/jwks.json')).status).toBe(404);
      const res = await prod.request('/api/auth/login/openId', {
        body: { idProvider: 'demo', idToken: await mintDemoIdToken(t.server.ctx, uniqueEmail()) },
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('invalid_id_token');
    });
  });

  describe('a configured provider (OIDC_PROVIDERS, JWKS over HTTP)', () => {
    it('verifies issuer, audience and signature against the remote JWKS', async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] };
      const http = createServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(jwks));
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      try {
        const port = (http.address() as AddressInfo).port;
        const issuer = 'https://id.acme.test';
        const server = await t.server.withEnv({
          OIDC_PROVIDERS: JSON.stringify([
            { id: 'acme', issuer, jwksUri: `http://127.0.0.1:${port}/jwks`, clientId: 'fp-client' },
          ]),
        });
        const email = uniqueEmail('acme');
        const sign = (aud: string, iss = issuer) =>
          new SignJWT({ email })
            .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
            .setIssuer(iss)
            .setAudience(aud)
            .setSubject(`acme-${email}`)
            .setJti(randomUUID())
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(privateKey);
        const login = (idToken: string) =>
          server.request('/api/auth/login/openId', { body: { idProvider: 'acme', idToken } });

        const good = await sign('fp-client');
        expect((await login(good)).body).toMatchObject({ code: 'not_registered', details: { email } });
        const reg = await server.request('/api/auth/register', {
          body: { email, password: PASSWORD, termsAccepted: true, idProvider: 'acme', idToken: good },
        });
        expect(reg.status).toBe(201);
        expect((await login(await sign('fp-client'))).body._id).toBe(reg.body._id);
        // A token of several audiences counts only when it was issued to us (azp).
        const both = await new SignJWT({ email, azp: 'someone-else' })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(['fp-client', 'someone-else'])
          .setSubject(`acme-${email}`)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        expect((await login(both)).body.code).toBe('invalid_id_token');
        for (const bad of [await sign('someone-else'), await sign('fp-client', 'https://evil.test')]) {
          const res = await login(bad);
          expect(res.status).toBe(422);
          expect(res.body.code).toBe('invalid_id_token');
        }
      } finally {
        http.close();
      }
    });
  });
});
