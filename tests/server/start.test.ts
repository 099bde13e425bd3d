import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../server/env';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { seedDemoUser } from '../../server/services/seed';
import { drivers, uniqueEmail, useServer } from './helpers';
import { serverArgs } from './server-process';

describe('loadEnv', () => {
  it('has the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      staticDir: './dist',
      demoMode: true,
      demoEmail: 'driver@example.com',
      demoPassword: 'forecourt-demo',
      smtp: undefined,
      oidcProviders: [],
      maintenance: false,
      loginFreeFailures: 5,
      loginMaxFailuresPerAccount: 100,
      loginMaxFailuresPerAddress: 30,
      loginWindowSeconds: 900,
      argon2: { memoryKib: 19456, iterations: 2 },
      tempPasswordTtlMinutes: 60,
      trustedProxies: [],
      corsOrigins: [],
      hostAppOrigins: ['http://localhost:8080'],
      mailTransport: 'mailbox',
      production: false,
      rateLimits: {
        windowSeconds: 3600,
        guests: 60,
        registrations: 20,
        passwordMails: 10,
        dataDumps: 5,
        functions: 600,
      },
    });
    expect(env.otpKey).toHaveLength(32);
  });

  it('DEMO_MODE defaults to on for development and to off when NODE_ENV=production (issue 32.2)', () => {
    expect(loadEnv({}).demoMode).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development' }).demoMode).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', MAIL_TRANSPORT: 'log' }).demoMode).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' }).demoMode).toBe(false);
    // DEMO_PUBLIC opens the sandbox identity pages to other machines, and only in DEMO_MODE.
    expect(loadEnv({ DEMO_PUBLIC: 'true' }).demoPublic).toBe(true);
    expect(loadEnv({ DEMO_PUBLIC: 'true', DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' }).demoPublic).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadEnv({ PORT: '', SMTP_HOST: ' ', SMTP_PORT: '' })).toMatchObject({ port: 8080, smtp: undefined });
  });

  it('runs one process on PGlite and WORKERS (default the core count) on PostgreSQL', () => {
    expect(loadEnv({}).workers).toBe(1);
    const pg = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadEnv({ DATABASE_URL: pg }).workers).toBe(availableParallelism());
    expect(loadEnv({ DATABASE_URL: pg, WORKERS: '3' }).workers).toBe(3);
    expect(() => loadEnv({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadEnv({ DATABASE_URL: pg, WORKERS: '0' })).toThrow(ConfigError);
  });

  it("takes PGlite's buffer pool in Postgres units, at most five characters (PGLITE_SHARED_BUFFERS)", () => {
    expect(loadEnv({}).pgliteSharedBuffers).toBeUndefined();
    expect(loadEnv({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(loadEnv({ PGLITE_SHARED_BUFFERS: '512kB' }).pgliteSharedBuffers).toBe('512kB');
    for (const bad of ['16', '16mb', '1024MB', '0MB', '16 MB']) {
      expect(() => loadEnv({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('parses values and the OIDC provider list', () => {
    const env = loadEnv({
      PORT: '9000',
      DEMO_MODE: 'false',
      SMTP_HOST: 'smtp.example',
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'acme', issuer: 'https://id.acme', jwksUri: 'https://id.acme/jwks', clientId: 'fp' },
      ]),
    });
    expect(env.publicUrl).toBe('http://localhost:9000');
    expect(env.smtp).toMatchObject({ host: 'smtp.example', port: 587, secure: false });
    expect(env.oidcProviders[0]?.id).toBe('acme');
    expect(env.otpKey).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DEMO_MODE: 'perhaps' }, 'DEMO_MODE'],
    [{ OIDC_PROVIDERS: '[{' }, 'OIDC_PROVIDERS'],
    [{ OIDC_PROVIDERS: '[{"id":"x"}]' }, 'OIDC_PROVIDERS'],
    [{ OTP_KEY: 'short' }, 'OTP_KEY'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
  ])('rejects %o with a message naming the variable', (source, name) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(name);
  });
});

describe.each(drivers)('seed (%s)', (driver) => {
  const t = useServer(driver);
  it('creates the demo user once; re-running does not duplicate', async () => {
    const email = uniqueEmail('demo');
    const server = await t.server.withEnv({ DEMO_EMAIL: email, DEMO_PASSWORD: 'demo-pass-123' });
    const first = await seedDemoUser({ ctx: server.ctx });
    const second = await seedDemoUser({ ctx: server.ctx });
    expect(first.created).toBe(true);
    expect(second).toEqual({ created: false, userId: first.userId });
    const login = await server.request('/api/auth/login/local', { body: { email, password: 'demo-pass-123' } });
    expect(login.status).toBe(200);
    const me = await server.request(`/api/users/${login.body._id}`, { token: login.body.auth_token });
    expect(me.body).toMatchObject({ firstName: 'Alex', lastName: 'Driver', address: { countryCode: 'DE' } });
  });
});

describe('PGlite', () => {
  const t = useServer('pglite');
  it('runs Postgres with a 16 MB buffer pool, not the 128 MB PGlite ships (db/pglite-wasm.ts)', async () => {
    const result = (await t.server.database.db.execute(sql`show shared_buffers`)) as unknown as { rows: unknown[] };
    expect(result.rows[0]).toEqual({ shared_buffers: '16MB' });
  });
});

describe('server/index.ts and the DATA_DIR lock', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-lock-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (port: number) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-dist'),
      // The lock and the start lines do not need the generated network (tests/server/seed-network.test.ts has it).
      SEED_NETWORK_SIZE: '0',
    };
    delete env.DATABASE_URL;
    // Its own process group, so it can be stopped whatever it started.
    const child = spawn(process.execPath, serverArgs(env), { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      err += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const running = async () => {
      const deadline = Date.now() + 60_000;
      while (!out.includes('Development mailbox:')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${out}${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    return { child, exited, running, output: () => out, errors: () => err };
  };
  // SIGTERM to the server process itself (its PID is in the lock file), as a service manager would send it.
  const stop = () => process.kill(Number(readFileSync(join(dataDir, 'server.lock'), 'utf8')), 'SIGTERM');

  it('prints the start lines, refuses a second server on the same DATA_DIR, releases the lock on SIGTERM', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const first = start(port);
    await first.running();
    expect(first.output().split('\n')[0]).toMatch(/^Mode: DEMO_MODE \(/);
    expect(first.output()).toContain(`Forecourt Pay is running on http://localhost:${port}\n`);
    expect(first.output()).toContain('Demo account: driver@example.com / forecourt-demo\n');
    expect(first.output()).toContain(`Development mailbox: http://localhost:${port}/dev/mail (loopback only)\n`);
    expect(first.output()).toContain(`Demo station: http://localhost:${port}/pay?pid=${DEMO_STATIONS.prepay.id}\n`);
    expect(first.output()).toContain(`Forecourt console: http://localhost:${port}/forecourt (loopback only)\n`);
    const lockFile = join(dataDir, 'server.lock');
    expect(existsSync(lockFile)).toBe(true);

    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'driver@example.com', password: 'forecourt-demo' }),
    });
    expect(res.status).toBe(200);

    const second = start(port + 1);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.errors()).toMatch(/Another Forecourt Pay server \(PID \d+\) is using the data directory/);
    expect(second.errors()).not.toMatch(/\n\s+at /); // a clear message, no stack

    stop();
    expect(await first.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);

  it('takes over a stale lock', async () => {
    writeFileSync(join(dataDir, 'server.lock'), '2147483646');
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = start(port);
    await server.running();
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8')).not.toBe('2147483646');
    stop();
    expect(await server.exited).toBe(0);
  });
});
