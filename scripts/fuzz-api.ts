// A fuzz smoke of the API (issue 10): starts its own server on a fresh database and sends every route generated bad
// input — bodies from fast-check arbitraries derived from the contract's zod schemas and then broken (wrong types,
// missing and unknown fields, huge strings, deep nesting, unicode, lone surrogates, NUL), raw bodies that are not
// JSON, bad ids in the path, bad query strings and bad headers. Prints the status histogram and the count of 5xx,
// which must be 0 (exit 1 otherwise), and whether every /api error had the one JSON error shape.
// Not part of npm test: `npm run fuzz` (FUZZ_REQUESTS, default 3000; FUZZ_SEED; about a minute here).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  changePasswordBody,
  decryptOtpBody,
  guestBody,
  loginLocalBody,
  loginOpenIdBody,
  registerBody,
  resendPasswordBody,
} from '../contract/auth';
import { devMailQuery } from '../contract/dev';
import {
  costsByOrderBody,
  createCostBody,
  deleteCostQuery,
  expensesQuery,
  historyQuery,
  mergeTripsBody,
  patchCostBody,
  patchCostQuery,
} from '../contract/history';
import {
  authorizeBody,
  createOrderBody,
  ongoingOrdersQuery,
  paymentMethodsQuery,
  updateOrderBody,
} from '../contract/orders';
import { returnUrlsQuery, savePinBody, unlockPinBody, validatePinBody } from '../contract/payment-methods';
import { placesQuery, poiSearchQuery } from '../contract/stations';
import { dataDumpQuery, preferencesPatch, preferencesQuery, userPatch } from '../contract/users';
import { makesQuery, thingBody, thingPatch } from '../contract/vehicles';
import {
  amazonButtonConfigBody,
  amazonSessionConfigBody,
  applePaySessionBody,
  merchantQuery,
} from '../contract/wallets';
import { redeemCodeBody } from '../contract/wash';
import { createApp } from '../server/app';
import { createContext } from '../server/create-context';
import type { Db } from '../server/db/client';
import { loadEnv } from '../server/env';
import { DEMO_STATIONS } from '../server/seed/stations';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const CONCURRENCY = 8;

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries from zod schemas (zod 4's definitions): values of roughly the right shape, to be broken below.

type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };

function fromZod(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as unknown as ZodLike)._zod.def;
  if (depth > 6) return fc.constant(null);
  const inner = (s: unknown) => fromZod(s as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 24 }),
        fc.emailAddress(),
        fc.constantFrom('fc2760000000000000010000', 'SUPER_E5', 'EUR', 'true'),
      );
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, inner(v)])), {
        requiredKeys: [],
      });
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 6 }), inner(def.valueType), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => inner(o)));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fc.option(inner(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null });
    case 'pipe':
      return inner(def.in);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

const nest = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** A value nobody should have sent. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -0,
    2 ** 53 + 1,
    0.1,
    '',
    ' ',
    '\u0000',
    '\ud800',
    'a\udc00b',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '😀'.repeat(50),
    "' OR 1=1 --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '%00',
    'x'.repeat(70_000),
    [],
    {},
    [[[]]],
  ),
  fc.constant(nest(40)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 3 }),
);

/** Breaks a generated value: a wrong type somewhere, a field dropped or added, or the whole body replaced. */
function broken(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, badValue, fc.nat(), fc.constantFrom('replace-field', 'drop-field', 'extra-field', 'whole', 'as-is'))
    .map(([value, bad, pick, how]) => {
      if (how === 'whole' || value === null || typeof value !== 'object' || Array.isArray(value)) {
        return how === 'as-is' ? value : bad;
      }
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys[pick % Math.max(1, keys.length)];
      if (how === 'replace-field' && key) copy[key] = bad;
      else if (how === 'drop-field' && key) delete copy[key];
      else if (how === 'extra-field') copy[`x${pick % 100}`] = bad;
      return copy;
    });
}

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '\uFEFF{}',
  '{"a":1}garbage',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":"${'\\u0000'.repeat(100)}"}`,
  '{"email":"\\ud800@example.com","password":"x"}',
  'a=1&b=2',
  '<xml/>',
];

