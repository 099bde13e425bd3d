// Configuration: parsed ONCE from the environment with zod, then passed around in the app context.
// Nothing reads process.env per request. One schema: the variables with their documentation (`envVariables`, the source
// of docs/configuration.md and .env.example: scripts/config-docs.ts), the rules across them, the mapping into `Env`.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { availableParallelism, hostname } from 'node:os';
import { z } from 'zod';
import { SHARED_BUFFERS_PATTERN } from './db/pglite-wasm';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'TRUE', 'FALSE'])
  .transform((v) => ['true', '1', 'yes', 'TRUE'].includes(v));
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A comma list of web origins (scheme://host[:port], nothing else), normalised as browsers spell them. */
const originList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const out: string[] = [];
    for (const raw of (v ?? '').split(',')) {
      const item = raw.trim().replace(/\/+$/, '');
      if (!item) continue;
      let url: URL | undefined;
      try {
        url = new URL(item);
      } catch {
        url = undefined;
      }
      const isOrigin =
        url &&
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        !url.username &&
        !url.password &&
        url.pathname === '/' &&
        !url.search &&
        !url.hash &&
        !item.includes('@');
      if (!url || !isOrigin) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin (https://host[:port])` });
        continue;
      }
      if (!out.includes(url.origin)) out.push(url.origin);
    }
    return out;
  });

/**
 * TRUSTED_PROXIES: the reverse proxies in front of us, as addresses or CIDRs (127.0.0.1, 10.0.0.0/8, fd00::/8). Only a
 * request whose socket comes from one of them has its X-Forwarded-For (Forwarded, X-Real-IP, X-Forwarded-Proto)
 * believed; everyone else may write those headers too.
 */
