import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorBody } from '../../contract/errors';
import { precompress } from '../../scripts/precompress';
import { createApp } from '../../server/app';
import type { AppContext } from '../../server/context';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { seedNetwork } from '../../server/services/seed';
import { deliverMail, drivers, registerUser, uniqueEmail, useServer } from './helpers';

const staticDir = mkdtempSync(join(tmpdir(), 'fp-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Forecourt Pay</title>');
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'assets', 'x-abc.js'), 'console.log(1)');
writeFileSync(join(staticDir, 'assets', 'x-abc.css'), 'body{}');
writeFileSync(join(staticDir, 'sw.js'), 'self.x=1');
writeFileSync(join(staticDir, 'manifest.webmanifest'), '{}');
writeFileSync(join(staticDir, 'workbox-123.js'), '');
writeFileSync(join(staticDir, 'icon.png'), 'png');
writeFileSync(join(staticDir, 'font.woff2'), 'w');
writeFileSync(join(tmpdir(), 'fp-secret.txt'), 'secret');
// A bundle-sized asset and page, precompressed the way the build does it (scripts/precompress.ts).
const bundle = `${'export const price = (cents) => (cents / 100).toFixed(2);\n'.repeat(200)}`;
writeFileSync(join(staticDir, 'assets', 'app-1a2b.js'), bundle);
const page = `<!doctype html><title>Forecourt Pay</title><script>globalThis.x = 1;</script>${'<p>x</p>'.repeat(200)}`;
mkdirSync(join(staticDir, 'big'));
writeFileSync(join(staticDir, 'big', 'index.html'), page);
precompress(staticDir);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

// An app page and the build's route table (scripts/route-preload.ts): the first URL's page code goes into the HTML.
const appDir = mkdtempSync(join(tmpdir(), 'fp-static-app-'));
const appPage = `<!doctype html>\n<html lang="en"><head><title>Forecourt Pay</title><script>globalThis.y = 2;</script></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;
writeFileSync(join(appDir, 'index.html'), appPage);
mkdirSync(join(appDir, '.vite'));
writeFileSync(
  join(appDir, '.vite', 'route-preload.json'),
  JSON.stringify({
    files: [
      'assets/pump-1.js',
      'assets/pump-2.css',
      'assets/shared-3.js',
      'assets/mutations-4.js',
      'assets/landing-5.js',
    ],
    table: [
      ['^/pay/pump$', [0, 1, 2]],
      ['^/pay/[^/]+$', [2]],
      ['^/pay$', [0, 1, 2]],
      ['^/landing$', [4]],
    ],
    feature: [3, 2],
    shellPaths: ['/landing'],
  }),
);
precompress(appDir);
// A table that names a file outside the build: ignored, the page goes out as built.
const badDir = mkdtempSync(join(tmpdir(), 'fp-static-bad-'));
writeFileSync(join(badDir, 'index.html'), appPage);
mkdirSync(join(badDir, '.vite'));
writeFileSync(
  join(badDir, '.vite', 'route-preload.json'),
  JSON.stringify({ files: ['../secret.js'], table: [['^/pay$', [0]]], feature: [], shellPaths: [] }),
);
afterAll(() => {
  rmSync(appDir, { recursive: true, force: true });
  rmSync(badDir, { recursive: true, force: true });
});

// A prerendered first screen (server/http/prerender.ts): the page's markup per language beside the route table.
const prerenderDir = mkdtempSync(join(tmpdir(), 'fp-static-prerender-'));
const prerenderPage = `<!doctype html>\n<html lang="en"><head><title>Forecourt Pay</title><script>globalThis.y = 3;</script>\n    <script type="module" crossorigin src="/assets/index-9.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/framework-8.js">\n    <link rel="stylesheet" crossorigin href="/assets/index-7.css">\n</head><body><div id="root"></div><script>globalThis.loader = 1;</script>${'<p>x</p>'.repeat(200)}</body></html>`;
writeFileSync(join(prerenderDir, 'index.html'), prerenderPage);
mkdirSync(join(prerenderDir, '.vite'));
writeFileSync(
  join(prerenderDir, '.vite', 'route-preload.json'),
  JSON.stringify({
    files: ['assets/landing-5.js', 'assets/map-6.js'],
    table: [
      ['^/landing$', [0]],
      ['^/$', [1]],
    ],
    feature: [],
    shellPaths: ['/', '/landing'],
  }),
);
writeFileSync(
  join(prerenderDir, '.vite', 'prerender.json'),
  JSON.stringify({ '/landing': { en: '<h1>Pay at the pump</h1>', de: '<h1>An der Zapfsäule zahlen</h1>' } }),
);
precompress(prerenderDir);
afterAll(() => rmSync(prerenderDir, { recursive: true, force: true }));

// A station link's first screen (server/http/station-page.ts): the build's renderer module beside the route table.
// This stand-in echoes what the server gives it (the real one, src/ssr/station-page.tsx, is driven by the e2e tier)
// and, like it, has no first screen for an offline station.
const stationDir = mkdtempSync(join(tmpdir(), 'fp-static-station-'));
writeFileSync(join(stationDir, 'index.html'), prerenderPage);
mkdirSync(join(stationDir, '.vite', 'ssr'), { recursive: true });
writeFileSync(
  join(stationDir, '.vite', 'route-preload.json'),
  JSON.stringify({
    files: ['assets/pump-1.js', 'assets/pump-2.css'],
    table: [
      ['^/pay/pump$', [0, 1]],
      ['^/pay$', [0, 1]],
    ],
    feature: [],
    shellPaths: [],
  }),
);
writeFileSync(
  join(stationDir, '.vite', 'ssr', 'station-page.mjs'),
  `export const languages = ['de', 'en'];
