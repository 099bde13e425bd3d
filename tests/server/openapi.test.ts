// The OpenAPI registry against the built app (issue 34): every route Hono serves is described, every description is
// served; the document is served at /api/openapi.json, its examples parse with the zod schemas they stand for, and the
// reference page /api/docs serves its own assets under its CSP.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { servedEndpoints } from '../../server/openapi/document';
import { ENDPOINTS } from '../../server/openapi/registry';
import { servedBy } from '../../server/openapi/routes';
import { drivers, type TestServer, useServer } from './helpers';

/** Hono's pattern in OpenAPI form: /:id → /{id}, /:to{online|offline} → /{to}. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

function servedRoutes(s: TestServer): string[] {
  const app = createApp(s.ctx);
  const routes = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`);
  return [...new Set(routes)].sort();
}

function describedRoutes(s: TestServer): string[] {
  const described = servedEndpoints(servedBy(s.ctx)).flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].map((path) => `${e.method.toUpperCase()} ${path}`),
  );
  return [...new Set(described)].sort();
}

describe.each(drivers)('OpenAPI registry (%s)', (driver) => {
  // Every optional part mounted: DEMO_MODE (sandbox pages, demo OpenID provider), the mailbox, the test knobs.
  const h = useServer(driver, { TEST_KNOBS: 'true', MAIL_TRANSPORT: 'mailbox' });

  it('describes every route the app serves, and serves every route it describes', () => {
    const served = servedRoutes(h.server);
    const described = describedRoutes(h.server);
    expect(served.length).toBeGreaterThan(120);
    expect(served.filter((r) => !described.includes(r))).toEqual([]);
    expect(described.filter((r) => !served.includes(r))).toEqual([]);
  });

  it('without the demo helpers the document leaves them out, and still matches the routes', async () => {
    const plain = await h.server.withEnv({ TEST_KNOBS: 'false', MAIL_TRANSPORT: 'log' });
    const served = servedRoutes(plain);
    expect(served).not.toContain('GET /api/dev/mail');
    expect(served).not.toContain('PUT /api/dev/knobs/stations/{stationId}/postpay-expiry');
    expect(describedRoutes(plain)).toEqual(served);
  });

  it('one entry per method and path, each with a summary, a tag and an answer', () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of ENDPOINTS) {
      expect(e.summary, e.path).not.toBe('');
      expect(Object.keys(e.responses).length, e.path).toBeGreaterThan(0);
    }
  });

  it("every example parses with the zod schema it illustrates (the handlers' own)", () => {
    let examples = 0;
    for (const e of ENDPOINTS) {
      if (e.body && 'schema' in e.body && !('contentType' in e.body) && e.body.example !== undefined) {
        expect(e.body.schema.safeParse(e.body.example).error, `${e.method} ${e.path} body`).toBeUndefined();
        examples++;
      }
      for (const [status, answer] of Object.entries(e.responses)) {
        if ('contentType' in answer || answer.example === undefined) continue;
        expect(answer.schema.safeParse(answer.example).error, `${e.method} ${e.path} ${status}`).toBeUndefined();
        examples++;
      }
    }
    expect(examples).toBeGreaterThanOrEqual(6);
  });

  it('GET /api/openapi.json: OpenAPI 3.1 with the security schemes and an optional Idempotency-Key', async () => {
    const res = await h.server.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'consoleCookie',
      'consoleToken',
      'metricsToken',
      'session',
    ]);
    for (const path of ['/api/v4/order', '/api/v4/order/{id}/authorize']) {
      const op = doc.paths[path].post;
      const header = op.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
      expect(header, path).toMatchObject({ in: 'header', required: false });
      expect(op.security).toEqual([{ session: [] }]);
      expect(op.responses['409'].$ref).toBe('#/components/responses/Error409');
    }
    expect(doc.paths['/api/v4/pois'].get.security).toEqual([]);
    expect(doc.components.schemas.Order.required).toContain('state');
    expect(doc.components.schemas.ApiError.required).toEqual(['code', 'message']);
  });

  it('GET /api/docs: the reference page and its own assets, under a CSP of its own files', async () => {
    const page = await h.server.request('/api/docs');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets).toHaveLength(3);
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/assets/'), asset).toBe(true);
      const res = await h.server.request(asset, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status, asset).toBe(200);
      expect(res.bytes.length, asset).toBeGreaterThan(50);
    }
    expect((await h.server.request('/api/docs/assets/index.html')).status).toBe(404);
  });
});