const proxyList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const out: string[] = [];
    for (const raw of (v ?? '').split(',')) {
      const item = raw.trim();
      if (!item) continue;
      const [address = '', prefix, extra] = item.split('/');
      const version = isIP(address);
      const max = version === 6 ? 128 : 32;
      const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
      if (!version || !prefixOk || extra !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not an address or CIDR (e.g. 127.0.0.1, 10.0.0.0/8)` });
        continue;
      }
      out.push(prefix === undefined ? address : `${address}/${Number(prefix)}`);
    }
    return out;
  });

/** A per-address count per window; 0 switches the limit off. */
const limit = z.coerce.number().int().min(0).max(1_000_000);

// OpenID Connect providers (issue 36): one by OIDC_ISSUER/OIDC_CLIENT_ID…, more through OIDC_PROVIDERS (same fields).
// Discovery ({issuer}/.well-known/openid-configuration) gives the endpoints and jwks_uri; server/auth/oidc.ts uses them.
const oidcProvider = z.strictObject({
  id: z.string().min(1).max(100),
  issuer: z.string().min(1),
  clientId: z.string().min(1),
  /** With it the server is a confidential client (client_secret_basic); without, a public client (PKCE alone). */
  clientSecret: z.string().min(1).optional(),
  /** The button's name ("Continue with {label}"): with it, drivers are offered this provider on /login and /register;
   *  without, its ID tokens are only verified on POST /auth/login/openId (a host app signs its drivers in). */
  label: z.string().min(1).max(40).optional(),
  scopes: z.string().min(1).default('openid email profile'),
  /** Keys of a verified-only provider without discovery (older configurations); discovery's jwks_uri otherwise. */
  jwksUri: z.url().optional(),
  /** Older configurations named it; discovery says it now (ignored). */
  authorizeUrl: z.url().optional(),
});
export type OidcProvider = z.infer<typeof oidcProvider>;

const oidcProviders = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of {id, issuer, clientId, clientSecret?, label?}',
      });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProvider));

/** OIDC_ISSUER & co. and OIDC_PROVIDERS as one list; an offered provider's issuer must be https (http: loopback only). */
function oidcProviderList(e: Record<string, unknown> & { OIDC_PROVIDERS: OidcProvider[] }): OidcProvider[] {
  const str = (k: string) =>
    typeof e[k] === 'string' && (e[k] as string).trim() ? (e[k] as string).trim() : undefined;
  const list = [...e.OIDC_PROVIDERS];
  const issuer = str('OIDC_ISSUER');
  if (issuer || str('OIDC_CLIENT_ID')) {
    if (!issuer || !str('OIDC_CLIENT_ID')) {
      throw new ConfigError(
        'Invalid configuration:\n  OIDC_ISSUER: needs OIDC_CLIENT_ID too (and the other way round)',
      );
    }
    list.unshift({
      id: 'oidc',
      issuer,
      clientId: str('OIDC_CLIENT_ID') as string,
      clientSecret: str('OIDC_CLIENT_SECRET'),
      label: str('OIDC_LABEL') ?? 'OpenID',
      scopes: str('OIDC_SCOPES') ?? 'openid email profile',
    });
  }
  for (const p of list) {
    if (!p.label) continue;
    let url: URL | undefined;
    try {
      url = new URL(p.issuer);
    } catch {}
    const loopback = url && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(url.hostname);
    if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
      throw new ConfigError(`Invalid configuration:\n  OIDC issuer of "${p.id}": must be an https URL (${p.issuer})`);
    }
    if (!p.scopes.split(/\s+/).includes('openid')) {
      throw new ConfigError(`Invalid configuration:\n  OIDC scopes of "${p.id}": must include openid (${p.scopes})`);
    }
  }
  if (new Set(list.map((p) => p.id)).size !== list.length) {
    throw new ConfigError('Invalid configuration:\n  OIDC_PROVIDERS: every provider needs its own id');
  }
  return list;
}

/** The payment provider's EV pre-authorization per currency, JSON of minor units: {"EUR": 5000}. */
const preauthConfig = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return {};
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of currency to minor units, e.g. {"EUR":5000}' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().positive().max(100_000_000)));

/** TRUST_PROXY trusted X-Forwarded-For from any caller; TRUSTED_PROXIES replaced it. Only an explicit "off" passes. */
const retiredTrustProxy = optionalString.refine(
  (v) => v === undefined || /^(false|0|no)$/i.test(v),
  'replaced by TRUSTED_PROXIES, the addresses or CIDRs of your reverse proxies (e.g. TRUSTED_PROXIES=127.0.0.1 for a proxy on this machine, 10.0.0.0/8 for one in your network); X-Forwarded-For is believed only from them',
);

/** OTP_KEY: 32 bytes, base64url. */
const otpKey = optionalString.transform((v, ctx): Uint8Array | undefined => {
  if (v === undefined) return undefined;
  const key = new Uint8Array(Buffer.from(v, 'base64url'));
  if (key.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, base64url' });
    return z.NEVER;
  }
  return key;
});

/** The tables of docs/configuration.md and the blocks of .env.example (scripts/config-docs.ts), in this order. */
export const CONFIG_AREAS = {
  server: 'Server and database',
  mode: 'Mode and demo data',
  mail: 'Mail',
  signIn: 'Sign-in and accounts',
  web: 'Origins and proxies',
  limits: 'Rate limits',
  ops: 'Operations: logs, metrics, shutdown, maintenance',
  forecourt: 'Station network, forecourt simulator and console',
  ev: 'EV charging (OCPP 1.6J)',
  orders: 'Orders, payments and history images',
  wallets: 'Wallets',
  test: 'Tests',
} as const;

/** What the reference says of one variable, beside what its schema says (type, allowed values, constant default). */
export type EnvDoc = {
  area: keyof typeof CONFIG_AREAS;
  /** What it does (one line of Markdown). */
  description: string;
  /** A default the schema cannot state (computed from other variables); else the schema's `.default()`. */
  default?: string;
  /** Allowed values, where the schema's type says too little (lists, JSON, patterns). */
  values?: string;
  /** Which mode or set-up needs it set. */
  requiredWhen?: string;
};

/** A variable's schema with its documentation (in zod's registry: `schema.meta()` reads it back). */
const v = <T extends z.ZodType>(schema: T, doc: EnvDoc): T => schema.meta(doc);

/**
 * Every variable the server reads, each with its documentation. A new variable is one entry here and one line in
 * `toEnv` below (then `npm run config:docs`).
 */
export const envVariables = z.object({
  // Server and database
  PORT: v(port.default(8080), { area: 'server', description: 'HTTP port' }),
  HOST: v(z.string().min(1).default('0.0.0.0'), { area: 'server', description: 'the address to listen on' }),
  DATA_DIR: v(z.string().min(1).default('./data'), {
    area: 'server',
    description:
      'where the embedded database (PGlite) lives: the cluster in DATA_DIR/pglite, the lock DATA_DIR/server.lock (one server per directory; a second one refuses to start). `memory://` works too',
  }),
  DATABASE_URL: v(optionalString.pipe(z.url().optional()), {
    area: 'server',
    description:
      "use PostgreSQL instead of PGlite, e.g. `postgres://postgres@127.0.0.1:5432/test`: the one variable that moves past PGlite's ceiling (README, Performance)",
    default: '(PGlite in DATA_DIR)',
    requiredWhen: 'WORKERS > 1, several nodes, TEST_KNOBS with WORKERS=1',
  }),
  PGLITE_SHARED_BUFFERS: v(
    optionalString.pipe(
      z
        .string()
        .regex(SHARED_BUFFERS_PATTERN, 'e.g. 16MB, 64MB or 128MB (kB, MB or GB, at most 5 characters)')
        .optional(),
    ),
    {
      area: 'server',
      description:
        "PGlite's Postgres buffer pool. PGlite 0.3 compiles in 128MB and zeroes it at start; the server rewrites that one argument in PGlite's WASM module (server/db/pglite-wasm.ts)",
      default: '16MB',
      values: 'kB, MB or GB, at most five characters: `512kB`, `64MB`, `128MB`, `1GB`',
    },
  ),
  WORKERS: v(z.coerce.number().int().min(1).max(64).optional(), {
    area: 'server',
    description:
      'API processes (node:cluster) on PostgreSQL; the forecourt simulator and the watchdog run in one of them, elected through an advisory lock. PGlite runs one process',
    default: 'the core count (PostgreSQL), 1 (PGlite)',
  }),
  PUBLIC_URL: v(optionalString.pipe(z.url().optional()), {
    area: 'server',
    description:
      "the server's public address: issuer of the demo OpenID provider, the demo sign-in's redirects; https turns on HSTS and Secure cookies",
    default: 'http://localhost:PORT',
    requiredWhen: 'outside DEMO_MODE on any address but this machine: an https address',
  }),
  STATIC_DIR: v(z.string().min(1).default('./dist'), {
    area: 'server',
    description: 'the built web app (`npm run build`); without its index.html, `/` says to run the build',
  }),

  // Mode and demo data
  NODE_ENV: v(optionalString, {
    area: 'mode',
    description:
      '`production`: DEMO_MODE defaults to off, and MAIL_TRANSPORT=log writes recipient and subject only (no mail bodies)',
    values: '`production`, or anything else',
  }),
  DEMO_MODE: v(bool.optional(), {
    area: 'mode',
    description:
      'seed the demo driver, enable the demo identity provider, the demo OTP key, the development mailbox and the console for loopback clients. Not for production (SECURITY.md); the first start line names the mode',
    default: 'true, but false when NODE_ENV=production',
  }),
  DEMO_PUBLIC: v(bool.default(false), {
    area: 'mode',
    description:
      "DEMO_MODE's sandbox identity pages (/dev/amazon, /dev/oidc: they sign in as anyone) answer other machines too, e.g. a phone on your network; loopback clients only without it. Never in production",
  }),
  DEMO_EMAIL: v(z.email().default('driver@example.com'), {
    area: 'mode',
    description: 'the seeded demo driver (DEMO_MODE)',
  }),
  DEMO_PASSWORD: v(z.string().min(8).max(40).default('forecourt-demo'), {
    area: 'mode',
    description: "the seeded demo driver's password (DEMO_MODE)",
  }),

  // Mail
  MAIL_TRANSPORT: v(z.enum(['smtp', 'log', 'mailbox']).optional(), {
    area: 'mail',
    description:
      'where mail goes: `smtp` (SMTP_HOST), `log` (the server log; for development, with NODE_ENV=production only recipient and subject) or `mailbox` (the development mailbox at /dev/mail: DEMO_MODE only, loopback clients only)',
    default: 'smtp with SMTP_URL or SMTP_HOST, else mailbox in DEMO_MODE',
    requiredWhen: 'outside DEMO_MODE without SMTP_URL or SMTP_HOST (`log`)',
  }),
  SMTP_HOST: v(optionalString, {
    area: 'mail',
    description: 'deliver real mail through this SMTP server (nodemailer)',
    requiredWhen: 'MAIL_TRANSPORT=smtp; outside DEMO_MODE unless MAIL_TRANSPORT=log',
  }),
  SMTP_PORT: v(port.optional(), {
    area: 'mail',
    description: "the SMTP server's port",
    default: '465 with SMTP_SECURE, else 587',
  }),
  SMTP_USER: v(optionalString, { area: 'mail', description: 'SMTP login' }),
  SMTP_PASS: v(optionalString, { area: 'mail', description: 'SMTP password' }),
  SMTP_FROM: v(z.string().min(3).default('Forecourt Pay <no-reply@forecourt.example>'), {
    area: 'mail',
    description: 'the sender of the mail sent over SMTP',
  }),
  SMTP_SECURE: v(bool.default(false), {
    area: 'mail',
    description: 'TLS from the start (port 465) instead of STARTTLS',
  }),
  SMTP_URL: v(optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()), {
    area: 'mail',
    description:
      'the relay as one URL, `smtp://user:pass@host:587` (STARTTLS) or `smtps://…:465` (TLS from the start); user and password URL-encoded. Overrides SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS and SMTP_SECURE',
    requiredWhen: 'MAIL_TRANSPORT=smtp without SMTP_HOST',
  }),
  SMTP_REQUIRE_TLS: v(bool.optional(), {
    area: 'mail',
    description:
      'STARTTLS before the login and the message: a relay that offers none fails the mail (it stays queued) instead of receiving the credentials and a temporary password in clear text. `false` only for a relay on this machine',
    default: 'true, but false in DEMO_MODE',
  }),
  SMTP_CA_FILE: v(optionalString, {
    area: 'mail',
    description:
      "a PEM file of CA certificates trusted for the relay's certificate, beside Node's own (a relay with a private CA)",
  }),
  MAIL_MAX_ATTEMPTS: v(positiveInt.default(6), {
    area: 'mail',
    description:
      'attempts to hand a mail to the relay before it is given up (failed: logged, counted on /metrics and listed by GET /api/ops/mail); an SMTP 5xx refusal gives up at once',
  }),
  MAIL_RETRY_SECONDS: v(z.coerce.number().positive().default(30), {
    area: 'mail',
    description: "the mail queue's first retry delay, doubling after each failed attempt (at most an hour)",
  }),

  // Sign-in and accounts
  OIDC_ISSUER: v(optionalString, {
    area: 'signIn',
    description:
      'an OpenID Connect provider by its issuer: endpoints and keys from `{issuer}/.well-known/openid-configuration` (checked at start, a log line when it fails); https (plain http on loopback only). Register PUBLIC_URL + `/openid/callback` as its redirect URI; sign-in is the code flow with PKCE, the server exchanges the code',
  }),
  OIDC_CLIENT_ID: v(optionalString, { area: 'signIn', description: 'the client id at OIDC_ISSUER (needed with it)' }),
  OIDC_CLIENT_SECRET: v(optionalString, {
    area: 'signIn',
    description:
      "OIDC_ISSUER's client secret: the server is then a confidential client (client_secret_basic); without, a public client (PKCE alone)",
  }),
  OIDC_LABEL: v(optionalString, {
    area: 'signIn',
    description: 'the button\'s name, "Continue with {label}" (default OpenID)',
  }),
  OIDC_SCOPES: v(optionalString, {
    area: 'signIn',
    description: 'scopes asked of OIDC_ISSUER, must include openid (default `openid email profile`)',
  }),
  OIDC_PROVIDERS: v(oidcProviders, {
    area: 'signIn',
    description:
      'more identity providers, the same fields per entry; those with `label` are offered on /login and /register ("Continue with {label}"), the others only verify ID tokens a host app posts to POST /auth/login/openId (`jwksUri` instead of discovery there). The id `demo` is reserved in DEMO_MODE, `oidc` is OIDC_ISSUER\'s',
    default: '[]',
    values: 'JSON `[{id, issuer, clientId, clientSecret?, label?, scopes?, jwksUri?}]`',
  }),
  LOGIN_FREE_FAILURES: v(positiveInt.default(5), {
    area: 'signIn',
    description:
      'failed logins of one account from one address before each further try waits (1 s, 2 s, 4 s …, at most the window)',
  }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: v(positiveInt.default(30), {
    area: 'signIn',
    description: 'failed logins from one address (any accounts) per window',
  }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: v(positiveInt.default(100), {
    area: 'signIn',
    description:
      'failed logins of one account from all addresses per window (distributed guessing); past it only a mailed temporary password logs in',
  }),
  LOGIN_WINDOW_SECONDS: v(positiveInt.default(900), {
    area: 'signIn',
    description: 'the window of the login limits and of FORECOURT_CONSOLE_MAX_BAD_TOKENS',
  }),
  ARGON2_MEMORY_KIB: v(z.coerce.number().int().min(8).max(4_194_304).default(19456), {
    area: 'signIn',
    description: 'argon2id memory per password or PIN hash (parallelism 1)',
  }),
  ARGON2_ITERATIONS: v(z.coerce.number().int().min(1).max(100).default(2), {
    area: 'signIn',
    description: 'argon2id iterations',
  }),
  TEMP_PASSWORD_TTL_MINUTES: v(positiveInt.default(60), {
    area: 'signIn',
    description: 'how long a mailed temporary password works',
  }),
  OTP_KEY: v(otpKey, {
    area: 'signIn',
    description: 'the key of decrypt_otp (OTP tokens)',
    default: 'a demo key in DEMO_MODE, else none',
    values: '32 bytes, base64url',
    requiredWhen: 'outside DEMO_MODE, for decrypt_otp',
  }),

  // Origins and proxies
  TRUSTED_PROXIES: v(proxyList, {
    area: 'web',
    description:
      'our reverse proxies: only a request whose socket comes from one of them has X-Forwarded-For (else Forwarded, X-Real-IP) and X-Forwarded-Proto believed; the client is the nearest forwarded address that is not one of ours. Nothing that comes through a proxy is a loopback client (SECURITY.md)',
    default: '(none)',
    values: 'comma list of addresses or CIDRs: `127.0.0.1`, `10.0.0.0/8`, `fd00::/8`',
    requiredWhen: 'behind a reverse proxy',
  }),
  TRUST_PROXY: v(retiredTrustProxy, {
    area: 'web',
    description: 'retired: it believed X-Forwarded-For from any caller. Refused with a pointer to TRUSTED_PROXIES',
    values: 'unset, or `false`/`0`/`no`',
  }),
  HOST_APP_ORIGINS: v(originList, {
    area: 'web',
    description:
      'host apps that may embed the app (frame-ancestors), receive its callback (GET /api/v4/host-apps) and call the API (CORS, for those not our own origin)',
    default: "PUBLIC_URL's origin",
    values: 'comma list of origins (`https://host[:port]`)',
    requiredWhen: 'production with a host app on another origin',
  }),
  CORS_ORIGINS: v(originList, {
    area: 'web',
    description: 'the older name of HOST_APP_ORIGINS: both lists are merged',
    values: 'comma list of origins (`https://host[:port]`)',
  }),
  CSP_CONNECT_ORIGINS: v(originList, {
    area: 'web',
    description:
      "other origins the app fetches from (wallet, basemap tiles, an API elsewhere): added to the CSP's connect-src",
    values: 'comma list of origins (`https://host[:port]`)',
  }),

  // Rate limits
  RATE_LIMIT_WINDOW_SECONDS: v(positiveInt.default(3600), {
    area: 'limits',
    description: 'the window of the per-address limits below; over a limit: 429 with Retry-After',
  }),
  RATE_LIMIT_GUESTS: v(limit.default(60), {
    area: 'limits',
    description: 'guest sign-ups per address and window (0: off)',
  }),
  RATE_LIMIT_REGISTRATIONS: v(limit.default(20), {
    area: 'limits',
    description: 'registrations and Sign in with Amazon per address and window (0: off)',
  }),
  RATE_LIMIT_PASSWORD_MAILS: v(limit.default(10), {
    area: 'limits',
    description: 'forgotten-password mails per address and window (0: off)',
  }),
  RATE_LIMIT_DATA_DUMPS: v(limit.default(5), {
    area: 'limits',
    description: "data-dump requests (a driver's data export) per address and window (0: off)",
  }),
  RATE_LIMIT_FUNCTIONS: v(limit.default(600), {
    area: 'limits',
    description: 'cloud-function and payment-method calls per address and window (0: off)',
  }),

  // Operations
  LOG_LEVEL: v(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), {
    area: 'ops',
    description: "the JSON log's threshold (pino, server/log.ts)",
  }),
  LOG_REQUESTS: v(bool.default(true), {
    area: 'ops',
    description:
      'one JSON line per request: method, route pattern (never the path), status, ms, request id (X-Correlation-Id), user id',
  }),
  METRICS_TOKEN: v(optionalString.pipe(z.string().min(16).max(200).optional()), {
    area: 'ops',
    description:
      "a Bearer token that opens `GET /metrics` to other machines; without it only clients on the node's machine may scrape",
    requiredWhen: 'scraping /metrics from another machine',
  }),
  SHUTDOWN_TIMEOUT_SECONDS: v(z.coerce.number().int().min(1).max(600).default(10), {
    area: 'ops',
    description: 'on SIGTERM, how long requests in flight may take before their connections are closed',
  }),
  NODE_NAME: v(optionalString.pipe(z.string().max(60).optional()), {
    area: 'ops',
    description: "this node's name in every log line, /healthz, /readyz and the forecourt leader's `application_name`",
    default: 'hostname:PORT',
  }),
  MAINTENANCE: v(bool.default(false), {
    area: 'ops',
    description: 'the maintenance flag the app checks at start (/api/maintenance.json, also /maintenance.json)',
  }),
  MAINTENANCE_MESSAGE: v(optionalString, { area: 'ops', description: 'the text /api/maintenance.json gives with it' }),

  // Station network, forecourt simulator and console
  SEED_NETWORK: v(bool.default(true), {
    area: 'forecourt',
    description: 'seed the demo station network on start (idempotent; existing stations keep their state)',
  }),
  SEED_NETWORK_SIZE: v(z.coerce.number().int().min(0).max(50_000).default(2000), {
    area: 'forecourt',
    description:
      'generated stations added to the named demo stations on the first start (seed/network.ts; 0: only the demo stations)',
  }),
  SEED_NETWORK_RANDOM_SEED: v(z.coerce.number().int().min(0).default(20_260_415), {
    area: 'forecourt',
    description: 'where the generated stations go (the same seed gives the same network)',
  }),
  FORECOURT_SIMULATOR: v(bool.default(true), {
    area: 'forecourt',
    description: 'run the forecourt tick loop in this process',
  }),
  FORECOURT_SPEED: v(z.coerce.number().positive().max(100_000).default(1), {
    area: 'forecourt',
    description: "simulated seconds per real second (flow, charging, the simulated driver's pauses)",
  }),
  FORECOURT_AMBIENT: v(bool.optional(), {
    area: 'forecourt',
    description:
      'other customers now and then use idle pumps and chargers (never at the prepay/postpay/ev demo stations)',
    default: 'DEMO_MODE',
  }),
  FORECOURT_AUTO_DRIVER: v(bool.default(true), {
    area: 'forecourt',
    description: 'after a release or authorization the simulated driver lifts the nozzle or plugs in by itself',
  }),
  FORECOURT_TICK_MS: v(z.coerce.number().int().min(50).max(60_000).default(500), {
    area: 'forecourt',
    description: 'tick interval (real milliseconds)',
  }),
  FORECOURT_CONSOLE_TOKEN: v(optionalString.pipe(z.string().min(12).max(200).optional()), {
    area: 'forecourt',
    description:
      'the console (/forecourt) then needs it (Bearer or its sign-in form) from anywhere; without it the console is for loopback clients in DEMO_MODE and absent (404) otherwise',
    requiredWhen: 'a console outside DEMO_MODE, or from other machines',
  }),
  FORECOURT_OPERATOR_TOKEN: v(optionalString.pipe(z.string().min(12).max(200).optional()), {
    area: 'forecourt',
    description: 'the older name of FORECOURT_CONSOLE_TOKEN (which wins when both are set)',
  }),
  FORECOURT_CONSOLE_MAX_BAD_TOKENS: v(positiveInt.default(10), {
    area: 'forecourt',
    description: 'wrong console tokens from one address per LOGIN_WINDOW_SECONDS before 429',
  }),

  // EV charging (server/ocpp, README "Real chargers")
  OCPP_DEMO_PASSWORD: v(z.string().min(8).max(40).default('forecourt-demo-charger'), {
    area: 'ev',
    description:
      "DEMO_MODE: an outside charge point whose id is an EV port's product id may connect with this password",
  }),
  OCPP_BUILTIN_CHARGERS: v(z.enum(['demo', 'all', 'off']).default('demo'), {
    area: 'ev',
    description:
      "the forecourt leader's built-in simulated charge points: `demo` (the hand-made demo stations' ports), `all` (every EV port), `off`",
  }),
  OCPP_URL: v(optionalString.pipe(z.url({ protocol: /^wss?$/ }).optional()), {
    area: 'ev',
    description: 'where built-in charge points connect (`npm run chargers`)',
    default: 'ws://127.0.0.1:PORT/ocpp',
    values: 'a ws:// or wss:// URL',
  }),
  OCPP_HEARTBEAT_SECONDS: v(z.coerce.number().int().min(10).max(86_400).default(300), {
    area: 'ev',
    description: 'the heartbeat interval given to a charge point at boot',
  }),
  OCPP_METER_INTERVAL_SECONDS: v(z.coerce.number().int().min(1).max(3_600).default(10), {
    area: 'ev',
    description: 'the MeterValueSampleInterval the central system sets on every charge point',
  }),
  OCPP_METER_TIMEOUT_SECONDS: v(positiveInt.default(600), {
    area: 'ev',
    description:
      'a charging transaction without meter values for this long: its order goes to PROBLEM, the hold is released',
  }),

  // Orders, payments and history images
  ORDER_STUCK_LIMIT_SECONDS: v(positiveInt.default(900), {
    area: 'orders',
    description:
      'the watchdog moves an order stuck longer than this in a non-terminal state to PROBLEM and releases its hold',
  }),
  POSTPAY_EXPIRY_SECONDS: v(positiveInt.default(600), {
    area: 'orders',
    description:
      'an unpaid postpay order (PAYMENT_PENDING) expires after this long: FAILED, its message says "expired"',
  }),
  PSP_PREAUTH_CONFIG: v(preauthConfig, {
    area: 'orders',
    description:
      "the payment provider's EV pre-authorization per currency in minor units; overrides pay-flows.md §9's defaults (EUR 80, DKK 600, CZK 2000, PLN 350, CHF 80)",
    default: '{}',
    values: 'JSON of currency to minor units, e.g. `{"EUR":5000}`',
  }),
  IMAGE_QUOTA_MIB: v(z.coerce.number().int().min(1).max(1_000_000).default(200), {
    area: 'orders',
    description: "a registered driver's history images: all of them at most this many MiB (413 `image_quota_exceeded`)",
  }),
  IMAGE_UPLOADS_PER_MINUTE: v(z.coerce.number().int().min(1).max(10_000).default(20), {
    area: 'orders',
    description: 'history image uploads per driver and minute (429)',
  }),
  DATA_EXPORT_TTL_HOURS: v(z.coerce.number().int().min(1).max(8760).default(168), {
    area: 'orders',
    description:
      'how long a ready data export (the ZIP of everything kept about a driver) can be downloaded; then its bytes are removed and the screen says it expired',
  }),

  // Wallets (server/psp/merchants.ts, apple-pay-session.ts, amazon-pay.ts): without the keys the sandbox answers.
  WALLET_MERCHANT_ID: v(z.string().min(1).max(100).default('forecourt-sandbox'), {
    area: 'wallets',
    description:
      "GET /v4/merchants/best-match: the merchant `<id>-<country>` of the station's country (else the driver's, else DE)",
  }),
  WALLET_MERCHANT_NAME: v(z.string().min(1).max(64).default('Forecourt Pay'), {
    area: 'wallets',
    description: "the merchant's name shown by the wallets",
  }),
  GOOGLE_PAY_GATEWAY: v(z.string().min(1).max(100).default('example'), {
    area: 'wallets',
    description: "Google Pay's tokenization gateway",
  }),
  APPLE_PAY_MERCHANT_ID: v(z.string().min(1).max(200).default('merchant.pay.forecourt.sandbox'), {
    area: 'wallets',
    description: "Apple Pay's merchant identity",
  }),
  APPLE_PAY_CERT_FILE: v(optionalString, {
    area: 'wallets',
    description:
      "the merchant identity certificate (PEM): with it and the key POST /v4/apple-pay/session asks Apple's gateway for the merchant session; without them it answers a sandbox session",
    requiredWhen: 'real Apple Pay',
  }),
  APPLE_PAY_KEY_FILE: v(optionalString, {
    area: 'wallets',
    description: "the merchant identity certificate's private key (PEM)",
    requiredWhen: 'real Apple Pay',
  }),
  AMAZON_PAY_MERCHANT_ID: v(optionalString, {
    area: 'wallets',
    description: 'Amazon Pay merchant id',
    requiredWhen: 'real Amazon Pay',
  }),
  AMAZON_PAY_STORE_ID: v(optionalString, {
    area: 'wallets',
    description: 'Amazon Pay store id',
    requiredWhen: 'real Amazon Pay',
  }),
  AMAZON_PAY_PUBLIC_KEY_ID: v(optionalString, {
    area: 'wallets',
    description: 'the id of the signing key at Amazon',
    default: 'SANDBOX (the sandbox key made at start)',
    requiredWhen: 'real Amazon Pay',
  }),
  AMAZON_PAY_PRIVATE_KEY_FILE: v(optionalString, {
    area: 'wallets',
    description:
      'signs session-config and button-config (RSASSA-PSS as Amazon asks); with it, Sign in with Amazon reads the buyer from Amazon Pay API v2 (Get Buyer); without it only DEMO_MODE has Amazon sign-in (the sandbox page)',
    requiredWhen: 'real Amazon Pay, Sign in with Amazon outside DEMO_MODE',
  }),
  AMAZON_PAY_SANDBOX: v(bool.default(true), {
    area: 'wallets',
    description: "Amazon Pay's sandbox or live environment",
  }),
  AMAZON_PAY_API_URL: v(z.url({ protocol: /^https?$/ }).default('https://pay-api.amazon.eu'), {
    area: 'wallets',
    description: "Amazon Pay API v2's base address for Get Buyer (a test points it at a fake Amazon)",
  }),

  // Tests
  TEST_KNOBS: v(bool.default(false), {
    area: 'test',
    description:
      'test only (the e2e server sets it): loopback clients may change a setting while the server runs, kept in this one process: `PUT /api/dev/knobs/stations/{id}/postpay-expiry {"seconds": n}` (null: back to POSTPAY_EXPIRY_SECONDS). Never in production',
  }),
});

