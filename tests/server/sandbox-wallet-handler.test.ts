// The sandbox wallet as a payment handler (issue 11): the payment method identifier /psp/pay leads a browser to its
// manifest, the manifest to the wallet's web app manifest, and that to the app's service worker (scope /); the
// wallet window shows the amount with its own strict CSP. No database work: one driver is enough.
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, useServer } from './helpers';

const ORIGIN = 'http://localhost:8080';

describe('the sandbox wallet payment handler', () => {
  const t = useServer('pglite');
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });

  it('the method URL links its manifest (HEAD and GET), which names the wallet on our origin', async () => {
    for (const method of ['HEAD', 'GET']) {
      const res = await s.request('/psp/pay', { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('link')).toBe('</psp/pay/payment-method-manifest.json>; rel="payment-method-manifest"');
    }
    const manifest = await s.request('/psp/pay/payment-method-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({
      default_applications: [`${ORIGIN}/psp/pay/wallet-app.webmanifest`],
      supported_origins: [],
    });
    const app = await s.request('/psp/pay/wallet-app.webmanifest');
    expect(app.headers.get('content-type')).toContain('application/manifest+json');
    expect(JSON.parse(app.text)).toMatchObject({ serviceworker: { src: '/sw.js', scope: '/', use_cache: false } });
  });

  it('the wallet window shows the amount under a CSP that allows only its own script', async () => {
    const res = await s.request('/psp/pay/wallet?value=30.00&currency=EUR');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Approve EUR 30.00');
    expect(res.text).toContain('wallet.tester@example.com');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    const odd = await s.request('/psp/pay/wallet?value=1e9&currency=eur');
    expect(odd.text).toContain('Amount unknown');
  });
});
