// Issue 10.3 (and the server half of 10.2): security headers on every answer, a strict CSP on the app, minimal ones on
// the server's own pages, an explicit CORS policy, and the host-app allowlist the app reads.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostAppsResponse } from '../../contract/host-apps';
import { CONNECT_ORIGINS_META } from '../../server/http/connect-origins';
import { drivers, registerUser, useServer } from './helpers';

const INLINE = "window.__boot = 'x';";
const staticDir = mkdtempSync(join(tmpdir(), 'fp-csp-'));
writeFileSync(
  join(staticDir, 'index.html'),
  `<!doctype html><title>Forecourt Pay</title><script type="module" src="/assets/app.js"></script><script>${INLINE}</script>`,
);
writeFileSync(join(staticDir, 'sw.js'), 'self.x=1');
// A build made with a remote map style (scripts/connect-origins.ts writes the tag).
const remoteStyleDir = mkdtempSync(join(tmpdir(), 'fp-csp-style-'));
writeFileSync(
  join(remoteStyleDir, 'index.html'),
  `<!doctype html><meta name="${CONNECT_ORIGINS_META}" content="https://tiles.example.com"><title>Forecourt Pay</title>`,
);
writeFileSync(join(remoteStyleDir, 'sw.js'), 'self.x=1');
afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
  rmSync(remoteStyleDir, { recursive: true, force: true });
});

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name, values]),
  ) as Record<string, string[]>;

