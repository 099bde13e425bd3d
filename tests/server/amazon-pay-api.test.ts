// Sign in with Amazon against a real Amazon Pay API (issue 13): with AMAZON_PAY_PUBLIC_KEY_ID and
// AMAZON_PAY_PRIVATE_KEY_FILE the server reads the buyer from GET /v2/buyers/{buyerToken}. Here a small fake Amazon
// (a node http server) checks each request the way Amazon does — it rebuilds the canonical request of
// AMZN-PAY-RSASSA-PSS-V2 itself and verifies the signature with the merchant's public key — and answers a buyer.
// Without the key and without DEMO_MODE there is no Amazon sign-in at all.
import { constants, createHash, generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMAZON_API_TIMEOUT_MS, getAmazonBuyer } from '../../server/auth/amazon-pay-client';
import { drivers, registerUser, type TestServer, uniqueEmail, useServer } from './helpers';

const PUBLIC_KEY_ID = 'AHQ4TESTKEYID0123456789';
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyDir = mkdtempSync(join(tmpdir(), 'amazon-key-'));
const keyFile = (name: string, key: KeyObject) => {
  const path = join(keyDir, `${name}.pem`);
  writeFileSync(path, key.export({ type: 'pkcs8', format: 'pem' }));
  return path;
};
const MERCHANT_KEY_FILE = keyFile('merchant', merchant.privateKey);
const STRANGER_KEY_FILE = keyFile('stranger', stranger.privateKey);

type Seen = { path: string; signedHeaders: string; verified: boolean; date: string | undefined };

