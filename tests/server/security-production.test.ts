// Issue 10, "done when": a production-mode start (DEMO_MODE=false NODE_ENV=production) serves no /dev route, no open
// console and the security headers; without a mail transport it does not start at all.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverArgs } from './server-process';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

describe('a production-mode start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fp-prod-'));
  const staticDir = join(dir, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Forecourt Pay</title>');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (extra: Record<string, string>, port: number) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      STATIC_DIR: staticDir,
      DEMO_MODE: 'false',
      NODE_ENV: 'production',
      LOG_REQUESTS: 'false',
      FORECOURT_SIMULATOR: 'false',
      // The demo stations are enough: the 2,000 generated ones doubled each start (28 s of a 30 s timeout on a busy
      // machine, where both start tests timed out).
      SEED_NETWORK_SIZE: '0',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_ITERATIONS: '1',
      ...extra,
    };
    delete env.DATABASE_URL;
    delete env.MAIL_TRANSPORT;
    delete env.SMTP_HOST;
    Object.assign(env, extra);
    const child = spawn(process.execPath, serverArgs(env), {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const running = async () => {
      const deadline = Date.now() + 60_000;
      while (!out.includes('is running on')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    // The hints after "is running on" are separate writes and can reach the pipe in a later chunk (CI saw the
    // running line alone): wait for the line a test expects instead of reading the output at once.
    const printed = async (text: string) => {
      const deadline = Date.now() + 10_000;
      while (!out.includes(text)) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no "${text}" in: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    return { child, exited, running, printed, output: () => out };
  };

  /** The first line printed; in production every line is a JSON log record (server/log.ts): its message. */
  const firstLine = (output: string) => {
    const line = output.split('\n')[0] ?? '';
    return line.startsWith('{') ? (JSON.parse(line) as { msg: string }).msg : line;
  };

  it('NODE_ENV=production alone runs no demo code: the first line says so, no demo login, no demo pages (issue 32.2)', async () => {
    const port = await freePort();
    // DEMO_MODE unset (an empty variable is unset): production decides.
    const server = start({ DEMO_MODE: '', MAIL_TRANSPORT: 'log' }, port);
    await server.running();
    expect(firstLine(server.output())).toBe('Mode: production (DEMO_MODE off, NODE_ENV=production)');
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'driver@example.com', password: 'forecourt-demo' }),
    });
    expect(login.status).toBe(401);
    for (const path of ['/dev/oidc/.well-known/openid-configuration', '/dev/amazon/sign-in', '/dev/mail']) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
    const providers = await (await fetch(`${base}/api/auth/login/openId/providers`)).json();
    expect(providers.providers).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('DEMO_MODE=true in production is said loudly, on stderr too (issue 32.2)', async () => {
    const port = await freePort();
    const server = start({ DEMO_MODE: 'true' }, port);
    await server.running();
    expect(firstLine(server.output())).toMatch(/^Mode: DEMO_MODE/);
    expect(server.output()).toMatch(/WARNING: DEMO_MODE is on with NODE_ENV=production/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('refuses to start without a mail transport (a clear message, exit 1)', async () => {
    const server = start({}, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/MAIL_TRANSPORT/);
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('with MAIL_TRANSPORT=log: no /dev route, no console, the headers', async () => {
    const port = await freePort();
    const server = start({ MAIL_TRANSPORT: 'log' }, port);
    await server.running();
    // The mail line is the last hint: once it is there, the others would have been printed before it.
    await server.printed('no bodies in production');
    expect(server.output()).not.toContain('Development mailbox');
    expect(server.output()).not.toContain('Forecourt console');
    const base = `http://127.0.0.1:${port}`;
    for (const path of [
      '/dev/mail',
      '/dev/mail/000000000000000000000000',
      '/api/dev/mail',
      '/dev/oidc/jwks.json',
      '/dev/oidc/authorize',
      '/forecourt',
      '/forecourt/api/stations',
    ]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
    const post = await fetch(`${base}/forecourt/api/stations/x/offline`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(post.status).toBe(404);

    const app = await fetch(`${base}/`);
    expect(app.status).toBe(200);
    const csp = app.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(app.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(app.headers.get('permissions-policy')).toContain('geolocation=(self)');
    expect(app.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(app.headers.get('x-content-type-options')).toBe('nosniff');
    const api = await fetch(`${base}/api/maintenance.json`);
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
    const pre = await fetch(`${base}/api/auth/login/local`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Longer than running()'s 60 s wait for the start.
  }, 90_000);

  it('with FORECOURT_CONSOLE_TOKEN and an https PUBLIC_URL: the console needs the token; HSTS is sent', async () => {
    const port = await freePort();
    const server = start(
      {
        MAIL_TRANSPORT: 'log',
        FORECOURT_CONSOLE_TOKEN: 'a-console-token-0123456789',
        PUBLIC_URL: 'https://pay.example',
      },
      port,
    );
    await server.running();
    const base = `http://127.0.0.1:${port}`;
    const page = await fetch(`${base}/forecourt`);
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('Console token');
    expect((await fetch(`${base}/forecourt/api/stations`)).status).toBe(401);
    const ok = await fetch(`${base}/forecourt/api/stations`, {
      headers: { authorization: 'Bearer a-console-token-0123456789' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Longer than running()'s 60 s wait for the start.
  }, 90_000);
});