/** The variables as parsed, before the cross-field rules and the mapping into `Env`. */
export type EnvVariables = z.output<typeof envVariables>;

/** Thrown for bad configuration; server/index.ts prints the message (no stack) and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The demo OTP key: a constant derived from a public string. Only used when DEMO_MODE is on and OTP_KEY is unset. */
export const DEMO_OTP_KEY = new Uint8Array(createHash('sha256').update('forecourt-pay demo otp key').digest());

/** DEMO_MODE as given, else on for development and off when NODE_ENV=production (scripts/start.mjs says the same). */
export function demoModeOf(e: { DEMO_MODE?: boolean | undefined; NODE_ENV?: string | undefined }): boolean {
  return e.DEMO_MODE ?? e.NODE_ENV !== 'production';
}

const publicUrlOf = (e: EnvVariables) => (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

/** The relay is named: SMTP_URL or SMTP_HOST. */
const hasRelay = (e: EnvVariables) => Boolean(e.SMTP_URL ?? e.SMTP_HOST);

/** MAIL_TRANSPORT as given, else smtp with a relay, else the mailbox in DEMO_MODE; undefined: none (refused). */
const mailTransportOf = (e: EnvVariables) =>
  e.MAIL_TRANSPORT ?? (hasRelay(e) ? 'smtp' : demoModeOf(e) ? 'mailbox' : undefined);

/** The relay: SMTP_URL (its user and password URL-decoded) or SMTP_HOST and the other SMTP_* variables; TLS settings. */
function smtpSettings(e: EnvVariables):
  | {
      host: string;
      port: number;
      user?: string;
      pass?: string;
      from: string;
      /** TLS from the start (smtps, SMTP_SECURE). */
      secure: boolean;
      /** STARTTLS required before anything is sent (SMTP_REQUIRE_TLS; a relay without it fails the mail). */
      requireTls: boolean;
      /** SMTP_CA_FILE: a PEM file of extra CAs trusted for the relay's certificate. */
      caFile?: string;
    }
  | undefined {
  const url = e.SMTP_URL ? new URL(e.SMTP_URL) : undefined;
  const host = url ? url.hostname.replace(/^\[|\]$/g, '') : e.SMTP_HOST;
  if (!host) return undefined;
  const secure = url ? url.protocol === 'smtps:' : e.SMTP_SECURE;
  const user = url ? decodeURIComponent(url.username) || undefined : e.SMTP_USER;
  const pass = url ? decodeURIComponent(url.password) || undefined : e.SMTP_PASS;
  return {
    host,
    port: (url?.port ? Number(url.port) : undefined) ?? e.SMTP_PORT ?? (secure ? 465 : 587),
    ...(user ? { user } : {}),
    ...(pass ? { pass } : {}),
    from: e.SMTP_FROM,
    secure,
    requireTls: e.SMTP_REQUIRE_TLS ?? !demoModeOf(e),
    ...(e.SMTP_CA_FILE ? { caFile: e.SMTP_CA_FILE } : {}),
  };
}

/**
 * The rules across variables, as refinements: each names the variable it refuses, and what to do. docs/configuration.md
 * lists them (`doc`).
 */
export const envRules: {
  variable: keyof EnvVariables;
  doc: string;
  refuse: (e: EnvVariables) => string | undefined;
}[] = [
  {
    variable: 'OIDC_PROVIDERS',
    doc: 'the provider id `demo` is reserved in DEMO_MODE',
    refuse: (e) =>
      demoModeOf(e) && e.OIDC_PROVIDERS.some((p) => p.id === 'demo')
        ? 'the id "demo" is reserved in DEMO_MODE'
        : undefined,
  },
  {
    variable: 'PUBLIC_URL',
    doc: 'outside DEMO_MODE the public address is https (Secure cookies, HSTS); plain http only for this machine itself (localhost, 127.x, [::1])',
    refuse: (e) => {
      const publicUrl = publicUrlOf(e);
      const host = new URL(publicUrl).hostname;
      return !demoModeOf(e) && publicUrl.startsWith('http:') && !/^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(host)
        ? `outside DEMO_MODE it must be https (${publicUrl} would send the console cookie and sessions without TLS and no HSTS); put TLS in front (a proxy of yours: TRUSTED_PROXIES) and give its https address`
        : undefined;
    },
  },
  {
    variable: 'MAIL_TRANSPORT',
    doc: 'outside DEMO_MODE mail needs a transport: SMTP_URL or SMTP_HOST, or MAIL_TRANSPORT=log',
    refuse: (e) =>
      mailTransportOf(e)
        ? undefined
        : 'outside DEMO_MODE mail needs a transport: set SMTP_URL or SMTP_HOST, or MAIL_TRANSPORT=log (development)',
  },
  {
    variable: 'WORKERS',
    doc: 'PGlite (no DATABASE_URL) runs in one process: WORKERS > 1 needs DATABASE_URL',
    refuse: (e) =>
      !e.DATABASE_URL && e.WORKERS !== undefined && e.WORKERS > 1
        ? 'PGlite (no DATABASE_URL) runs in one process; set DATABASE_URL to run several'
        : undefined,
  },
  {
    variable: 'MAIL_TRANSPORT',
    doc: 'MAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST',
    refuse: (e) => (mailTransportOf(e) === 'smtp' && !hasRelay(e) ? 'smtp needs SMTP_URL or SMTP_HOST' : undefined),
  },
  {
    variable: 'TEST_KNOBS',
    doc: 'TEST_KNOBS needs DEMO_MODE, and WORKERS=1 with DATABASE_URL (the knobs live in one process)',
    refuse: (e) =>
      e.TEST_KNOBS && (!demoModeOf(e) || (e.DATABASE_URL && e.WORKERS !== 1))
        ? 'test knobs are kept in one process: DEMO_MODE only, and WORKERS=1 with DATABASE_URL'
        : undefined,
  },
  {
    variable: 'MAIL_TRANSPORT',
    doc: 'MAIL_TRANSPORT=mailbox needs DEMO_MODE',
    refuse: (e) =>
      mailTransportOf(e) === 'mailbox' && !demoModeOf(e)
        ? 'the development mailbox exists only in DEMO_MODE'
        : undefined,
  },
];

/** The configuration the app runs with (AppContext.env): the variables mapped into areas, defaults resolved. */
function toEnv(e: EnvVariables) {
  const demoMode = demoModeOf(e);
  const publicUrl = publicUrlOf(e);
  const publicOrigin = new URL(publicUrl).origin;
  const mailTransport = mailTransportOf(e);
  // envRules refused the configuration before this runs.
  if (!mailTransport) throw new ConfigError('Invalid configuration:\n  MAIL_TRANSPORT: no mail transport');
  const otpKey: Uint8Array | undefined = e.OTP_KEY ?? (demoMode ? DEMO_OTP_KEY : undefined);
  const configuredHostApps = [...e.HOST_APP_ORIGINS, ...e.CORS_ORIGINS].filter((o, i, all) => all.indexOf(o) === i);
  const smtp = smtpSettings(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    /** PGLITE_SHARED_BUFFERS: PGlite's buffer pool; unset: db/client.ts's default. */
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    /** API processes (server/index.ts): 1 on PGlite; WORKERS or the core count on PostgreSQL. */
    workers: e.DATABASE_URL ? (e.WORKERS ?? availableParallelism()) : 1,
    publicUrl,
    /** PUBLIC_URL's origin. */
    publicOrigin,
    staticDir: e.STATIC_DIR,
    demoMode,
    /**
     * DEMO_PUBLIC: the sandbox identity pages (they name any buyer or email) answer other machines too, not only loopback
     * clients. Set on purpose for a demo on a phone; never in production.
     */
    demoPublic: demoMode && e.DEMO_PUBLIC,
    /** NODE_ENV=production: MAIL_TRANSPORT=log keeps mail bodies (temporary passwords) out of the log. */
    production: e.NODE_ENV === 'production',
    demoEmail: e.DEMO_EMAIL.toLowerCase(),
    demoPassword: e.DEMO_PASSWORD,
    /** The relay (SMTP_URL or SMTP_HOST with SMTP_*), its TLS settings; undefined without one. */
    smtp,
    /** The mail queue's retries: attempts before a mail is given up, the first retry's delay (doubling after). */
    mailQueue: { maxAttempts: e.MAIL_MAX_ATTEMPTS, retrySeconds: e.MAIL_RETRY_SECONDS },
    mailFrom: e.SMTP_FROM,
    /**
     * Where mail goes: 'smtp' (SMTP_URL or SMTP_HOST), 'log' (the server log; development) or 'mailbox' (the development mailbox at
     * /dev/mail, DEMO_MODE only, loopback clients only).
     */
    mailTransport,
    oidcProviders: oidcProviderList(e),
    maintenance: e.MAINTENANCE,
    maintenanceMessage: e.MAINTENANCE_MESSAGE,
    /** Failed logins of one account from one address before each further try waits (1 s, 2 s, 4 s …). */
    loginFreeFailures: e.LOGIN_FREE_FAILURES,
    /** Failed logins from one address (any accounts) per window. */
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    /** Failed logins of one account from all addresses per window (distributed guessing); the reset mail still works. */
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    /** Per-address limits per window (0 = none): abuse of sign-ups, mails and cloud functions. */
    rateLimits: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      guests: e.RATE_LIMIT_GUESTS,
      registrations: e.RATE_LIMIT_REGISTRATIONS,
      passwordMails: e.RATE_LIMIT_PASSWORD_MAILS,
      dataDumps: e.RATE_LIMIT_DATA_DUMPS,
      functions: e.RATE_LIMIT_FUNCTIONS,
    },
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, iterations: e.ARGON2_ITERATIONS },
    tempPasswordTtlMinutes: e.TEMP_PASSWORD_TTL_MINUTES,
    /** 32-byte key for decrypt_otp, or undefined when neither OTP_KEY nor DEMO_MODE supply one. */
    otpKey,
    /** TRUSTED_PROXIES: our reverse proxies (addresses, CIDRs); only their forwarding headers are believed. */
    trustedProxies: e.TRUSTED_PROXIES,
    /**
     * Origins of host apps that may embed the app (frame-ancestors), receive its callback and call the API (CORS).
     * HOST_APP_ORIGINS (and the older CORS_ORIGINS); default: PUBLIC_URL's origin (the demo host page).
     */
    hostAppOrigins: configuredHostApps.length > 0 ? configuredHostApps : [publicOrigin],
    /** Origins allowed to call /api from another origin: the configured host apps, never by default. */
    corsOrigins: configuredHostApps.filter((o) => o !== publicOrigin),
    /** Other origins the app may fetch from (wallet, basemap tiles): added to connect-src. */
    cspConnectOrigins: e.CSP_CONNECT_ORIGINS,
    logRequests: e.LOG_REQUESTS,
    /** Seed the demo station network on start (idempotent). */
    seedNetwork: e.SEED_NETWORK,
    /** Generated stations added to the named demo stations (seed/network.ts), and the seed that places them. */
    networkSize: e.SEED_NETWORK_SIZE,
    networkSeed: e.SEED_NETWORK_RANDOM_SEED,
    forecourt: {
      /** Run the tick loop in this process. */
      simulator: e.FORECOURT_SIMULATOR,
      /** Simulated seconds per real second. */
      speed: e.FORECOURT_SPEED,
      /** Other customers occasionally use idle pumps and chargers. Default: DEMO_MODE. */
      ambient: e.FORECOURT_AMBIENT ?? demoMode,
      /** The simulated driver acts by itself after a release or authorization (lifts the nozzle, plugs in ...). */
      autoDriver: e.FORECOURT_AUTO_DRIVER,
      tickMs: e.FORECOURT_TICK_MS,
      /**
       * FORECOURT_CONSOLE_TOKEN (or the older FORECOURT_OPERATOR_TOKEN). With it the console needs the token everywhere;
       * without it the console is for loopback clients in DEMO_MODE and does not exist (404) outside it.
       */
      operatorToken: e.FORECOURT_CONSOLE_TOKEN ?? e.FORECOURT_OPERATOR_TOKEN,
      /** Wrong console tokens from one address per LOGIN_WINDOW_SECONDS before 429. */
      maxBadTokens: e.FORECOURT_CONSOLE_MAX_BAD_TOKENS,
    },
    /** The watchdog moves an order stuck this long in a non-terminal state to PROBLEM. */
    orderStuckLimitSeconds: e.ORDER_STUCK_LIMIT_SECONDS,
    ocpp: {
      /** DEMO_MODE: an outside charge point whose id is an EV port's product id may connect with this password. */
      demoPassword: e.OCPP_DEMO_PASSWORD,
      /** The built-in simulated charge points of the forecourt leader: the hand-made demo stations' ports, all, none. */
      builtinChargers: e.OCPP_BUILTIN_CHARGERS,
      /** Where built-in charge points connect (`npm run chargers`); default ws://127.0.0.1:PORT/ocpp. */
      url: e.OCPP_URL,
      heartbeatSeconds: e.OCPP_HEARTBEAT_SECONDS,
      /** MeterValueSampleInterval the central system sets on every charge point. */
      meterIntervalSeconds: e.OCPP_METER_INTERVAL_SECONDS,
      /** A charging transaction without meter values for this long: its order goes to PROBLEM, the hold released. */
      meterTimeoutSeconds: e.OCPP_METER_TIMEOUT_SECONDS,
    },
    /** A postpay order left unpaid (PAYMENT_PENDING) this long expires: FAILED, its message says "expired". */
    postpayExpirySeconds: e.POSTPAY_EXPIRY_SECONDS,
    /**
     * TEST_KNOBS: /api/dev/knobs lets a test on this machine change a setting while the server runs (the postpay expiry
     * of one station), kept in this process only (AppContext.knobs). For the e2e server; never in production.
     */
    testKnobs: e.TEST_KNOBS,
    /** LOG_LEVEL: pino's threshold (server/log.ts). */
    logLevel: e.LOG_LEVEL,
    /** METRICS_TOKEN: Bearer token for /metrics from other machines; undefined: loopback clients only. */
    metricsToken: e.METRICS_TOKEN,
    /** SHUTDOWN_TIMEOUT_SECONDS in ms: SIGTERM's deadline for in-flight requests. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    /** NODE_NAME, or hostname:PORT: names this process in logs, /readyz and the forecourt leader's connection. */
    nodeName: e.NODE_NAME ?? `${hostname()}:${e.PORT}`,
    /** PSP_PREAUTH_CONFIG: the payment provider's EV pre-authorization per currency (minor units); overrides pay-flows.md §9's defaults. */
    pspPreauthConfig: e.PSP_PREAUTH_CONFIG,
    /** IMAGE_QUOTA_MIB, IMAGE_UPLOADS_PER_MINUTE: what a driver may keep and send of history images. */
    images: { quotaMib: e.IMAGE_QUOTA_MIB, uploadsPerMinute: e.IMAGE_UPLOADS_PER_MINUTE },
    /** DATA_EXPORT_TTL_HOURS in ms: a ready data export is downloadable this long. */
    dataExportTtlMs: e.DATA_EXPORT_TTL_HOURS * 3_600_000,
    /** The wallets' merchant (best-match), Apple Pay's merchant identity, Amazon Pay's signing key; sandbox without keys. */
    wallets: {
      merchantId: e.WALLET_MERCHANT_ID,
      merchantName: e.WALLET_MERCHANT_NAME,
      googlePayGateway: e.GOOGLE_PAY_GATEWAY,
      applePayMerchantId: e.APPLE_PAY_MERCHANT_ID,
      applePayCertFile: e.APPLE_PAY_CERT_FILE,
      applePayKeyFile: e.APPLE_PAY_KEY_FILE,
      amazon: {
        merchantId: e.AMAZON_PAY_MERCHANT_ID,
        storeId: e.AMAZON_PAY_STORE_ID,
        publicKeyId: e.AMAZON_PAY_PUBLIC_KEY_ID,
        privateKeyFile: e.AMAZON_PAY_PRIVATE_KEY_FILE,
        sandbox: e.AMAZON_PAY_SANDBOX,
        /** AMAZON_PAY_API_URL: where Get Buyer is asked (https://pay-api.amazon.eu). */
        apiUrl: e.AMAZON_PAY_API_URL,
      },
    },
  };
}