describe.each(drivers)('security headers (%s)', (driver) => {
  const t = useServer(driver, { STATIC_DIR: staticDir });

  it('the app: a strict CSP (self + inline-script hashes, no unsafe-inline), frame-ancestors = the host apps', async () => {
    const s = await t.server.withEnv({
      STATIC_DIR: staticDir,
      HOST_APP_ORIGINS: 'https://host.example, https://partner.example:8443',
      CSP_CONNECT_ORIGINS: 'https://tiles.example',
    });
    for (const path of ['/', '/pay?pid=x', '/profile/cars/1']) {
      const res = await s.request(path);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      const d = directives(csp);
      expect(d['default-src']).toEqual(["'self'"]);
      expect(d['script-src']).toEqual(["'self'", sha(INLINE)]);
      expect(d['style-src']).toEqual(["'self'"]);
      expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(d['connect-src']).toEqual(["'self'", 'https://tiles.example']);
      expect(d['worker-src']).toEqual(["'self'"]);
      expect(d['manifest-src']).toEqual(["'self'"]);
      expect(d['object-src']).toEqual(["'none'"]);
      expect(d['base-uri']).toEqual(["'none'"]);
      expect(d['form-action']).toEqual(["'self'"]);
      expect(d['frame-ancestors']).toEqual(["'self'", 'https://host.example', 'https://partner.example:8443']);
    }
    // By default only the app's own origin (the demo host page) may frame it.
    const plain = await t.server.request('/');
    expect(directives(plain.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'self'"]);
    // The service worker's CSP comes from its own response.
    const sw = await t.server.request('/sw.js');
    expect(directives(sw.headers.get('content-security-policy'))['connect-src']).toEqual(["'self'"]);
  });

  it('a build with a remote map style: its origin joins connect-src of the app and of the service worker', async () => {
    const s = await t.server.withEnv({ STATIC_DIR: remoteStyleDir, CSP_CONNECT_ORIGINS: 'https://glyphs.example' });
    for (const path of ['/', '/map', '/sw.js']) {
      const res = await s.request(path);
      expect(directives(res.headers.get('content-security-policy'))['connect-src'], path).toEqual([
        "'self'",
        'https://glyphs.example',
        'https://tiles.example.com',
      ]);
    }
  });

  it('every answer: nosniff, Referrer-Policy, Permissions-Policy, COOP; the API: CORP and a render-nothing CSP', async () => {
    const { token } = await registerUser(t.server);
    const answers = {
      app: await t.server.request('/'),
      api: await t.server.request('/api/maintenance.json'),
      apiError: await t.server.request('/api/v4/order/nope', { token }),
      notFound: await t.server.request('/api/nope'),
      console: await t.server.request('/forecourt'),
      consoleApi: await t.server.request('/forecourt/api/stations'),
      mailbox: await t.server.request('/dev/mail'),
      ownResponse: await t.server.request('/dev/oidc/authorize?redirect_uri=https://evil.example/'),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy'), name).toBe('same-origin');
      const pp = res.headers.get('permissions-policy') ?? '';
      for (const allowed of ['geolocation', 'payment', 'publickey-credentials-get', 'publickey-credentials-create']) {
        expect(pp, name).toContain(`${allowed}=(self)`);
      }
      for (const off of ['camera', 'microphone', 'usb']) expect(pp, name).toContain(`${off}=()`);
      expect(res.headers.get('strict-transport-security'), name).toBeNull();
    }
    for (const name of ['api', 'apiError', 'notFound', 'consoleApi'] as const) {
      expect(answers[name].headers.get('cross-origin-resource-policy'), name).toBe('same-origin');
      expect(directives(answers[name].headers.get('content-security-policy'))['default-src'], name).toEqual(["'none'"]);
    }
  });

  it('the console and the dev pages: their own minimal CSP, inline code allowed only by its hash', async () => {
    const page = await t.server.request('/forecourt');
    const d = directives(page.headers.get('content-security-policy'));
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.text)?.[1] ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)?.[1] ?? '';
    expect(d['default-src']).toEqual(["'none'"]);
    expect(d['script-src']).toEqual([sha(script)]);
    expect(d['style-src']).toEqual([sha(style)]);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    const mail = await t.server.request('/dev/mail');
    const m = directives(mail.headers.get('content-security-policy'));
    expect(m['script-src']).toEqual(["'none'"]);
    expect(m['style-src']).toEqual([sha(/<style>([\s\S]*?)<\/style>/.exec(mail.text)?.[1] ?? '')]);
    expect(m['form-action']).toEqual(["'none'"]);
    const signIn = await t.server.request(
      `/dev/oidc/authorize?${new URLSearchParams({
        client_id: 'forecourt-pay',
        response_type: 'code',
        redirect_uri: 'http://localhost:8080/openid/callback',
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
    );
    expect(directives(signIn.headers.get('content-security-policy'))['form-action']).toEqual(["'self'"]);
  });

  it('HSTS only when served over https: an https PUBLIC_URL, or a trusted proxy that says so', async () => {
    const https = await t.server.withEnv({ PUBLIC_URL: 'https://pay.example' });
    for (const path of ['/api/maintenance.json', '/forecourt']) {
      expect((await https.request(path)).headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    }
    const proxied = await t.server.withEnv({ TRUSTED_PROXIES: '10.0.0.0/8' });
    const viaHttps = await proxied.request('/api/maintenance.json', {
      headers: { 'x-forwarded-proto': 'https' },
      address: '10.1.2.3',
    });
    expect(viaHttps.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    // From anyone else the header could be written by the client: it is not believed.
    const direct = await proxied.request('/api/maintenance.json', {
      headers: { 'x-forwarded-proto': 'https' },
      address: '203.0.113.9',
    });
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    const claimed = await t.server.request('/api/maintenance.json', { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('CORS: no other origin by default; a preflight is answered 204 with the methods and headers the API takes', async () => {
    const none = await t.server.request('/api/maintenance.json', { headers: { origin: 'https://host.example' } });
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await t.server.request('/api/v4/order', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const allowedHeaders = (pre.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of [
      'authorization',
      'idempotency-key',
      'x-locale',
      'x-app-version',
      'x-correlation-id',
      'content-type',
    ]) {
      expect(allowedHeaders).toContain(h);
    }
    expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');

    const hosted = await t.server.withEnv({ HOST_APP_ORIGINS: 'https://host.example' });
    const ok = await hosted.request('/api/v4/order', {
      method: 'OPTIONS',
      headers: { origin: 'https://host.example', 'access-control-request-method': 'POST' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://host.example');
    expect(ok.headers.get('vary')).toContain('Origin');
    const evil = await hosted.request('/api/maintenance.json', { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('GET /api/v4/host-apps: the allowlist (default: PUBLIC_URL origin), cacheable', async () => {
    const res = await t.server.request('/api/v4/host-apps');
    expect(res.status).toBe(200);
    expect(hostAppsResponse.parse(res.body)).toEqual({ origins: ['http://localhost:8080'], demoMode: true });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const hosted = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      HOST_APP_ORIGINS: 'https://Host.Example/, https://b.example:8443',
    });
    expect((await hosted.request('/api/v4/host-apps')).body).toEqual({
      origins: ['https://host.example', 'https://b.example:8443'],
      demoMode: false,
    });
  });

  it('refuses a HOST_APP_ORIGINS entry that is not an origin', async () => {
    const { loadEnv } = await import('../../server/env');
    for (const bad of ['https://a.example/path', 'javascript:alert(1)', 'https://u@a.example', 'a.example']) {
      expect(() => loadEnv({ HOST_APP_ORIGINS: bad }), bad).toThrow(/HOST_APP_ORIGINS/);
    }
  });
});