const BAD_IDS = [
  '',
  ' ',
  '%00',
  '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201=1--",
  'ffffffffffffffffffffffff',
  'x'.repeat(3000),
  '%F0%9F%98%80',
  'null',
  '-1',
  '1e400',
  '%0d%0aX-Evil:1',
];

const BAD_HEADERS: Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer short' },
  { authorization: `Bearer ${'A'.repeat(5000)}` },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { 'idempotency-key': ' ' },
  { 'idempotency-key': 'k'.repeat(300) },
  { 'x-correlation-id': 'not a safe id <>' },
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/json; charset=utf-16' },
  { 'content-type': 'multipart/form-data; boundary=x' },
  { 'x-locale': 'xx-INVALID-'.repeat(20) },
  { 'x-forwarded-for': '127.0.0.1, evil' },
  { origin: 'https://evil.example' },
  { 'x-txn-initiated-by-partner': 'p'.repeat(500) },
];

// ---------------------------------------------------------------------------------------------------------------
// The routes: every route the app has must be listed here (checked against createApp's routes below).

type Ids = {
  token: string;
  userId: string;
  orderId: string;
  stationId: string;
  productId: string;
  mailId: string;
  thingId: string;
  eventId: string;
  paymentMethodId: string;
  cardVisitId: string;
  challengeId: string;
};
type Route = {
  method: string;
  path: string;
  url: (ids: Ids, id: string) => string;
  body?: z.ZodType;
  query?: z.ZodType;
  auth?: boolean;
  form?: boolean;
};

