import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_AUDIENCE, mintDemoIdToken } from '../../server/auth/demo-oidc';
import { drivers, PASSWORD, uniqueEmail, useServer } from './helpers';

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
        providers: [
          {
            id: 'demo',
            label: 'Demo ID',
            authorizeUrl: 'http://localhost:8080/dev/oidc/authorize',
            clientId: DEMO_AUDIENCE,
          },
        ],
      });
    });

    it('offers no demo provider without DEMO_MODE; a configured one only with its label and authorize URL', async () => {
      const prod = await t.server.withEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' });
      expect((await providers(prod)).body).toEqual({ providers: [] });

      const acme = { id: 'acme', issuer: 'https://id.acme.test', jwksUri: 'https://id.acme.test/jwks', clientId: 'fp' };
      const configured = await t.server.withEnv({
        DEMO_MODE: 'false',
        MAIL_TRANSPORT: 'log',
        OIDC_PROVIDERS: JSON.stringify([
          { ...acme, label: 'Acme ID', authorizeUrl: 'https://id.acme.test/authorize' },
          // Verified only (a host app's tokens): not a button.
          { ...acme, id: 'host' },
        ]),
      });
      expect((await providers(configured)).body).toEqual({
        providers: [{ id: 'acme', label: 'Acme ID', authorizeUrl: 'https://id.acme.test/authorize', clientId: 'fp' }],
      });
    });
  });

  describe('/dev/oidc pages', () => {
    it('publishes discovery and JWKS', async () => {
      const conf = await t.server.request('/dev/oidc/.well-known/openid-configuration');
      expect(conf.status).toBe(200);
      expect(conf.body).toMatchObject({
        issuer: 'http://localhost:8080/dev/oidc',
        authorization_endpoint: 'http://localhost:8080/dev/oidc/authorize',
        jwks_uri: 'http://localhost:8080/dev/oidc/jwks.json',
      });
      const jwks = await t.server.request('/dev/oidc/jwks.json');
      expect(jwks.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect(jwks.body.keys[0].d).toBeUndefined();
    });

    it('shows an accessible sign-in form and redirects back with an id_token that logs in after registration', async () => {
      const q = new URLSearchParams({
        client_id: 'forecourt-pay',
        redirect_uri: 'http://localhost:8080/login',
        state: 's1',
        nonce: 'n1',
      });
      const page = await t.server.request(`/dev/oidc/authorize?${q}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1>Demo identity provider</h1>');
      expect(page.text).toMatch(/<label for="email">Email<\/label><input id="email" name="email" type="email"/);
      expect(page.text).toContain('<button type="submit">Sign in</button>');
      expect(page.text).toContain('name="redirect_uri" value="http://localhost:8080/login"');

      const email = uniqueEmail('form');
      const form = new URLSearchParams({
        email,
        client_id: 'forecourt-pay',
        redirect_uri: 'http://localhost:8080/login',
        state: 's1',
        nonce: 'n1',
      });
      const res = await t.server.request('/dev/oidc/authorize', {
        method: 'POST',
        rawBody: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(302);
      const location = res.headers.get('location') ?? '';
      expect(location.startsWith('http://localhost:8080/login#')).toBe(true);
      const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
      expect(fragment.get('state')).toBe('s1');
      const idToken = fragment.get('id_token') ?? '';
      const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
      expect(claims).toMatchObject({ email, email_verified: true, nonce: 'n1', aud: 'forecourt-pay' });

      const first = await loginOpenId(idToken);
      expect(first.body.code).toBe('not_registered');
      await t.server.request('/api/auth/register', {
        body: { email, password: PASSWORD, termsAccepted: true, idProvider: 'demo', idToken },
      });
      expect((await loginOpenId(idToken)).status).toBe(200);
    });

    it('its sign-in form takes no post from another site (login CSRF, 32.13)', async () => {
      const form = new URLSearchParams({
        email: uniqueEmail('csrf'),
        client_id: 'forecourt-pay',
        redirect_uri: 'http://localhost:8080/login',
        state: 's1',
      }).toString();
      const post = (headers: Record<string, string>) =>
        t.server.request('/dev/oidc/authorize', {
          method: 'POST',
          rawBody: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        });
      const evil = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
      expect(evil.status).toBe(403);
      expect(evil.headers.get('location')).toBeNull();
      expect((await post({ origin: 'null' })).status).toBe(403);
      expect((await post({ origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' })).status).toBe(302);
    });

    it('accepts only the registered redirect URIs and refuses others with 400', async () => {
      for (const uri of ['http://localhost:8080/login', 'http://localhost:8080/register/mail']) {
        const ok = await t.server.request(`/dev/oidc/authorize?redirect_uri=${encodeURIComponent(uri)}`);
        expect(ok.status).toBe(200);
      }
      for (const uri of [
        'https://evil.example/cb',
        '//evil.example/cb',
        'http://localhost:8080.evil.example/cb',
        'http://localhost:8080/cb',
        '/login',
        '',
      ]) {
        const res = await t.server.request(`/dev/oidc/authorize?redirect_uri=${encodeURIComponent(uri)}`);
        expect(res.status).toBe(400);
      }
      const post = await t.server.request('/dev/oidc/authorize', {
        method: 'POST',
        rawBody: new URLSearchParams({ email: uniqueEmail(), redirect_uri: 'https://evil.example/' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.status).toBe(400);
    });

    it('re-shows the form with an error for an invalid email', async () => {
      const res = await t.server.request('/dev/oidc/authorize', {
        method: 'POST',
        rawBody: new URLSearchParams({ email: 'nope', redirect_uri: 'http://localhost:8080/login' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
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
        expect((await login(good)).body._id).toBe(reg.body._id);
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
