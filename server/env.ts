// Configuration: parsed ONCE from the environment with zod, then passed around in the app context.
// Nothing reads process.env per request.
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

const oidcProvider = z.strictObject({
  id: z.string().min(1).max(100),
  issuer: z.string().min(1),
  jwksUri: z.url(),
  clientId: z.string().min(1),
  /** The button's name ("Continue with {label}") and the provider's authorization endpoint: with both, drivers are
   *  offered this provider on /login and /register (GET /auth/login/openId/providers); without, its tokens are only
   *  verified (a host app signs its drivers in). */
  label: z.string().min(1).max(40).optional(),
  authorizeUrl: z.url().optional(),
});
type OidcProvider = z.infer<typeof oidcProvider>;

const oidcProviders = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {id, issuer, jwksUri, clientId}' });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProvider));

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

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** PGlite's buffer pool (db/pglite-wasm.ts): at most five characters, e.g. 16MB (the default), 64MB, 128MB. */
  PGLITE_SHARED_BUFFERS: optionalString.pipe(
    z
      .string()
      .regex(SHARED_BUFFERS_PATTERN, 'e.g. 16MB, 64MB or 128MB (kB, MB or GB, at most 5 characters)')
      .optional(),
  ),
  /** API processes on PostgreSQL (node:cluster); default: the core count. PGlite runs one process. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** Unset: on, unless NODE_ENV=production (a production server runs demo code only when told so explicitly). */
  DEMO_MODE: bool.optional(),
  /** DEMO_MODE's sandbox identity pages (Amazon sign-in, the demo OpenID provider) for other machines too. */
  DEMO_PUBLIC: bool.default(false),
  NODE_ENV: optionalString,
  DEMO_EMAIL: z.email().default('driver@example.com'),
  DEMO_PASSWORD: z.string().min(8).max(40).default('forecourt-demo'),
  SMTP_HOST: optionalString,
  SMTP_PORT: port.optional(),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: z.string().min(3).default('Forecourt Pay <no-reply@forecourt.example>'),
  SMTP_SECURE: bool.default(false),
  MAIL_TRANSPORT: z.enum(['smtp', 'log', 'mailbox']).optional(),
  OIDC_PROVIDERS: oidcProviders,
  MAINTENANCE: bool.default(false),
  MAINTENANCE_MESSAGE: optionalString,
  LOGIN_FREE_FAILURES: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(100),
  LOGIN_WINDOW_SECONDS: positiveInt.default(900),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(3600),
  RATE_LIMIT_GUESTS: limit.default(60),
  RATE_LIMIT_REGISTRATIONS: limit.default(20),
  RATE_LIMIT_PASSWORD_MAILS: limit.default(10),
  RATE_LIMIT_DATA_DUMPS: limit.default(5),
  RATE_LIMIT_FUNCTIONS: limit.default(600),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).max(100).default(2),
  TEMP_PASSWORD_TTL_MINUTES: positiveInt.default(60),
  OTP_KEY: optionalString,
  TRUSTED_PROXIES: proxyList,
  /** Replaced by TRUSTED_PROXIES (it trusted X-Forwarded-For from any caller): refused with a pointer to it. */
  TRUST_PROXY: optionalString,
  HOST_APP_ORIGINS: originList,
  CORS_ORIGINS: originList,
  CSP_CONNECT_ORIGINS: originList,
  LOG_REQUESTS: bool.default(true),
  SEED_NETWORK: bool.default(true),
  SEED_NETWORK_SIZE: z.coerce.number().int().min(0).max(50_000).default(2000),
  SEED_NETWORK_RANDOM_SEED: z.coerce.number().int().min(0).default(20_260_415),
  FORECOURT_SIMULATOR: bool.default(true),
  FORECOURT_SPEED: z.coerce.number().positive().max(100_000).default(1),
  FORECOURT_AMBIENT: bool.optional(),
  FORECOURT_AUTO_DRIVER: bool.default(true),
  FORECOURT_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  FORECOURT_CONSOLE_TOKEN: optionalString.pipe(z.string().min(12).max(200).optional()),
  FORECOURT_OPERATOR_TOKEN: optionalString.pipe(z.string().min(12).max(200).optional()),
  FORECOURT_CONSOLE_MAX_BAD_TOKENS: positiveInt.default(10),
  ORDER_STUCK_LIMIT_SECONDS: positiveInt.default(900),
  // OCPP 1.6J (server/ocpp, README "Real chargers").
  OCPP_DEMO_PASSWORD: z.string().min(8).max(40).default('forecourt-demo-charger'),
  OCPP_BUILTIN_CHARGERS: z.enum(['demo', 'all', 'off']).default('demo'),
  OCPP_URL: optionalString.pipe(z.url({ protocol: /^wss?$/ }).optional()),
  OCPP_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  OCPP_METER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  OCPP_METER_TIMEOUT_SECONDS: positiveInt.default(600),
  POSTPAY_EXPIRY_SECONDS: positiveInt.default(600),
  // Test-only: settings a test changes while the server runs (routes/test-knobs.ts). DEMO_MODE, one process.
  TEST_KNOBS: bool.default(false),
  PSP_PREAUTH_CONFIG: preauthConfig,
  /** History images per driver: all of them at most this many MiB, and at most this many uploads a minute. */
  IMAGE_QUOTA_MIB: z.coerce.number().int().min(1).max(1_000_000).default(200),
  IMAGE_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** The data export (GDPR art. 15/20): how long a ready ZIP can be downloaded before its bytes are removed. */
  DATA_EXPORT_TTL_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  // Wallets (server/psp/merchants.ts, apple-pay-session.ts, amazon-pay.ts): without the keys the sandbox answers.
  WALLET_MERCHANT_ID: z.string().min(1).max(100).default('forecourt-sandbox'),
  WALLET_MERCHANT_NAME: z.string().min(1).max(64).default('Forecourt Pay'),
  GOOGLE_PAY_GATEWAY: z.string().min(1).max(100).default('example'),
  APPLE_PAY_MERCHANT_ID: z.string().min(1).max(200).default('merchant.pay.forecourt.sandbox'),
  APPLE_PAY_CERT_FILE: optionalString,
  APPLE_PAY_KEY_FILE: optionalString,
  AMAZON_PAY_MERCHANT_ID: optionalString,
  AMAZON_PAY_STORE_ID: optionalString,
  AMAZON_PAY_PUBLIC_KEY_ID: optionalString,
  AMAZON_PAY_PRIVATE_KEY_FILE: optionalString,
  AMAZON_PAY_SANDBOX: bool.default(true),
  /** Amazon Pay API v2's base address (Get Buyer for Sign in with Amazon); a test points it at a fake Amazon. */
  AMAZON_PAY_API_URL: z.url({ protocol: /^https?$/ }).default('https://pay-api.amazon.eu'),
  // Operations (issue 34): JSON logs' threshold, /metrics' token, the SIGTERM deadline, this node's name.
  /** The log's threshold (pino levels): fatal, error, warn, info (default), debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A bearer token that opens /metrics to other machines (without it only loopback clients may scrape). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).max(200).optional()),
  /** On SIGTERM, how long in-flight requests may take before their connections are closed. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** This node's name in logs, /readyz and the leader's connection (default: hostname:PORT). */
  NODE_NAME: optionalString.pipe(z.string().max(60).optional()),
});