/** Amazon's side: the canonical request rebuilt from what arrived (not from our code), verified with the public key. */
function checkSignature(req: IncomingMessage): Seen & { publicKeyId: string | undefined } {
  const auth = req.headers.authorization ?? '';
  const m = /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=([^,]+), SignedHeaders=([^,]+), Signature=(\S+)$/.exec(auth);
  const url = new URL(req.url ?? '/', 'http://fake');
  if (!m) return { path: url.pathname, signedHeaders: '', verified: false, date: undefined, publicKeyId: undefined };
  const [, publicKeyId, signedHeaders, signature] = m as unknown as [string, string, string, string];
  const names = signedHeaders.split(';');
  const query = [...url.searchParams.keys()]
    .sort()
    .map((k) => `${k}=${encodeURIComponent(url.searchParams.get(k) ?? '')}`)
    .join('&');
  const canonical = [
    req.method,
    url.pathname,
    query,
    ...names.map((n) => `${n}:${req.headers[n] ?? ''}`),
    '',
    signedHeaders,
    createHash('sha256').update('').digest('hex'),
  ].join('\n');
  const toSign = `AMZN-PAY-RSASSA-PSS-V2\n${createHash('sha256').update(canonical).digest('hex')}`;
  const verified = verify(
    'sha256',
    Buffer.from(toSign),
    { key: merchant.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    Buffer.from(signature, 'base64'),
  );
  return { path: url.pathname, signedHeaders, verified, date: req.headers['x-amz-pay-date'] as string, publicKeyId };
}

describe.each(drivers)('Sign in with Amazon through Amazon Pay API v2 (%s)', (driver) => {
  const t = useServer(driver);
  let amazon: Server;
  let apiUrl: string;
  let s: TestServer;
  const seen: Seen[] = [];
  const buyers = new Map<string, { buyerId: string; name: string; email: string }>();

  beforeAll(async () => {
    amazon = createServer((req, res) => {
      const check = checkSignature(req);
      seen.push(check);
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!check.verified || check.publicKeyId !== PUBLIC_KEY_ID) {
        return answer(401, { reasonCode: 'InvalidRequestSignature', message: 'Signature mismatch' });
      }
      if (req.headers['x-amz-pay-host'] !== req.headers.host) return answer(400, { reasonCode: 'InvalidHeaderValue' });
      const token = decodeURIComponent(check.path.replace(/^\/sandbox\/v2\/buyers\//, ''));
      if (token === 'amazon-is-down') return answer(503, { reasonCode: 'ServiceUnavailable' });
      if (token === 'no-email') return answer(200, { buyerId: 'amzn1.account.NOEMAIL' });
      if (token === 'slow') return; // never answers
      const buyer = check.path.startsWith('/sandbox/v2/buyers/') ? buyers.get(token) : undefined;
      if (!buyer) return answer(404, { reasonCode: 'ResourceNotFound', message: 'Buyer token not found' });
      return answer(200, { ...buyer, postalCode: '10115', countryCode: 'DE', primeMembershipTypes: null });
    });
    await new Promise<void>((resolve) => amazon.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(amazon.address() as AddressInfo).port}`;
    s = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      AMAZON_PAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
      AMAZON_PAY_PRIVATE_KEY_FILE: MERCHANT_KEY_FILE,
      AMAZON_PAY_API_URL: apiUrl,
    });
  });
  afterAll(async () => {
    amazon.closeAllConnections();
    await new Promise<void>((resolve) => amazon.close(() => resolve()));
  });

  const signIn = (buyerToken: string, server = s) =>
    server.request('/api/auth/amazon/sign-in', { body: { buyerToken } });

  it('a buyer Amazon vouches for gets an account, signed as Amazon asks; the next sign-in finds it', async () => {
    const email = uniqueEmail('amazon-real');
    buyers.set('token-new-buyer', {
      buyerId: 'amzn1.account.NEW',
      name: 'Erika Mustermann',
      email: email.toUpperCase(),
    });
    const before = seen.length;
    const res = await signIn('token-new-buyer');
    expect(res.status, res.text).toBe(200);
    const call = seen[before]!;
    expect(call).toMatchObject({
      path: '/sandbox/v2/buyers/token-new-buyer',
      signedHeaders: 'accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-region',
      verified: true,
    });
    expect(call.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const user = await s.request(`/api/users/${res.body._id}`, { token: res.body.auth_token });
    expect(user.body).toMatchObject({ email, firstName: 'Erika', lastName: 'Mustermann' });
    // The same buyer again (a new token from Amazon): the same account.
    buyers.set('token-same-buyer', { buyerId: 'amzn1.account.NEW', name: 'Erika M.', email });
    const again = await signIn('token-same-buyer');
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(res.body._id);
  });

  it('an existing driver with the buyer’s email links the buyer with their password, then signs in without (32.1)', async () => {
    const u = await registerUser(s);
    buyers.set('token-existing', { buyerId: 'amzn1.account.OLD', name: 'Someone', email: u.email });
    const refused = await signIn('token-existing');
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('amazon_link_required');
    const res = await s.request('/api/auth/amazon/sign-in', {
      body: { buyerToken: 'token-existing', password: u.password },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body._id).toBe(u.id);
    buyers.set('token-existing-2', { buyerId: 'amzn1.account.OLD', name: 'Someone', email: u.email });
    const again = await signIn('token-existing-2');
    expect(again.status, again.text).toBe(200);
    expect(again.body._id).toBe(u.id);
  });

  it('a token Amazon does not know is a 422; Amazon failing or refusing our key is a 502, never a 500', async () => {
    const unknown = await signIn('token-nobody-issued');
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'amazon_token_invalid', details: { reason: 'unknown' } });

    const down = await signIn('amazon-is-down');
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ code: 'amazon_unavailable', details: { status: 503 } });
    expect(down.text).not.toMatch(/at \w+ \(|node:internal/);

    const noEmail = await signIn('no-email');
    expect(noEmail.status).toBe(502);
    expect(noEmail.body).toMatchObject({ code: 'amazon_unavailable' });

    // Signed with another key than the one Amazon has for our key id: Amazon answers 401, we answer 502.
    const wrongKey = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      AMAZON_PAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
      AMAZON_PAY_PRIVATE_KEY_FILE: STRANGER_KEY_FILE,
      AMAZON_PAY_API_URL: apiUrl,
    });
    buyers.set('token-wrong-key', { buyerId: 'amzn1.account.X', name: 'X Y', email: uniqueEmail() });
    const refused = await signIn('token-wrong-key', wrongKey);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({
      code: 'amazon_unavailable',
      details: { status: 401, reasonCode: 'InvalidRequestSignature' },
    });

    // Nobody listening: 502 as well.
    const nowhere = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      AMAZON_PAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
      AMAZON_PAY_PRIVATE_KEY_FILE: MERCHANT_KEY_FILE,
      AMAZON_PAY_API_URL: 'http://127.0.0.1:9',
    });
    const unreachable = await signIn('token-existing', nowhere);
    expect(unreachable.status).toBe(502);
    expect(unreachable.body).toMatchObject({ code: 'amazon_unavailable', details: { reason: 'network' } });
  });

  it('gives up on a silent Amazon after the timeout (10 s in production) with a 502', async () => {
    expect(AMAZON_API_TIMEOUT_MS).toBe(10_000);
    const call = getAmazonBuyer(
      { apiUrl, publicKeyId: PUBLIC_KEY_ID, privateKey: merchant.privateKey, sandbox: true, timeoutMs: 300 },
      'slow',
      new Date(),
    );
    await expect(call).rejects.toMatchObject({
      kind: 'upstream_failed',
      code: 'amazon_unavailable',
      details: { reason: 'timeout' },
    });
  });

  it('an environment key id (LIVE-…) calls /v2/… without the sandbox or live prefix, as the SDK does', async () => {
    const before = seen.length;
    await getAmazonBuyer(
      { apiUrl, publicKeyId: 'LIVE-AHQ4TEST', privateKey: merchant.privateKey, sandbox: true },
      'any-token',
      new Date(),
    ).catch(() => undefined);
    expect(seen[before]?.path).toBe('/v2/buyers/any-token');
  });

  it('with the key the button config is signed with it; without key and DEMO_MODE there is no Amazon sign-in', async () => {
    const body = {
      signInReturnUrl: 'http://localhost:8080/amazonSSORedirect',
      signInCancelUrl: 'http://localhost:8080/login',
    };
    const config = await s.request('/api/auth/amazon-pay/button-config', { body });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ publicKeyId: PUBLIC_KEY_ID });

    const off = await t.server.withEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' });
    const button = await off.request('/api/auth/amazon-pay/button-config', { body });
    expect(button.status).toBe(404);
    expect(button.body).toMatchObject({ code: 'not_found' });
    const exchange = await signIn('any-token-at-all', off);
    expect(exchange.status).toBe(404);
    // The sandbox Amazon page is DEMO_MODE only, with or without a key.
    expect((await off.request('/dev/amazon/sign-in')).status).toBe(404);
    expect((await s.request('/dev/amazon/sign-in')).status).toBe(404);
  });
});