const ROUTES: Route[] = [
  { method: 'POST', path: '/api/auth/register', url: () => '/api/auth/register', body: registerBody },
  { method: 'POST', path: '/api/auth/login/local', url: () => '/api/auth/login/local', body: loginLocalBody },
  { method: 'POST', path: '/api/auth/register/guest', url: () => '/api/auth/register/guest', body: guestBody },
  { method: 'POST', path: '/api/auth/login/openId', url: () => '/api/auth/login/openId', body: loginOpenIdBody },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    url: () => '/api/auth/change-password',
    body: changePasswordBody,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/auth/resend-password',
    url: () => '/api/auth/resend-password',
    body: resendPasswordBody,
  },
  { method: 'GET', path: '/api/users/:id', url: (i, id) => `/api/users/${id || i.userId}`, auth: true },
  {
    method: 'PATCH',
    path: '/api/users/:id',
    url: (i, id) => `/api/users/${id || i.userId}`,
    body: userPatch,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/v4/users/preferences',
    url: () => '/api/v4/users/preferences',
    query: preferencesQuery,
    auth: true,
  },
  {
    method: 'PATCH',
    path: '/api/v4/users/preferences',
    url: () => '/api/v4/users/preferences',
    body: preferencesPatch,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/accounts/:id/features',
    url: (i, id) => `/api/accounts/${id || i.userId}/features`,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/events/request-data-dump',
    url: () => '/api/events/request-data-dump',
    query: dataDumpQuery,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/functions/user_has_pin_prod',
    url: () => '/api/functions/user_has_pin_prod',
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/functions/has_user_webauthn_prod',
    url: () => '/api/functions/has_user_webauthn_prod',
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/functions/save_pin_prod',
    url: () => '/api/functions/save_pin_prod',
    body: savePinBody,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/functions/validate_pin_prod',
    url: () => '/api/functions/validate_pin_prod',
    body: validatePinBody,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/functions/unlock_pin_prod',
    url: () => '/api/functions/unlock_pin_prod',
    body: unlockPinBody,
    auth: true,
  },
  { method: 'GET', path: '/api/things', url: () => '/api/things', auth: true },
  { method: 'GET', path: '/api/things/:id', url: (i, id) => `/api/things/${id || i.thingId}`, auth: true },
  { method: 'POST', path: '/api/things/lite', url: () => '/api/things/lite', body: thingBody, auth: true },
  {
    method: 'PATCH',
    path: '/api/v3/things/:id',
    url: (i, id) => `/api/v3/things/${id || i.thingId}`,
    body: thingPatch,
    auth: true,
  },
  {
    method: 'DELETE',
    path: '/api/things/:thingId/users/:userId',
    // Mostly a thing that is not there (or another user's id): the seeded vehicle stays for the other routes.
    url: (i, id) => `/api/things/${id || 'ffffffffffffffffffffffff'}/users/${id ? i.userId : i.thingId}`,
    auth: true,
  },
  { method: 'GET', path: '/api/vehicles/makes', url: () => '/api/vehicles/makes', query: makesQuery, auth: true },
  {
    method: 'GET',
    path: '/api/vehicles/makes/:brand/models',
    url: (_i, id) => `/api/vehicles/makes/${id || 'Volkswagen'}/models`,
    query: makesQuery,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/vehicles/makes/:brand/models/:model/fuelTypes/:fuel',
    url: (_i, id) => `/api/vehicles/makes/Volkswagen/models/${id || 'Golf'}/fuelTypes/${id || 'SUPER_E5'}`,
    auth: true,
  },
  { method: 'POST', path: '/api/functions/decrypt_otp', url: () => '/api/functions/decrypt_otp', body: decryptOtpBody },
  { method: 'GET', path: '/api/maintenance.json', url: () => '/api/maintenance.json' },
  { method: 'GET', path: '/api/v4/pois', url: () => '/api/v4/pois', query: poiSearchQuery },
  { method: 'GET', path: '/api/v4/pois/', url: () => '/api/v4/pois/', query: poiSearchQuery },
  { method: 'GET', path: '/api/v4/pois/:id', url: (i, id) => `/api/v4/pois/${id || i.stationId}` },
  { method: 'GET', path: '/api/v4/shops/:id', url: (i, id) => `/api/v4/shops/${id || i.stationId}` },
  { method: 'GET', path: '/api/v4/places', url: () => '/api/v4/places', query: placesQuery },
  { method: 'POST', path: '/api/v4/order', url: () => '/api/v4/order', body: createOrderBody, auth: true },
  { method: 'GET', path: '/api/v4/order/:id', url: (i, id) => `/api/v4/order/${id || i.orderId}`, auth: true },
  {
    method: 'POST',
    path: '/api/v4/order/:id/authorize',
    url: (i, id) => `/api/v4/order/${id || i.orderId}/authorize`,
    body: authorizeBody,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/v4/order/:id/cancel',
    url: (i, id) => `/api/v4/order/${id || i.orderId}/cancel`,
    auth: true,
  },
  {
    method: 'PUT',
    path: '/api/v4/order/:id/acquire/stop',
    url: (i, id) => `/api/v4/order/${id || i.orderId}/acquire/stop`,
    auth: true,
  },
  {
    method: 'PATCH',
    path: '/api/v4/order/:id/update-order',
    url: (i, id) => `/api/v4/order/${id || i.orderId}/update-order`,
    body: updateOrderBody,
    auth: true,
  },
  {
    method: 'PUT',
    path: '/api/v4/account-history/costs/by-order/:id',
    url: (i, id) => `/api/v4/account-history/costs/by-order/${id || i.orderId}`,
    body: costsByOrderBody,
    auth: true,
  },
  {
    method: 'PATCH',
    path: '/api/v4/redemption-codes/:id',
    url: (i, id) => `/api/v4/redemption-codes/${id || i.orderId}`,
    body: redeemCodeBody,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/v4/account-history',
    url: () => '/api/v4/account-history',
    query: historyQuery,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/v4/account-history/costs',
    url: () => '/api/v4/account-history/costs',
    body: createCostBody,
    auth: true,
  },
  {
    method: 'PATCH',
    path: '/api/v4/account-history/costs/:id',
    url: (i, id) => `/api/v4/account-history/costs/${id || i.eventId}`,
    body: patchCostBody,
    query: patchCostQuery,
    auth: true,
  },
  {
    method: 'DELETE',
    path: '/api/v4/account-history/costs/:id',
    // Mostly an event that is not there: the seeded one stays for the other routes.
    url: (_i, id) => `/api/v4/account-history/costs/${id || 'ffffffffffffffffffffffff'}`,
    query: deleteCostQuery,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/v4/account-history/:id',
    url: (i, id) => `/api/v4/account-history/${id || i.eventId}`,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/v4/account-history/:id/images',
    url: (i, id) => `/api/v4/account-history/${id || i.eventId}/images`,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/v4/account-history/:id/images/:imageId',
    url: (i, id) => `/api/v4/account-history/${i.eventId}/images/${id || i.eventId}`,
    auth: true,
  },
  {
    method: 'DELETE',
    path: '/api/v4/account-history/:id/images/:imageId',
    url: (i, id) => `/api/v4/account-history/${id || i.eventId}/images/${id || 'ffffffffffffffffffffffff'}`,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/events/merged-trip',
    url: () => '/api/events/merged-trip',
    body: mergeTripsBody,
    auth: true,
  },
  {
    method: 'DELETE',
    path: '/api/events/merged-trip/:id',
    url: (i, id) => `/api/events/merged-trip/${id || i.eventId}`,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/statistics/things/:id/expenses',
    url: (i, id) => `/api/statistics/things/${id || i.thingId}/expenses`,
    query: expensesQuery,
    auth: true,
  },
  { method: 'GET', path: '/api/v4/invoices/:id', url: (i, id) => `/api/v4/invoices/${id || i.orderId}`, auth: true },
  {
    method: 'GET',
    path: '/api/v4/ongoing-orders',
    url: () => '/api/v4/ongoing-orders',
    query: ongoingOrdersQuery,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/v4/payment-methods',
    url: () => '/api/v4/payment-methods',
    query: paymentMethodsQuery,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/v4/payment-methods/',
    url: () => '/api/v4/payment-methods/',
    query: paymentMethodsQuery,
    auth: true,
  },
  // Wallets (server/routes/wallets.ts).
  {
    method: 'GET',
    path: '/api/v4/merchants/best-match',
    url: () => '/api/v4/merchants/best-match',
    query: merchantQuery,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/v4/apple-pay/session',
    url: () => '/api/v4/apple-pay/session',
    body: applePaySessionBody,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/v4/amazon-pay/session-config',
    url: () => '/api/v4/amazon-pay/session-config',
    body: amazonSessionConfigBody,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/auth/amazon-pay/button-config',
    url: () => '/api/auth/amazon-pay/button-config',
    body: amazonButtonConfigBody,
  },
  {
    method: 'GET',
    path: '/api/v4/payment-methods/is-payment-methods-limit-exceeded',
    url: () => '/api/v4/payment-methods/is-payment-methods-limit-exceeded',
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/v4/payment-methods/:id/set-as-preferred',
    url: (i, id) => `/api/v4/payment-methods/${id || i.paymentMethodId}/set-as-preferred`,
    auth: true,
  },
  {
    method: 'POST',
    path: '/api/v4/payment-methods/:id/deactivate',
    // Mostly a method that is not there: the seeded card stays for the other routes.
    url: (_i, id) => `/api/v4/payment-methods/${id || 'ffffffffffffffffffffffff'}/deactivate`,
    auth: true,
  },
  {
    method: 'PATCH',
    path: '/api/v4/payment-methods/:id',
    url: (i, id) => `/api/v4/payment-methods/${id || i.paymentMethodId}`,
    query: returnUrlsQuery,
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/v4/features/psp/available-providers',
    url: () => '/api/v4/features/psp/available-providers',
    auth: true,
  },
  {
    method: 'GET',
    path: '/api/payments/:provider/urls',
    url: (_i, id) => `/api/payments/${id || 'sandbox'}/urls`,
    query: returnUrlsQuery,
    auth: true,
  },
  { method: 'GET', path: '/psp/cards/:id', url: (i, id) => `/psp/cards/${id || i.cardVisitId}` },
  { method: 'POST', path: '/psp/cards/:id', url: (i, id) => `/psp/cards/${id || i.cardVisitId}`, form: true },
  { method: 'GET', path: '/psp/challenge/:id', url: (i, id) => `/psp/challenge/${id || i.challengeId}` },
  {
    method: 'POST',
    path: '/psp/challenge/:id',
    url: (i, id) => `/psp/challenge/${id || i.challengeId}`,
    form: true,
  },
  { method: 'GET', path: '/api/v4/host-apps', url: () => '/api/v4/host-apps' },
  { method: 'GET', path: '/maintenance.json', url: () => '/maintenance.json' },
  { method: 'GET', path: '/api/dev/mail', url: () => '/api/dev/mail', query: devMailQuery },
  { method: 'GET', path: '/dev/mail', url: () => '/dev/mail' },
  { method: 'GET', path: '/dev/mail/:id', url: (i, id) => `/dev/mail/${id || i.mailId}` },
  {
    method: 'GET',
    path: '/dev/oidc/.well-known/openid-configuration',
    url: () => '/dev/oidc/.well-known/openid-configuration',
  },
  { method: 'GET', path: '/dev/oidc/jwks.json', url: () => '/dev/oidc/jwks.json' },
  { method: 'GET', path: '/dev/oidc/authorize', url: () => '/dev/oidc/authorize' },
  { method: 'POST', path: '/dev/oidc/authorize', url: () => '/dev/oidc/authorize', form: true },
  { method: 'GET', path: '/forecourt', url: () => '/forecourt' },
  { method: 'POST', path: '/forecourt/login', url: () => '/forecourt/login', form: true },
  { method: 'GET', path: '/forecourt/api/stations', url: () => '/forecourt/api/stations' },
  {
    method: 'GET',
    path: '/forecourt/api/stations/:id',
    url: (i, id) => `/forecourt/api/stations/${id || i.stationId}`,
  },
  {
    method: 'POST',
    path: '/forecourt/api/stations/:id/:to{online|offline}',
    url: (i, id) => `/forecourt/api/stations/${id || i.stationId}/${id ? 'offline' : 'online'}`,
  },
  {
    method: 'POST',
    path: '/forecourt/api/stations/:id/devices/:productId/:action',
    url: (i, id) =>
      `/forecourt/api/stations/${i.stationId}/devices/${id || i.productId}/${['lift', 'hang-up', 'fault', 'clear-fault', 'release', id][id.length % 6]}`,
  },
  // Not routes of ours: the 404 path, too.
  { method: 'POST', path: '(unknown)', url: (_i, id) => `/api/${id || 'nothing'}` },
];

