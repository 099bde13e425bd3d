// Configuration: parsed ONCE from the environment with zod, then passed around in the app context.
// Nothing reads process.env per request.
import { createHash } from 'node:crypto';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'TRUE', 'FALSE'])
  .transform((v) => ['true', '1', 'yes', 'TRUE'].includes(v));
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const oidcProvider = z.strictObject({
  id: z.string().min(1).max(100),
  issuer: z.string().min(1),
  jwksUri: z.url(),
  clientId: z.string().min(1),
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

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  STATIC_DIR: z.string().min(1).default('./dist'),
  DEMO_MODE: bool.default(true),
  DEMO_EMAIL: z.email().default('driver@example.com'),
  DEMO_PASSWORD: z.string().min(8).max(40).default('forecourt-demo'),
  SMTP_HOST: optionalString,
  SMTP_PORT: port.optional(),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: z.string().min(3).default('Forecourt Pay <no-reply@forecourt.example>'),
  SMTP_SECURE: bool.default(false),
  OIDC_PROVIDERS: oidcProviders,
  MAINTENANCE: bool.default(false),
  MAINTENANCE_MESSAGE: optionalString,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt.default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt.default(30),
  LOGIN_WINDOW_SECONDS: positiveInt.default(900),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).max(100).default(2),
  TEMP_PASSWORD_TTL_MINUTES: positiveInt.default(60),
  OTP_KEY: optionalString,
  TRUST_PROXY: bool.default(false),
  CORS_ORIGINS: optionalString,
  LOG_REQUESTS: bool.default(true),
  SEED_NETWORK: bool.default(true),
  SEED_NETWORK_SIZE: z.coerce.number().int().min(0).max(50_000).default(2000),
  SEED_NETWORK_RANDOM_SEED: z.coerce.number().int().min(0).default(20_260_415),
  FORECOURT_SIMULATOR: bool.default(true),
  FORECOURT_SPEED: z.coerce.number().positive().max(100_000).default(1),
  FORECOURT_AMBIENT: bool.optional(),
  FORECOURT_AUTO_DRIVER: bool.default(true),
  FORECOURT_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  FORECOURT_OPERATOR_TOKEN: optionalString.pipe(z.string().min(12).max(200).optional()),
  ORDER_STUCK_LIMIT_SECONDS: positiveInt.default(900),
});

export type Env = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  staticDir: string;
  demoMode: boolean;
  demoEmail: string;
  demoPassword: string;
  smtp: { host: string; port: number; user?: string; pass?: string; from: string; secure: boolean } | undefined;
  mailFrom: string;
  oidcProviders: OidcProvider[];
  maintenance: boolean;
  maintenanceMessage: string | undefined;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowSeconds: number;
  argon2: { memoryKib: number; iterations: number };
  tempPasswordTtlMinutes: number;
  /** 32-byte key for decrypt_otp, or undefined when neither OTP_KEY nor DEMO_MODE supply one. */
  otpKey: Uint8Array | undefined;
  trustProxy: boolean;
  corsOrigins: string[];
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
    /** Required for /forecourt outside DEMO_MODE; without it (and without DEMO_MODE) the console answers 404. */
    operatorToken: string | undefined;
  };
  /** The watchdog moves an order stuck this long in a non-terminal state to PROBLEM. */
  orderStuckLimitSeconds: number;
};

/** Thrown for bad configuration; server/index.ts prints the message (no stack) and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The demo OTP key: a constant derived from a public string. Only used when DEMO_MODE is on and OTP_KEY is unset. */
export const DEMO_OTP_KEY = new Uint8Array(createHash('sha256').update('forecourt-pay demo otp key').digest());

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO=) means unset, so defaults apply instead of '' being coerced (e.g. to port 0).
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    staticDir: e.STATIC_DIR,
    demoMode: e.DEMO_MODE,
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
    oidcProviders: e.OIDC_PROVIDERS,
    maintenance: e.MAINTENANCE,
    maintenanceMessage: e.MAINTENANCE_MESSAGE,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, iterations: e.ARGON2_ITERATIONS },
    tempPasswordTtlMinutes: e.TEMP_PASSWORD_TTL_MINUTES,
    otpKey,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
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
      operatorToken: e.FORECOURT_OPERATOR_TOKEN,
    },
    orderStuckLimitSeconds: e.ORDER_STUCK_LIMIT_SECONDS,
  };
}
