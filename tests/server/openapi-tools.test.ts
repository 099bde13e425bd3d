// The OpenAPI document checked by tools nobody here wrote (issue 34): a real server process, its /api/openapi.json
// linted by @redocly/cli (redocly.yaml: 0 errors), and a dedicated traffic run of a driver's main calls and the API's
// errors through `@stoplight/prism-cli proxy --errors` in front of it, which validates every request and answer against
// the document: 0 violations.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isTerminal, type OrderState, paymentMethodsResponse } from '../../contract/orders';
import { providerPageResponse } from '../../contract/payment-methods';
import { poi as poiSchema } from '../../contract/stations';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { call, freePort, sleep, useProcesses } from './spawn-server';

const require = createRequire(import.meta.url);
const bin = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
const ROOT = join(dirname(new URL(import.meta.url).pathname), '../..');

/** A POST of JSON text as given (call() would encode it again). */
async function sendRaw(url: string, text: string) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  const raw = await res.text();
  let body: unknown = raw;
  try {
    body = JSON.parse(raw);
  } catch {
    // not JSON
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely
  return { status: res.status, body: body as any, text: raw, headers: res.headers };
}

type Seen = { call: string; status: number; violations: unknown[] };

describe('the OpenAPI document, checked by @redocly/cli and Prism', () => {
  const start = useProcesses();
  const dir = mkdtempSync(join(tmpdir(), 'fp-openapi-'));
  let prism: ChildProcess | undefined;
  afterAll(() => {
    if (prism && prism.exitCode === null) prism.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('lints with 0 errors, and a driver session through prism proxy --errors has 0 violations', async () => {
    // The simulated driver fuels at 50x speed: the order completes within seconds, and has its receipt.
    const s = await start({
      DATA_DIR: join(dir, 'data'),
      LOG_REQUESTS: 'false',
      FORECOURT_SPEED: '50',
      FORECOURT_TICK_MS: '100',
    });
    const t0 = Date.now();
    const lap = (what: string) => console.log(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await s.ready();
    lap('server ready');
    const doc = await call(s.base, '/api/openapi.json');
    expect(doc.status).toBe(200);
    const file = join(dir, 'openapi.json');
    writeFileSync(file, doc.text);

    // --- @redocly/cli lint, with the project's rule choices (redocly.yaml).
    const lint = spawnSync(
      process.execPath,
      [bin('@redocly/cli', 'bin/cli.js'), 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json'],
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(
      report.problems.filter((p) => p.severity === 'error'),
      lint.stderr,
    ).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(lint.status).toBe(0);

    lap('redocly lint');
    // --- Prism in front of the real server: every request and answer validated against the document.
    const port = await freePort();
    prism = spawn(
      process.execPath,
      [
        bin('@stoplight/prism-cli', 'dist/index.js'),
        'proxy',
        file,
        s.base,
        '--errors',
        '--host',
        '127.0.0.1',
        '--port',
        String(port),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let prismOut = '';
    prism.stdout?.on('data', (d) => {
      prismOut += d;
    });
    prism.stderr?.on('data', (d) => {
      prismOut += d;
    });
    for (let i = 0; i < 300 && !/listening/i.test(prismOut); i++) {
      if (prism.exitCode !== null) throw new Error(`prism exited: ${prismOut}`);
      await sleep(100);
    }
    expect(prismOut).toMatch(/listening/i);
    const base = `http://127.0.0.1:${port}`;
    lap('prism listening');

    const seen: Seen[] = [];
    /** One call through Prism: its answer, and whatever Prism found wrong with the request or the answer. */
    const via = async (path: string, init: Parameters<typeof call>[2] & { expect: number; rawBody?: string }) => {
      const res = init.rawBody === undefined ? await call(base, path, init) : await sendRaw(base + path, init.rawBody);
      const header = res.headers.get('sl-violations');
      const violations: unknown[] = header ? JSON.parse(header) : [];
      // With --errors a request or answer that breaks the document comes back as Prism's own problem document.
      if ((res.headers.get('content-type') ?? '').includes('application/problem+json')) violations.push(res.body);
      const method = init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET');
      seen.push({ call: `${method} ${path}`, status: res.status, violations });
      expect(res.status, `${path}: ${res.text.slice(0, 500)}`).toBe(init.expect);
      return res;
    };

    // Register, sign in.
    const email = `openapi-${randomUUID().slice(0, 8)}@example.com`;
    const password = `Prism-${randomUUID().slice(0, 12)}`;
    const registered = await via('/api/auth/register', { body: { email, password, termsAccepted: true }, expect: 201 });
    const userId = registered.body._id as string;
    const login = await via('/api/auth/login/local', { body: { email, password }, expect: 200 });
    const token = login.body.auth_token as string;
    const me = await via(`/api/users/${userId}`, { token, expect: 200 });
    await via('/api/maintenance.json', { expect: 200 });
    await via('/api/v4/host-apps', { expect: 200 });

    // Stations.
    const station = DEMO_STATIONS.prepay;
    await via(`/api/v4/pois?lat=${station.latitude}&lon=${station.longitude}&radiusM=300`, { expect: 200 });
    const poi = poiSchema.parse((await via(`/api/v4/pois/${station.id}`, { expect: 200 })).body);
    await via('/api/v4/places', { expect: 200 });

    // Vehicles.
    await via('/api/vehicles/makes', { token, expect: 200 });
    const thing = await via('/api/things/lite', {
      token,
      body: { type: 'car', nickName: 'Prism car', licensePlate: 'P-RS 1' },
      expect: 201,
    });
    await via('/api/things', { token, expect: 200 });
    await via(`/api/things/${thing.body._id}`, { token, expect: 200 });

    // Payment methods: a card saved on the sandbox provider's page (a page, straight to the server).
    await via('/api/v4/payment-methods/is-payment-methods-limit-exceeded', { token, expect: 200 });
    await via('/api/v4/features/psp/available-providers', { token, expect: 200 });
    const back = `http://localhost:${s.port}/profile/payments/payment-register`;
    const urls = await via(
      `/api/payments/sandbox/urls?successUrl=${encodeURIComponent(back)}&errorUrl=${encodeURIComponent(back)}`,
      { token, expect: 200 },
    );
    const pagePath = new URL(providerPageResponse.parse(urls.body).url).pathname;
    const saved = await fetch(s.base + pagePath, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4242 4242 4242 4242',
        holder: 'Prism Driver',
        expiry: '11/2035',
        cvc: '123',
        action: 'save',
      }).toString(),
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    const methods = paymentMethodsResponse.parse(
      (await via(`/api/v4/payment-methods?customerId=${userId}&state=ACTIVE`, { token, expect: 200 })).body,
    );
    const card = methods[0];
    expect(card).toBeDefined();

    // An order: created and paid without an Idempotency-Key (the header is optional), polled, its receipt.
    const pump = poi.products.find((p) => p.facility === 'PUMP' && p.attributes.status === 'AVAILABLE');
    const item = pump?.attributes.availableItems?.[0];
    const orderBody = {
      poiId: poi._id,
      autoAcquire: true,
      products: [{ productId: pump?._id, fuelTypeId: item?.itemCode }],
    };
    const created = await via('/api/v4/order', { token, body: orderBody, expect: 201 });
    const orderId = created.body._id as string;
    const price = { amount: 2000, currency: item?.currency, precision: 2 };
    await via(`/api/v4/order/${orderId}/authorize`, {
      token,
      body: { authorizePrice: price, paymentMethodId: card?.id },
      expect: 200,
    });
    // 409: without a key, the order itself refuses a second authorization.
    await via(`/api/v4/order/${orderId}/authorize`, {
      token,
      body: { authorizePrice: price, paymentMethodId: card?.id },
      expect: 409,
    });
    let state: OrderState = created.body.state;
    for (let i = 0; i < 120 && !isTerminal(state); i++) {
      state = (await via(`/api/v4/order/${orderId}`, { token, expect: 200 })).body.state;
      if (!isTerminal(state)) await sleep(250);
    }
    expect(state).toBe('COMPLETED');
    // The receipt: the invoice (a PDF) and the order's entry in the logbook.
    await via(`/api/v4/invoices/${orderId}`, { token, expect: 200 });
    await via('/api/v4/ongoing-orders?limit=5', { token, expect: 200 });
    const history = await via('/api/v4/account-history', { token, expect: 200 });
    await via('/api/v4/account-history?types=PAYMENT', { token, expect: 200 });
    const entry = history.body.events?.[0];
    if (entry?._id) await via(`/api/v4/account-history/${entry._id}`, { token, expect: 200 });
    // A second order, cancelled before it is paid (with a key: a replay cancels once).
    const second = await via('/api/v4/order', {
      token,
      body: orderBody,
      headers: { 'Idempotency-Key': randomUUID() },
      expect: 201,
    });
    await via(`/api/v4/order/${second.body._id}/cancel`, { token, body: {}, expect: 200 });

    // Vouchers, loyalty, tutorials, account.
    await via('/api/v4/vouchers/campaign-participations', { token, expect: 200 });
    await via('/api/v4/loyalty-programs', { token, expect: 200 });
    await via('/api/v4/users/preferences', { token, expect: 200 });
    await via(`/api/accounts/${me.body.accountId}/features`, { token, expect: 200 });
    await via('/api/tutorial-site/tutorial_topic', { expect: 200 });

    // Errors, as the one error shape.
    // 400: a lone surrogate no JSON Schema can refuse, but the server does.
    await via('/api/auth/login/local', { rawBody: '{"email":"a@example.com","password":"\\ud800x"}', expect: 400 });
    // 401: a well-formed token that is no session.
    await via('/api/things', { token: 'x'.repeat(32), expect: 401 });
    // 404: no such order.
    await via('/api/v4/order/000000000000000000000000', { token, expect: 404 });
    // A taken email registers like a new one (issue 32.13: the owner is mailed instead), in the document's 201 shape.
    await via('/api/auth/register', { body: { email, password, termsAccepted: true }, expect: 201 });
    // 422: more than the pump's largest recommended price.
    const third = await via('/api/v4/order', { token, body: orderBody, expect: 201 });
    await via(`/api/v4/order/${third.body._id}/authorize`, {
      token,
      body: { authorizePrice: { ...price, amount: 9_999_999 }, paymentMethodId: card?.id },
      expect: 422,
    });

    lap('traffic');
    const statuses = new Set(seen.map((c) => c.status));
    for (const status of [200, 201, 400, 401, 404, 409, 422]) expect(statuses, String(status)).toContain(status);
    console.log(`prism: ${seen.length} calls, ${seen.filter((c) => c.violations.length).length} with violations`);
    expect(seen.filter((c) => c.violations.length > 0)).toEqual([]);
  }, 300_000);
});