export type Env = {
  /** The wallets' merchant (best-match), Apple Pay's merchant identity, Amazon Pay's signing key; sandbox without keys. */
  wallets: {
    merchantId: string;
    merchantName: string;
    googlePayGateway: string;
    applePayMerchantId: string;
    applePayCertFile: string | undefined;
    applePayKeyFile: string | undefined;
    amazon: {
      merchantId: string | undefined;
      storeId: string | undefined;
      publicKeyId: string | undefined;
      privateKeyFile: string | undefined;
      sandbox: boolean;
      /** AMAZON_PAY_API_URL: where Get Buyer is asked (https://pay-api.amazon.eu). */
      apiUrl: string;
    };
  };
  /** IMAGE_QUOTA_MIB, IMAGE_UPLOADS_PER_MINUTE: what a driver may keep and send of history images. */
  images: { quotaMib: number; uploadsPerMinute: number };
  /** DATA_EXPORT_TTL_HOURS in ms: a ready data export is downloadable this long. */
  dataExportTtlMs: number;
  /** PSP_PREAUTH_CONFIG: the payment provider's EV pre-authorization per currency (minor units); overrides pay-flows.md §9's defaults. */
  pspPreauthConfig: Record<string, number>;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGLITE_SHARED_BUFFERS: PGlite's buffer pool; unset: db/client.ts's default. */
  pgliteSharedBuffers: string | undefined;
  /** API processes (server/index.ts): 1 on PGlite; WORKERS or the core count on PostgreSQL. */
  workers: number;
  publicUrl: string;
  staticDir: string;
  demoMode: boolean;
  /**
   * DEMO_PUBLIC: the sandbox identity pages (they name any buyer or email) answer other machines too, not only loopback
   * clients. Set on purpose for a demo on a phone; never in production.
   */
  demoPublic: boolean;
  /** NODE_ENV=production: MAIL_TRANSPORT=log keeps mail bodies (temporary passwords) out of the log. */
  production: boolean;
  demoEmail: string;
  demoPassword: string;
  smtp: { host: string; port: number; user?: string; pass?: string; from: string; secure: boolean } | undefined;
  mailFrom: string;
  /**
   * Where mail goes: 'smtp' (SMTP_HOST), 'log' (the server log; development) or 'mailbox' (the development mailbox at
   * /dev/mail, DEMO_MODE only, loopback clients only).
   */
  mailTransport: 'smtp' | 'log' | 'mailbox';
  oidcProviders: OidcProvider[];
  maintenance: boolean;
  maintenanceMessage: string | undefined;
  /** Failed logins of one account from one address before each further try waits (1 s, 2 s, 4 s …). */
  loginFreeFailures: number;
  /** Failed logins from one address (any accounts) per window. */
  loginMaxFailuresPerAddress: number;
  /** Failed logins of one account from all addresses per window (distributed guessing); the reset mail still works. */
  loginMaxFailuresPerAccount: number;
  loginWindowSeconds: number;
  /** Per-address limits per window (0 = none): abuse of sign-ups, mails and cloud functions. */
  rateLimits: {
    windowSeconds: number;
    guests: number;
    registrations: number;
    passwordMails: number;
    dataDumps: number;
    functions: number;
  };
  argon2: { memoryKib: number; iterations: number };
  tempPasswordTtlMinutes: number;
  /** 32-byte key for decrypt_otp, or undefined when neither OTP_KEY nor DEMO_MODE supply one. */
  otpKey: Uint8Array | undefined;
  /** TRUSTED_PROXIES: our reverse proxies (addresses, CIDRs); only their forwarding headers are believed. */
  trustedProxies: string[];
  /**
   * Origins of host apps that may embed the app (frame-ancestors), receive its callback and call the API (CORS).
   * HOST_APP_ORIGINS (and the older CORS_ORIGINS); default: PUBLIC_URL's origin (the demo host page).
   */
  hostAppOrigins: string[];
  /** Origins allowed to call /api from another origin: the configured host apps, never by default. */
  corsOrigins: string[];
  /** Other origins the app may fetch from (wallet, basemap tiles): added to connect-src. */
  cspConnectOrigins: string[];
  /** PUBLIC_URL's origin. */
  publicOrigin: string;
  logRequests: boolean;
  /** Seed the demo station network on start (idempotent). */
  seedNetwork: boolean;
  /** Generated stations added to the named demo stations (seed/network.ts), and the seed that places them. */
  networkSize: number;
  networkSeed: number;
  forecourt: {
    /** Run the tick loop in this process. */
    simulator: boolean;
    /** Simulated seconds per real second. */
    speed: number;
    /** Other customers occasionally use idle pumps and chargers. Default: DEMO_MODE. */
    ambient: boolean;
    /** The simulated driver acts by itself after a release or authorization (lifts the nozzle, plugs in ...). */
    autoDriver: boolean;
    tickMs: number;
    /**
     * FORECOURT_CONSOLE_TOKEN (or the older FORECOURT_OPERATOR_TOKEN). With it the console needs the token everywhere;
     * without it the console is for loopback clients in DEMO_MODE and does not exist (404) outside it.
     */
    operatorToken: string | undefined;
    /** Wrong console tokens from one address per LOGIN_WINDOW_SECONDS before 429. */
    maxBadTokens: number;
  };
  /** The watchdog moves an order stuck this long in a non-terminal state to PROBLEM. */
  orderStuckLimitSeconds: number;
  ocpp: {
    /** DEMO_MODE: an outside charge point whose id is an EV port's product id may connect with this password. */
    demoPassword: string;
    /** The built-in simulated charge points of the forecourt leader: the hand-made demo stations' ports, all, none. */
    builtinChargers: 'demo' | 'all' | 'off';
    /** Where built-in charge points connect (`npm run chargers`); default ws://127.0.0.1:PORT/ocpp. */
    url: string | undefined;
    heartbeatSeconds: number;
    /** MeterValueSampleInterval the central system sets on every charge point. */
    meterIntervalSeconds: number;
    /** A charging transaction without meter values for this long: its order goes to PROBLEM, the hold released. */
    meterTimeoutSeconds: number;
  };
  /** A postpay order left unpaid (PAYMENT_PENDING) this long expires: FAILED, its message says "expired". */
  postpayExpirySeconds: number;
  /**
   * TEST_KNOBS: /api/dev/knobs lets a test on this machine change a setting while the server runs (the postpay expiry
   * of one station), kept in this process only (AppContext.knobs). For the e2e server; never in production.
   */
  testKnobs: boolean;
  /** LOG_LEVEL: pino's threshold (server/log.ts). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** METRICS_TOKEN: Bearer token for /metrics from other machines; undefined: loopback clients only. */
  metricsToken: string | undefined;
  /** SHUTDOWN_TIMEOUT_SECONDS in ms: SIGTERM's deadline for in-flight requests. */
  shutdownTimeoutMs: number;
  /** NODE_NAME, or hostname:PORT: names this process in logs, /readyz and the forecourt leader's connection. */
  nodeName: string;
};

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

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO=) means unset, so defaults apply instead of '' being coerced (e.g. to port 0).
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = { ...parsed.data, DEMO_MODE: demoModeOf(parsed.data) };
  if (e.TRUST_PROXY && !/^(false|0|no)$/i.test(e.TRUST_PROXY)) {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: replaced by TRUSTED_PROXIES, the addresses or CIDRs of your reverse proxies (e.g. TRUSTED_PROXIES=127.0.0.1 for a proxy on this machine, 10.0.0.0/8 for one in your network); X-Forwarded-For is believed only from them',
    );
  }
  let otpKey: Uint8Array | undefined;
  if (e.OTP_KEY) {
    otpKey = new Uint8Array(Buffer.from(e.OTP_KEY, 'base64url'));
    if (otpKey.length !== 32) throw new ConfigError('Invalid configuration:\n  OTP_KEY: must be 32 bytes, base64url');
  } else if (e.DEMO_MODE) {
    otpKey = DEMO_OTP_KEY;
  }
  if (e.OIDC_PROVIDERS.some((p) => p.id === 'demo') && e.DEMO_MODE) {
    throw new ConfigError('Invalid configuration:\n  OIDC_PROVIDERS: the id "demo" is reserved in DEMO_MODE');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const publicOrigin = new URL(publicUrl).origin;
  // Outside DEMO_MODE the public address is https (Secure cookies, HSTS): plain http only for this machine itself.
  const publicHost = new URL(publicUrl).hostname;
  if (!e.DEMO_MODE && publicUrl.startsWith('http:') && !/^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(publicHost)) {
    throw new ConfigError(
      `Invalid configuration:\n  PUBLIC_URL: outside DEMO_MODE it must be https (${publicUrl} would send the console cookie and sessions without TLS and no HSTS); put TLS in front (a proxy of yours: TRUSTED_PROXIES) and give its https address`,
    );
  }
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_HOST ? 'smtp' : e.DEMO_MODE ? 'mailbox' : undefined);
  if (!mailTransport) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_TRANSPORT: outside DEMO_MODE mail needs a transport: set SMTP_HOST, or MAIL_TRANSPORT=log (development)',
    );
  }
  if (!e.DATABASE_URL && e.WORKERS !== undefined && e.WORKERS > 1) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: PGlite (no DATABASE_URL) runs in one process; set DATABASE_URL to run several',
    );
  }
  if (mailTransport === 'smtp' && !e.SMTP_HOST) {
    throw new ConfigError('Invalid configuration:\n  MAIL_TRANSPORT: smtp needs SMTP_HOST');
  }
  if (e.TEST_KNOBS && (!e.DEMO_MODE || (e.DATABASE_URL && e.WORKERS !== 1))) {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_KNOBS: test knobs are kept in one process: DEMO_MODE only, and WORKERS=1 with DATABASE_URL',
    );
  }
  if (mailTransport === 'mailbox' && !e.DEMO_MODE) {
    throw new ConfigError('Invalid configuration:\n  MAIL_TRANSPORT: the development mailbox exists only in DEMO_MODE');
  }
  const configuredHostApps = [...(e.HOST_APP_ORIGINS ?? []), ...(e.CORS_ORIGINS ?? [])].filter(
    (o, i, all) => all.indexOf(o) === i,
  );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    workers: e.DATABASE_URL ? (e.WORKERS ?? availableParallelism()) : 1,
    publicUrl,
    staticDir: e.STATIC_DIR,
    demoMode: e.DEMO_MODE,
    demoPublic: e.DEMO_MODE && e.DEMO_PUBLIC,
    production: e.NODE_ENV === 'production',
    demoEmail: e.DEMO_EMAIL.toLowerCase(),
    demoPassword: e.DEMO_PASSWORD,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM,
          secure: e.SMTP_SECURE,
        }
      : undefined,
    mailFrom: e.SMTP_FROM,
    mailTransport,
    oidcProviders: e.OIDC_PROVIDERS,
    maintenance: e.MAINTENANCE,
    maintenanceMessage: e.MAINTENANCE_MESSAGE,
    loginFreeFailures: e.LOGIN_FREE_FAILURES,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
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
    otpKey,
    trustedProxies: e.TRUSTED_PROXIES,
    hostAppOrigins: configuredHostApps.length > 0 ? configuredHostApps : [publicOrigin],
    corsOrigins: configuredHostApps.filter((o) => o !== publicOrigin),
    cspConnectOrigins: e.CSP_CONNECT_ORIGINS ?? [],
    publicOrigin,
    logRequests: e.LOG_REQUESTS,
    seedNetwork: e.SEED_NETWORK,
    networkSize: e.SEED_NETWORK_SIZE,
    networkSeed: e.SEED_NETWORK_RANDOM_SEED,
    forecourt: {
      simulator: e.FORECOURT_SIMULATOR,
      speed: e.FORECOURT_SPEED,
      ambient: e.FORECOURT_AMBIENT ?? e.DEMO_MODE,
      autoDriver: e.FORECOURT_AUTO_DRIVER,
      tickMs: e.FORECOURT_TICK_MS,
      operatorToken: e.FORECOURT_CONSOLE_TOKEN ?? e.FORECOURT_OPERATOR_TOKEN,
      maxBadTokens: e.FORECOURT_CONSOLE_MAX_BAD_TOKENS,
    },
    orderStuckLimitSeconds: e.ORDER_STUCK_LIMIT_SECONDS,
    ocpp: {
      demoPassword: e.OCPP_DEMO_PASSWORD,
      builtinChargers: e.OCPP_BUILTIN_CHARGERS,
      url: e.OCPP_URL,
      heartbeatSeconds: e.OCPP_HEARTBEAT_SECONDS,
      meterIntervalSeconds: e.OCPP_METER_INTERVAL_SECONDS,
      meterTimeoutSeconds: e.OCPP_METER_TIMEOUT_SECONDS,
    },
    postpayExpirySeconds: e.POSTPAY_EXPIRY_SECONDS,
    testKnobs: e.TEST_KNOBS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    nodeName: e.NODE_NAME ?? `${hostname()}:${e.PORT}`,
    pspPreauthConfig: e.PSP_PREAUTH_CONFIG,
    images: { quotaMib: e.IMAGE_QUOTA_MIB, uploadsPerMinute: e.IMAGE_UPLOADS_PER_MINUTE },
    dataExportTtlMs: e.DATA_EXPORT_TTL_HOURS * 3_600_000,
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
        apiUrl: e.AMAZON_PAY_API_URL,
      },
    },
  };
}

/** What `npm run migrate` needs (server/migrate.ts): the database alone, whatever else is configured or missing. */
export function loadDatabaseEnv(
  source: Record<string, string | undefined> = process.env,
): Pick<Env, 'databaseUrl' | 'dataDir' | 'pgliteSharedBuffers'> {
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.pick({ DATABASE_URL: true, DATA_DIR: true, PGLITE_SHARED_BUFFERS: true }).safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    dataDir: parsed.data.DATA_DIR,
    pgliteSharedBuffers: parsed.data.PGLITE_SHARED_BUFFERS,
  };
}
