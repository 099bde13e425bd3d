// The server as a real process for the operations tests (shutdown, several nodes, the migration lock, the log's
// secrets): started from the run's bundle with `npm start`'s node flags (server-process.ts), its output kept, its
// JSON log lines parsed, and stopped with the afterAll of the suite that started it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll } from 'vitest';
import { serverArgs } from './server-process';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export type LogLine = { level: string; msg: string; node?: string; [key: string]: unknown };

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  base: string;
  /** stdout and stderr as they came. */
  output(): string;
  /** The JSON log lines so far (the human start lines are not JSON and are skipped). */
  logLines(): LogLine[];
  /** Resolves once `text` was printed (or rejects when the process exits first or after `ms`). */
  printed(text: string | RegExp, ms?: number): Promise<void>;
  /** Resolves once GET /readyz answers 200. */
  ready(ms?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Test configuration for a server process: cheap hashing, no generated network, no static app, quiet traffic. */
export function processEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    STATIC_DIR: '/nonexistent-forecourt-static',
    SEED_NETWORK_SIZE: '0',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_ITERATIONS: '1',
    FORECOURT_AMBIENT: 'false',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Registers the suite's afterAll that kills what it started; returns the function that starts a server. */
export function useProcesses() {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
  return async function start(extra: Record<string, string | undefined>): Promise<ServerProcess> {
    const port = extra.PORT ? Number(extra.PORT) : await freePort();
    const env = processEnv({ ...extra, PORT: String(port) });
    const child = spawn(process.execPath, serverArgs(env), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const base = `http://127.0.0.1:${port}`;
    const printed = async (text: string | RegExp, ms = 180_000) => {
      const deadline = Date.now() + ms;
      const has = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      while (!has()) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`server exited before "${text}":\n${out}`);
        if (Date.now() > deadline) throw new Error(`no "${text}" within ${ms} ms:\n${out}`);
        await sleep(50);
      }
    };
    const ready = async (ms = 180_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited before ready:\n${out}`);
        try {
          const res = await fetch(`${base}/readyz`);
          const body = await res.text();
          if (res.status === 200) return;
          if (Date.now() > deadline) throw new Error(`not ready within ${ms} ms: ${body}\n${out}`);
        } catch (err) {
          if (Date.now() > deadline) throw err;
        }
        await sleep(100);
      }
    };
    const logLines = () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as LogLine];
          } catch {
            return [];
          }
        });
    return { child, port, base, output: () => out, logLines, printed, ready, exited };
  };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty PostgreSQL database for this suite (nothing migrated: the nodes do it), dropped after it. Only with
 * DATABASE_URL. Returns the function that makes it and gives its URL.
 */
export function useFreshDatabase(tag: string) {
  const names: string[] = [];
  afterAll(async () => {
    for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return async () => {
    const name = `fp_${tag}_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    names.push(name);
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
}

/** JSON over fetch, as a client on this machine. */
export async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(base + path, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read replies loosely
  return { status: res.status, body: body as any, text, headers: res.headers };
}