export async function renderStationPage({ url, station, language }) {
  return station.status === 'ONLINE' ? \`<h1>\${language} \${station.brand}</h1><p>\${url}</p>\` : null;
}
`,
);
precompress(stationDir);
afterAll(() => rmSync(stationDir, { recursive: true, force: true }));

describe.each(drivers)('HTTP conventions (%s)', (driver) => {
  const t = useServer(driver);

  it('answers unknown /api routes with a 404 JSON error', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['GET', '/api/auth/login/local'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.server.request(path, { method });
      expect(res.status).toBe(404);
      expect(apiErrorBody.parse(res.body)).toMatchObject({ code: 'not_found' });
      expect(res.body.errorDescription).toBe(res.body.message);
    }
  });

  it('answers a body over 1 MB with 413 payload_too_large', async () => {
    const res = await t.server.request('/api/auth/login/local', {
      rawBody: JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('answers a JSON array or a string body with 400 validation_error', async () => {
    for (const rawBody of ['[]', '"text"', 'null', '42']) {
      const res = await t.server.request('/api/auth/login/local', { rawBody });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });

  it('echoes X-Correlation-Id and makes one when missing; accepts the app headers', async () => {
    const echoed = await t.server.request('/api/maintenance.json', {
      headers: { 'x-correlation-id': 'abc-123', 'x-locale': 'en-GB', 'x-app-version': 'webapp-release-v6.9.4' },
    });
    expect(echoed.status).toBe(200);
    expect(echoed.headers.get('x-correlation-id')).toBe('abc-123');
    const made = await t.server.request('/api/nope');
    expect(made.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends X-Content-Type-Options: nosniff and X-Correlation-Id on answers, errors and handler-made responses', async () => {
    const ok = await t.server.request('/api/maintenance.json');
    const error = await t.server.request('/api/v4/order/nope');
    // The demo identity provider answers a bad request with its own Response object (not through the context).
    const own = await t.server.request('/dev/oidc/authorize?redirect_uri=https://evil.example/');
    expect([ok.status, error.status, own.status]).toEqual([200, 401, 400]);
    for (const res of [ok, error, own]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers a NUL character in an id or a body with 400, not 500', async () => {
    const { token } = await registerUser(t.server);
    const byPath = await t.server.request('/api/v4/order/%00', { token });
    expect(byPath.status).toBe(400);
    expect(apiErrorBody.parse(byPath.body)).toMatchObject({ code: 'bad_request' });
    const byBody = await t.server.request('/api/v4/order', {
      token,
      body: { poiId: 'a\u0000b', products: [{ productId: 'p', fuelTypeId: 'SUPER_E5' }] },
    });
    expect(byBody.status).toBe(400);
    expect(byBody.body.code).toBe('bad_request');
  });

  it('refuses a lone UTF-16 surrogate anywhere in a JSON body with 400 (it was stored as U+FFFD)', async () => {
    const u = await registerUser(t.server, { firstName: 'Kept' });
    const bodies = [
      { firstName: 'A\ud800B' },
      { address: { street: 'Hauptstr. \udc00' } },
      { odometerScreenData: { '\ud83d': 'key' } },
      { odometerScreenData: { shown: ['ok', { deep: 'x\udfff' }] } },
    ];
    for (const body of bodies) {
      const res = await t.server.request(`/api/users/${u.id}`, { method: 'PATCH', token: u.token, body });
      expect(res.status).toBe(400);
      expect(apiErrorBody.parse(res.body)).toMatchObject({ code: 'bad_request' });
    }
    // A well-formed pair (an emoji) is fine.
    const emoji = await t.server.request(`/api/users/${u.id}`, {
      method: 'PATCH',
      token: u.token,
      body: { lastName: 'Doe \ud83d\ude00' },
    });
    expect(emoji.status).toBe(200);
    const me = await t.server.request(`/api/users/${u.id}`, { token: u.token });
    expect(me.body).toMatchObject({ firstName: 'Kept', lastName: 'Doe 😀', address: { street: null } });
    expect(me.body.odometerScreenData).toBeNull();
    // The order routes read their body for the idempotency fingerprint first: the same check applies there.
    const order = await t.server.request('/api/v4/order', {
      token: u.token,
      headers: { 'Idempotency-Key': 'surrogate-1' },
      body: { poiId: '\ud800', products: [{ productId: 'p', fuelTypeId: 'SUPER_E5' }] },
    });
    expect(order.status).toBe(400);
    expect(order.body.code).toBe('bad_request');
    // A URL cannot carry one: a percent-encoded surrogate is not valid UTF-8, so it stays undecoded.
    const byPath = await t.server.request('/api/v4/order/%ED%A0%80', { token: u.token });
    expect(byPath.status).toBe(404);
  });

  it('answers unexpected failures with 500 internal_error and no stack', async () => {
    const logged: string[] = [];
    const broken: AppContext = {
      ...t.server.ctx,
      log: { info: () => {}, error: (line) => logged.push(line) },
      db: new Proxy({} as AppContext['db'], {
        get() {
          throw new Error('database exploded at /srv/secret/file.ts:12');
        },
      }),
    };
    const res = await createApp(broken).request('/api/auth/resend-password', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side',
      errorDescription: 'Something went wrong on our side',
    });
    expect(logged).toHaveLength(1);
  });

  describe('GET /maintenance.json', () => {
    it('answers {production: false} with no-store, at /api and at the root', async () => {
      for (const path of ['/api/maintenance.json', '/maintenance.json']) {
        const res = await t.server.request(path);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ production: false });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });

    it('reports MAINTENANCE and its message', async () => {
      const down = await t.server.withEnv({ MAINTENANCE: 'true', MAINTENANCE_MESSAGE: 'Back at 6' });
      expect((await down.request('/api/maintenance.json')).body).toEqual({ production: true, message: 'Back at 6' });
    });
  });

  describe('development mailbox', () => {
    it('lists mail as HTML newest first and shows one mail', async () => {
      const u = await registerUser(t.server);
      await t.server.request('/api/auth/resend-password', { body: { email: u.email } });
      await t.server.request('/api/events/request-data-dump', { token: u.token });
      // Both go out from the mail queue after their answers.
      await deliverMail(t.server);
      const list = await t.server.request(`/api/dev/mail?to=${encodeURIComponent(u.email)}`);
      expect(list.body.map((m: { subject: string }) => m.subject)).toEqual([
        'Your Forecourt Pay data export is ready',
        'Your temporary Forecourt Pay password',
      ]);
      const page = await t.server.request('/dev/mail');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.text).toContain('<h1>Development mailbox</h1>');
      expect(page.text).toContain(u.email);
      const one = await t.server.request(`/dev/mail/${list.body[1].id}`);
      expect(one.status).toBe(200);
      expect(one.text).toContain('Your temporary Forecourt Pay password');
      expect(one.text).toContain('<pre>');
      expect((await t.server.request('/dev/mail/000000000000000000000000')).status).toBe(404);
    });

    it('does not exist when SMTP is configured', async () => {
      const smtp = await t.server.withEnv({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525' });
      expect(smtp.ctx.mailer.devMailbox).toBe(false);
      expect((await smtp.request('/dev/mail')).status).toBe(404);
      expect((await smtp.request('/api/dev/mail')).status).toBe(404);
    });
  });

  describe('CORS', () => {
    it('allows only the origins in CORS_ORIGINS', async () => {
      const server = await t.server.withEnv({ CORS_ORIGINS: 'https://host.example, https://other.example' });
      const allowed = await server.request('/api/maintenance.json', { headers: { origin: 'https://host.example' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://host.example');
      const pre = await server.request('/api/auth/login/local', {
        method: 'OPTIONS',
        headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-headers')).toMatch(/X-Correlation-Id/);
      const denied = await server.request('/api/maintenance.json', { headers: { origin: 'https://evil.example' } });
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
      const none = await t.server.request('/api/maintenance.json', { headers: { origin: 'https://host.example' } });
      expect(none.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('static app', () => {
    it('serves hashed assets immutable, shell files no-cache, others for an hour', async () => {
      const s = await t.server.withEnv({ STATIC_DIR: staticDir });
      const cases: [string, string, RegExp][] = [
        ['/assets/x-abc.js', 'public, max-age=31536000, immutable', /^text\/javascript/],
        ['/assets/x-abc.css', 'public, max-age=31536000, immutable', /^text\/css/],
        ['/', 'no-cache', /^text\/html/],
        ['/index.html', 'no-cache', /^text\/html/],
        ['/sw.js', 'no-cache', /^text\/javascript/],
        ['/manifest.webmanifest', 'no-cache', /^application\/manifest\+json/],
        ['/workbox-123.js', 'no-cache', /^text\/javascript/],
        ['/icon.png', 'public, max-age=3600', /^image\/png/],
        ['/font.woff2', 'public, max-age=3600', /^font\/woff2/],
      ];
      for (const [path, cache, type] of cases) {
        const res = await s.request(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe(cache);
        expect(res.headers.get('content-type'), path).toMatch(type);
      }
    });

    it('answers other GETs with index.html (SPA fallback) but never for /api, /dev or missing assets', async () => {
      const s = await t.server.withEnv({ STATIC_DIR: staticDir });
      for (const path of ['/map', '/pay/prepay/summary?x=1', '/profile/cars/abc']) {
        const res = await s.request(path);
        expect(res.status).toBe(200);
        expect(res.text).toContain('<title>Forecourt Pay</title>');
        expect(res.headers.get('cache-control')).toBe('no-cache');
      }
      expect((await s.request('/api/unknown')).status).toBe(404);
      expect((await s.request('/dev/unknown')).status).toBe(404);
      expect((await s.request('/assets/missing-123.js')).status).toBe(404);
      const traversal = await s.request('/..%2Ffp-secret.txt');
      expect(traversal.text).not.toContain('secret');
    });

    it('sends the precompressed file the browser accepts, brotli first, and says it varies by Accept-Encoding', async () => {
      const s = await t.server.withEnv({ STATIC_DIR: staticDir });
      const get = (encoding?: string) =>
        s.request('/assets/app-1a2b.js', { headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
      const br = await get('gzip, deflate, br, zstd');
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toBe('Accept-Encoding');
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(bundle);
      expect(br.bytes.length).toBeLessThan(bundle.length / 10);
      const gzip = await get('gzip');
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(bundle);
      // Refused by q=0: the next one; nothing accepted: the plain file, still marked as varying.
      expect((await get('br;q=0, gzip;q=0.5')).headers.get('content-encoding')).toBe('gzip');
      for (const plain of [await get(), await get('identity'), await get('br;q=0, gzip;q=0')]) {
        expect(plain.headers.get('content-encoding')).toBeNull();
        expect(plain.text).toBe(bundle);
        expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      }
      // A small file has no compressed copy: sent plain, no Vary.
      const small = await s.request('/assets/x-abc.js', { headers: { 'accept-encoding': 'br' } });
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('vary')).toBeNull();
    });

    it("an app URL's page carries its page code's links (scanned while the HTML parses) and the mark that tells the inline script", async () => {
      const s = await t.server.withEnv({ STATIC_DIR: appDir });
      // The route's files, then a feature page's (the pay path's mutation defaults), each once.
      const links =
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/pump-1.js"><link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/pump-2.css">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shared-3.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/mutations-4.js">';
      const routed = appPage
        .replace('<html lang="en">', '<html data-route-preloaded lang="en">')
        .replace('</head>', `${links}</head>`);
      const asBuilt = await s.request('/index.html');
      expect(asBuilt.text).toBe(appPage);
      for (const path of ['/pay', '/pay/', '/pay?pid=abc', '/pay/pump']) {
        const res = await s.request(path);
        expect(res.text, path).toBe(routed);
        expect(res.headers.get('cache-control'), path).toBe('no-cache');
        // The inline scripts are the same: so is the policy's hash of them.
        expect(res.headers.get('content-security-policy'), path).toBe(asBuilt.headers.get('content-security-policy'));
      }
      // Static segments before parameters: another /pay page gets its own row's links only.
      const other = await s.request('/pay/odometer');
      expect(other.text).toContain('<html data-route-preloaded lang="en">');
      expect(other.text).toContain(
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shared-3.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/mutations-4.js"></head>',
      );
      expect(other.text).not.toContain('pump-1.js');
      // A shell page (public: no writes) gets its route's files only.
      for (const path of ['/landing', '/landing/']) {
        const landing = await s.request(path);
        expect(landing.text, path).toContain(
          '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/landing-5.js"></head>',
        );
        expect(landing.text, path).not.toContain('mutations-4.js');
      }
      // Compressed as the browser accepts it.
      const br = await s.request('/pay', { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(routed);
      const gzip = await s.request('/pay', { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(routed);
      // A path of no route, and the file asked for by name: as built.
      for (const path of ['/nothing/here', '/index.html', '/pay/a/b/c']) {
        expect((await s.request(path)).text, path).toBe(appPage);
      }
      // The build's metadata is not served (neither as a file nor as the app's page).
      for (const path of [
        '/.vite/route-preload.json',
        '/.vite/',
        '/.vite',
        '/%2Evite/route-preload.json',
        '/assets/%2E%2E/.vite/route-preload.json',
      ]) {
        const res = await s.request(path);
        expect(res.status, path).toBe(404);
        expect(res.text, path).not.toContain('assets/pump-1.js');
      }
      // A table naming a file outside the build is not used.
      const bad = await t.server.withEnv({ STATIC_DIR: badDir });
      expect((await bad.request('/pay')).text).toBe(appPage);
    });

    it("a cold start of a prerendered page gets its markup in the browser's language, the app's code held back", async () => {
      const s = await t.server.withEnv({ STATIC_DIR: prerenderDir });
      const asBuilt = await s.request('/index.html');
      const code =
        '<template id="app-code"><script type="module" crossorigin src="/assets/index-9.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-8.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/landing-5.js"></template>';
      for (const [accept, language, markup] of [
        ['de-DE,de;q=0.9,en;q=0.8', 'de', '<h1>An der Zapfsäule zahlen</h1>'],
        ['ja', 'en', '<h1>Pay at the pump</h1>'],
        [undefined, 'en', '<h1>Pay at the pump</h1>'],
      ] as const) {
        const headers: Record<string, string> = { 'accept-encoding': 'br' };
        if (accept) headers['accept-language'] = accept;
        const res = await s.request('/landing', { headers });
        const text = brotliDecompressSync(res.bytes).toString('utf8');
        expect(text).toContain(`<html data-prerendered="${language}" lang="${language}" data-route-preloaded>`);
        expect(text).toContain(`<div id="root">${markup}</div>${code}<script>globalThis.loader = 1;</script>`);
        // Nothing the preload scanner would fetch before the first paint but the stylesheet.
        const head = text.slice(0, text.indexOf('<body>'));
        expect(head).not.toMatch(/modulepreload|type="module"/);
        expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-7.css">');
        expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        // The same inline scripts: the same policy.
        expect(res.headers.get('content-security-policy')).toBe(asBuilt.headers.get('content-security-policy'));
      }
      // A new visitor's / (the app sends one to /landing): the landing page, with the landing's code, not the map's.
      const start = await s.request('/', { headers: { 'accept-language': 'de' } });
      expect(start.text).toContain('<div id="root"><h1>An der Zapfsäule zahlen</h1></div><template id="app-code">');
      expect(start.text).toContain('href="/assets/landing-5.js"');
      expect(start.text).not.toContain('map-6.js');
      // With a query (a station, a redirect), / is the app's: as built, with its own route's links.
      const station = await s.request('/?pid=abc', { headers: { 'accept-language': 'de' } });
      expect(station.text).not.toContain('<html data-prerendered');
      expect(station.text).toContain('href="/assets/map-6.js"');
      // A query (a partner's logo, landscape) or another page: as built, with the route's links.
      for (const path of ['/landing?partner=demo-partner', '/login', '/index.html']) {
        const res = await s.request(path, { headers: { 'accept-language': 'de' } });
        expect(res.text, path).not.toContain('data-prerendered');
        expect(res.text, path).toContain('<div id="root"></div>');
        expect(res.headers.get('vary') ?? '', path).not.toContain('Accept-Language');
      }
      // No prerendered pages in the build: the page as before.
      const plain = await t.server.withEnv({ STATIC_DIR: appDir });
      expect((await plain.request('/landing', { headers: { 'accept-language': 'de' } })).text).not.toContain(
        'data-prerendered',
      );
    });

    it("a station link's cold start gets the station's first screen from the build's renderer, and the station beside it", async () => {
      await seedNetwork({ ctx: t.server.ctx });
      const s = await t.server.withEnv({ STATIC_DIR: stationDir });
      const id = DEMO_STATIONS.prepay.id;
      const api = await s.request(`/api/v4/pois/${id}`);
      expect(api.status).toBe(200);
      const host = new URLSearchParams({ pid: id, callback: 'https://host.example/back?a=1', hideRydMapLink: 'true' });
      for (const [path, accept, language] of [
        [`/pay?pid=${id}`, 'de-DE,de;q=0.9', 'de'],
        [`/pay/?pid=${id}`, 'ja', 'en'],
        [`/pay/pump?pid=${id}`, undefined, 'en'],
        // A host app's link: its return address and its "no map link" flag (the renderer reads them from the URL).
        [`/pay?${host}`, 'de', 'de'],
      ] as const) {
        const headers: Record<string, string> = { 'accept-encoding': 'br' };
        if (accept) headers['accept-language'] = accept;
        const res = await s.request(path, { headers });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe('no-cache');
        expect(res.headers.get('vary'), path).toContain('Accept-Language');
        const text = brotliDecompressSync(res.bytes).toString('utf8');
        expect(text, path).toContain(`<html data-prerendered="${language}" lang="${language}" data-route-preloaded>`);
        // The renderer's markup for this URL, language and station (the stand-in below echoes them).
        const url = path.replace('/pay/?', '/pay?');
        expect(text, path).toContain(`<div id="root"><h1>${language} ${(api.body as { brand: string }).brand}</h1>`);
        expect(text, path).toContain(`<p>${url}</p></div><template id="app-code">`);
        // The app's code held back; the page's stylesheets applied at once (the markup needs them), with crossorigin.
        expect(text, path).toContain(
          '<template id="app-code"><script type="module" crossorigin src="/assets/index-9.js">',
        );
        expect(text, path).toContain('<link rel="stylesheet" crossorigin href="/assets/pump-2.css">');
        expect(text, path).not.toContain('rel="preload" as="style"');
        // The station as GET /v4/pois/{id} answers it, after the template, in a data block no text can close.
        const data = /<\/template><script type="application\/json" id="station-data">([^<]*)<\/script>/.exec(text);
        expect(data, path).not.toBeNull();
        expect(JSON.parse(data![1]!), path).toEqual(api.body);
      }
      // Anything else in the query (a host app's link, an order), another page, an unknown or malformed station, a
      // station the renderer has no first screen for (offline): the page as built, with the route's links.
      for (const path of [
        `/pay?pid=${id}&partner=demo-partner`,
        `/pay?pid=${id}&pid=${id}`,
        `/pay?pid=${id}&callback=a&callback=b`,
        `/pay?pid=${id}&orderId=abc`,
        `/pay/odometer?pid=${id}`,
        '/pay?pid=000000000000000000000000',
        '/pay?pid=%3Cscript%3E',
        '/pay',
        `/pay?pid=${DEMO_STATIONS.offline.id}`,
      ]) {
        const res = await s.request(path, { headers: { 'accept-language': 'de' } });
        expect(res.status, path).toBe(200);
        expect(res.text, path).not.toContain('data-prerendered');
        expect(res.text, path).not.toContain('station-data');
        expect(res.text, path).toContain('<div id="root"></div>');
      }
      // A build without the renderer: as built.
      const without = await t.server.withEnv({ STATIC_DIR: prerenderDir });
      expect((await without.request(`/pay?pid=${id}`)).text).not.toContain('data-prerendered');
    });

    it('a compressed page keeps its CSP hashes of the inline scripts and stays no-cache', async () => {
      const s = await t.server.withEnv({ STATIC_DIR: staticDir });
      const plain = await s.request('/big/index.html');
      const br = await s.request('/big/index.html', { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(page);
      expect(br.headers.get('content-security-policy')).toBe(plain.headers.get('content-security-policy'));
      expect(br.headers.get('content-security-policy')).toMatch(/script-src[^;]*'sha256-/);
      expect(br.headers.get('cache-control')).toBe('no-cache');
    });

    it('compresses API answers over 1 KiB for a client that accepts gzip', async () => {
      await seedNetwork({ ctx: t.server.ctx });
      const res = await t.server.request(`/api/v4/pois/${DEMO_STATIONS.prepay.id}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(JSON.parse(gunzipSync(res.bytes).toString('utf8'))).toMatchObject({ _id: DEMO_STATIONS.prepay.id });
      // Without Accept-Encoding: plain JSON.
      const plain = await t.server.request(`/api/v4/pois/${DEMO_STATIONS.prepay.id}`);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.body).toMatchObject({ _id: DEMO_STATIONS.prepay.id });
    });

    it('says to run npm run build when there is no build', async () => {
      const res = await t.server.request('/');
      expect(res.status).toBe(200);
      expect(res.text).toContain('npm run build');
    });
  });
});