// The last two fuzzed routes are the logout and the account deletion, which end the session the others use.
const FINAL: Route[] = [
  { method: 'POST', path: '/api/auth/logout', url: () => '/api/auth/logout', auth: true },
  {
    method: 'DELETE',
    path: '/api/functions/delete_user_prod',
    url: () => '/api/functions/delete_user_prod',
    auth: true,
  },
];

async function appRoutes(): Promise<string[]> {
  const ctx = await createContext({ env: loadEnv({ LOG_REQUESTS: 'false' }), db: {} as Db, driver: 'pglite' });
  const seen = new Set<string>();
  for (const r of createApp(ctx).routes) if (r.method !== 'ALL') seen.add(`${r.method} ${r.path}`);
  return [...seen];
}

// ---------------------------------------------------------------------------------------------------------------

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-dist'),
    DEMO_MODE: 'true',
    LOG_REQUESTS: 'false',
    FORECOURT_AMBIENT: 'false',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    PUBLIC_URL: `http://localhost:${port}`,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
    // Unexpected errors are logged by the server: show them as they come.
    if (/unexpected error/.test(String(d))) process.stderr.write(`server: ${d}`);
  });
  const deadline = Date.now() + 120_000;
  while (!out.includes('is running on')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

type Sent = { method: string; url: string; headers: Record<string, string>; body?: string };

async function main() {
  const started = Date.now();
  const known = new Set(await appRoutes());
  const listed = new Set([...ROUTES, ...FINAL].map((r) => `${r.method} ${r.path}`));
  const missing = [...known].filter((k) => !listed.has(k));
  if (missing.length > 0) {
    console.error(`Routes the fuzz table does not cover (add them to scripts/fuzz-api.ts):\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'fp-fuzz-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startServer(port, dataDir);
  const histogram = new Map<number, number>();
  const failures: string[] = [];
  let shapeViolations = 0;
  let sent = 0;
  let skipped = 0;
  try {
    const send = async (r: Sent): Promise<number | undefined> => {
      let res: Response;
      try {
        res = await fetch(base + r.url, {
          method: r.method,
          headers: r.headers,
          ...(r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD' ? { body: r.body } : {}),
          redirect: 'manual',
        });
      } catch {
        skipped += 1; // the client refused to send it (e.g. a header value fetch will not put on the wire)
        return undefined;
      }
      const text = await res.text();
      sent += 1;
      histogram.set(res.status, (histogram.get(res.status) ?? 0) + 1);
      if (res.status >= 500)
        failures.push(`${res.status} ${r.method} ${r.url.slice(0, 200)} ${r.body?.slice(0, 200) ?? ''}`);
      if (res.status >= 400 && r.url.startsWith('/api/') && res.headers.get('content-type')?.includes('json')) {
        try {
          const b = JSON.parse(text) as { code?: unknown; message?: unknown };
          if (typeof b.code !== 'string' || typeof b.message !== 'string') shapeViolations += 1;
        } catch {
          shapeViolations += 1;
        }
      }
      return res.status;
    };
    const json = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + url, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as Record<string, unknown>;
    };

    // Real ids to aim at: the demo driver, an order, a station and a pump, a mail.
    const login = await json('POST', '/api/auth/login/local', {
      email: 'driver@example.com',
      password: 'forecourt-demo',
    });
    const token = login.auth_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const stationId = DEMO_STATIONS.manyPumps.id;
    const poi = await json('GET', `/api/v4/pois/${stationId}`);
    const products = (poi.products as { _id: string; facility: string }[]).filter((p) => p.facility === 'PUMP');
    const order = await json(
      'POST',
      '/api/v4/order',
      { poiId: stationId, autoAcquire: true, products: [{ productId: products[0]?._id, fuelTypeId: 'SUPER_E5' }] },
      { ...auth, 'Idempotency-Key': 'fuzz-setup' },
    );
    await json('POST', '/api/auth/resend-password', { email: 'driver@example.com' });
    const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as { id: string }[];
    // The demo driver's vehicle, a logbook event, a saved card, and a visit of the provider's card page.
    const things = (await (await fetch(`${base}/api/things`, { headers: auth })).json()) as { _id: string }[];
    const history = await json('GET', `/api/v4/account-history?types=COST`, undefined, auth);
    const events = (history.events ?? []) as { _id: string }[];
    const back = encodeURIComponent(`${base}/payment-methods`);
    const openVisit = async () => {
      const page = await json('GET', `/api/payments/sandbox/urls?successUrl=${back}&errorUrl=${back}`, undefined, auth);
      return (
        String(page.url ?? '')
          .split('/')
          .pop() ?? ''
      );
    };
    // The 3-D Secure test card, registered on the card page, pays a second order: its challenge page's id.
    await fetch(`${base}/psp/cards/${await openVisit()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4000000000003220', holder: 'Fuzz', expiry: '12/2030', cvc: '123' }),
      redirect: 'manual',
    });
    const methods = (await (await fetch(`${base}/api/v4/payment-methods`, { headers: auth })).json()) as {
      id: string;
      details: { last4?: string };
    }[];
    const pump = products[2] as (typeof products)[number] & {
      recommendedPrices?: { amount: number; currency: string; precision: number }[];
    };
    const order3ds = await json(
      'POST',
      '/api/v4/order',
      { poiId: stationId, products: [{ productId: pump?._id, fuelTypeId: 'SUPER_E5' }] },
      { ...auth, 'Idempotency-Key': 'fuzz-setup-3ds' },
    );
    const price = pump?.recommendedPrices?.[0];
    const authorized = await json(
      'POST',
      `/api/v4/order/${order3ds._id}/authorize`,
      {
        authorizePrice: { amount: 1000, currency: price?.currency ?? 'EUR', precision: 2 },
        paymentMethodId: methods.find((m) => m.details.last4 === '3220')?.id,
        userInteraction: { urls: { success: `${base}/orders`, error: `${base}/orders` } },
      },
      { ...auth, 'Idempotency-Key': 'fuzz-setup-3ds-authorize' },
    );
    const interaction = authorized.userInteraction as { urls?: { start?: string } } | null;
    const ids: Ids = {
      token,
      userId: login._id as string,
      orderId: order._id as string,
      stationId,
      productId: products[1]?._id ?? '',
      mailId: mails[0]?.id ?? '',
      thingId: things[0]?._id ?? '',
      eventId: events[0]?._id ?? '',
      paymentMethodId: methods[0]?.id ?? '',
      cardVisitId: await openVisit(),
      challengeId: interaction?.urls?.start?.split('/').pop() ?? '',
    };
    for (const [name, value] of Object.entries(ids)) if (!value) console.warn(`fuzz setup: no ${name}`);

    const requestsFor = (route: Route, count: number, seed: number): Sent[] => {
      const body = route.body ? broken(fromZod(route.body)) : broken(fc.anything({ maxDepth: 2 }));
      const query = route.query ? broken(fromZod(route.query)) : fc.constant(undefined);
      const arb = fc.record({
        kind: fc.nat(9),
        body,
        query,
        raw: fc.constantFrom(...RAW_BODIES),
        id: fc.oneof(
          fc.constant(''),
          fc.constantFrom(...BAD_IDS),
          fc.string({ maxLength: 30 }).map(encodeURIComponent),
        ),
        header: fc.constantFrom(...BAD_HEADERS),
        withAuth: fc.boolean(),
      });
      return fc.sample(arb, { numRuns: count, seed }).map((s) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (route.auth && (s.withAuth || s.kind < 7)) Object.assign(headers, auth);
        headers['idempotency-key'] = `fuzz-${seed}-${s.kind}-${Math.random().toString(36).slice(2)}`;
        let url = route.url(ids, s.kind === 8 ? s.id : '');
        if (s.query !== undefined && typeof s.query === 'object' && s.query !== null && !Array.isArray(s.query)) {
          const q = new URLSearchParams();
          for (const [k, v] of Object.entries(s.query)) q.append(k, typeof v === 'string' ? v : JSON.stringify(v));
          url += `?${q.toString()}`;
        } else if (s.kind === 6) {
          url += `?${encodeURIComponent(String(s.raw)).slice(0, 500)}=x&x[]=1&x[a]=2&%zz=1`;
        }
        let payload: string | undefined;
        if (route.form) {
          payload =
            s.kind % 2
              ? new URLSearchParams({
                  email: String(s.id),
                  redirect_uri: `/%09/evil.example${s.id}`,
                  token: 'x',
                }).toString()
              : String(s.raw);
          headers['content-type'] =
            s.kind % 3 ? 'application/x-www-form-urlencoded' : 'multipart/form-data; boundary=x';
        } else if (s.kind === 5) {
          payload = s.raw;
        } else {
          payload = JSON.stringify(s.body) ?? 'undefined';
        }
        if (s.kind === 9) Object.assign(headers, s.header);
        return { method: route.method, url, headers, body: payload };
      });
    };

    const perRoute = Math.max(10, Math.ceil((TOTAL - 2 * FINAL.length) / ROUTES.length));
    const queue: Sent[] = [];
    ROUTES.forEach((route, i) => {
      queue.push(...requestsFor(route, perRoute, SEED + i));
    });
    // Shuffle (deterministically) so that state-changing calls interleave.
    const order2 = fc.sample(fc.shuffledSubarray(queue, { minLength: queue.length, maxLength: queue.length }), {
      numRuns: 1,
      seed: SEED,
    })[0] as Sent[];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < order2.length) {
          const r = order2[next++] as Sent;
          await send(r);
        }
      }),
    );
    for (const route of FINAL) for (const r of requestsFor(route, 2, SEED)) await send(r);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const statuses = [...histogram.entries()].sort(([a], [b]) => a - b);
  console.log(`Fuzzed ${listed.size} routes with ${sent} requests (seed ${SEED}) in ${seconds} s`);
  console.log(`Status histogram: ${statuses.map(([s, n]) => `${s}: ${n}`).join(', ')}`);
  console.log(`Not sent (refused by the HTTP client): ${skipped}`);
  console.log(`/api errors without the {code, message} shape: ${shapeViolations}`);
  console.log(`5xx: ${failures.length}`);
  for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
  if (failures.length > 0 || shapeViolations > 0 || sent < 2000) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
