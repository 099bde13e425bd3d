// The server the browser tests talk to: the real one, on a fresh PGlite directory, serving the built app. Its output
// also goes to .tmp/e2e-server.log, which the suite's teardown searches for secrets (tests/e2e/global-teardown.ts).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_OIDC, startE2eOidcProvider } from './e2e-oidc-provider.mjs';
import { serverNodeArgs } from './server-node-args.mjs';

const root = new URL('..', import.meta.url).pathname;
const dataDir = join(root, '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const port = process.env.E2E_PORT ?? '8181';
// A standard OpenID provider beside the server (tests/e2e/openid.spec.ts signs in at its pages), found by the server
// through its issuer alone, as an operator configures one. Its address is written for the spec (a second server there).
const oidc = await startE2eOidcProvider({ redirectUris: [`http://localhost:${port}/openid/callback`] });
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(join(root, '.tmp', 'e2e-oidc.json'), JSON.stringify({ issuer: oidc.issuer, ...E2E_OIDC }));
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  STATIC_DIR: join(root, 'dist'),
  DEMO_MODE: 'true',
  // Every request logged: the teardown searches the lines of the whole run (they go to the file, not the terminal).
  LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'true',
  // Devices change only when a test (or the simulated driver of a paid order) makes them.
  FORECOURT_AMBIENT: 'false',
  // Tests work the pumps from the forecourt console, like a person at the station.
  FORECOURT_AUTO_DRIVER: 'false',
  // A test may shorten a setting while it runs (the postpay expiry of one station: tests/e2e/postpay.spec.ts), rather
  // than the whole run taking a short one (routes/test-knobs.ts; this server is one process).
  TEST_KNOBS: 'true',
  // The built-in OCPP chargers report meter values every 2 s (the charging screens' live meter; default 10 s).
  OCPP_METER_INTERVAL_SECONDS: '2',
  // Nearly every test signs up or logs in: the server tier's cheap hashing settings (tests/server/helpers.ts) rather
  // than the production ones, whose cost is paid on the two shared cores once per sign-in (hashes stay argon2id).
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_ITERATIONS: '1',
  PUBLIC_URL: `http://localhost:${port}`,
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: E2E_OIDC.clientId,
  OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
  OIDC_LABEL: E2E_OIDC.label,
  // Every browser test signs up and logs in from 127.0.0.1: the per-address limits of a public server would stop the
  // suite, so they are generous here (the limits themselves are tested in tests/server/security-auth.test.ts).
  RATE_LIMIT_GUESTS: '100000',
  RATE_LIMIT_REGISTRATIONS: '100000',
  RATE_LIMIT_PASSWORD_MAILS: '100000',
  RATE_LIMIT_DATA_DUMPS: '100000',
  RATE_LIMIT_FUNCTIONS: '100000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
};
delete env.DATABASE_URL;
// The server as `npm start` runs it: the bundle `npm run build` writes beside the app (scripts/build-server.mjs).
const server = spawn(process.execPath, [...serverNodeArgs(env), join(root, 'dist-server/index.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const log = createWriteStream(join(root, '.tmp', 'e2e-server.log'));
server.stdout.on('data', (d) => {
  log.write(d);
  // The start lines and errors on the terminal; the request lines only in the file.
  const text = String(d)
    .split('\n')
    .filter((l) => l && !l.includes('"req_id":'))
    .join('\n');
  if (text) process.stdout.write(`${text}\n`);
});
server.stderr.on('data', (d) => {
  log.write(d);
  process.stderr.write(d);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => void oidc.close().finally(() => process.exit(code ?? 0)));