/** The whole configuration: the variables, the rules across them, the mapping. Its output is `Env`. */
export const envSchema = envVariables
  .superRefine(
    (e, ctx) => {
      for (const rule of envRules) {
        const message = rule.refuse(e);
        if (message) ctx.addIssue({ code: 'custom', path: [rule.variable], message });
      }
    }, // The rules read a configuration whose variables all parsed; else the variables' own messages are the answer.
    { when: (payload) => payload.issues.length === 0 },
  )
  .transform(toEnv);

export type Env = z.output<typeof envSchema>;

/** An empty variable (FOO=) means unset, so defaults apply instead of '' being coerced (e.g. to port 0). */
const given = (source: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));

const configError = (error: z.ZodError) =>
  new ConfigError(
    `Invalid configuration:\n${error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`).join('\n')}`,
  );

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(given(source));
  if (!parsed.success) throw configError(parsed.error);
  return parsed.data;
}

/** What `npm run migrate` needs (server/migrate.ts): the database alone, whatever else is configured or missing. */
export function loadDatabaseEnv(
  source: Record<string, string | undefined> = process.env,
): Pick<Env, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffers'> {
  const parsed = envVariables
    .pick({ DATABASE_URL: true, DATA_DIR: true, PGLITE_SHARED_BUFFERS: true })
    .safeParse(given(source));
  if (!parsed.success) throw configError(parsed.error);
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    dataDir: parsed.data.DATA_DIR,
    pgliteSharedBuffers: parsed.data.PGLITE_SHARED_BUFFERS,
  };
}
