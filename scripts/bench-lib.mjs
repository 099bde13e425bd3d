// Shared by the benches (scripts/bench.mjs, scripts/bench-memory.mjs): free ports, the server launcher, the load client
// (N drivers polling their order every 2.5 s on raw keep-alive sockets) and the resident memory of a process tree.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net, { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serverNodeArgs } from './server-node-args.mjs';

export const POLL_MS = 2500;

/** The server as `npm start` runs it: the bundle `npm run build` writes (scripts/build-server.mjs), with plain node. */
const BUNDLE = new URL('../dist-server/index.mjs', import.meta.url).pathname;
export function serverEntry() {
  if (!existsSync(BUNDLE)) throw new Error('No server bundle: run `npm run build` first.');
  return BUNDLE;
}

/**
 * The built app in `staticDir` served by the real server (its bundle, as `npm start` runs it) on a free port, demo
 * data on a fresh PGlite directory; `stop()` ends it and removes the directory. Used by the web benches and
 * `npm run prerender`.
 */
export async function startAppServer(staticDir, extraEnv = {}) {
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('No build: run `npm run build` first.');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-app-'));
  const { child, ready } = run(
    [serverEntry()],
    {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      DEMO_MODE: 'true',
      DATABASE_URL: '',
      LOG_REQUESTS: 'false',
      PUBLIC_URL: `http://localhost:${port}`,
      ...extraEnv,
    },
    // A loaded machine (the CI box shared by several runs) took minutes to start the server when it ran through tsx.
    { waitFor: 'is running on', cwd: new URL('..', import.meta.url).pathname, startTimeoutMs: 240_000 },
  );
  try {
    await ready;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    base: `http://localhost:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

export function run(args, env, { waitFor, nodeArgs = [], cwd, startTimeoutMs = 60_000 } = {}) {
  // TypeScript (a seeding script, say) through tsx; the server's bundle (serverEntry) with plain node.
  const loader = args[0]?.endsWith('.ts') ? ['--import', 'tsx'] : [];
  // The server's own flags as `npm start` passes them (scripts/server-node-args.mjs); nodeArgs come after and win.
  const own = args[0] === BUNDLE ? serverNodeArgs(env) : [];
  const child = spawn(process.execPath, [...own, ...nodeArgs, ...loader, ...args], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = (async () => {
    if (!waitFor) {
      const code = await exited;
      if (code !== 0) throw new Error(`${args.join(' ')} failed (${code}):\n${out}`);
      return;
    }
    const deadline = Date.now() + startTimeoutMs;
    while (!out.includes(waitFor)) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${out}`);
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`${args.join(' ')} did not start:\n${out}`);
      }
      await sleep(50);
    }
  })();
  return { child, ready, exited };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One driver's keep-alive connection: raw HTTP/1.1 over a TCP socket, the request bytes prepared once and the answer
 * read by its Content-Length. The client must cost far less CPU than the server it measures: on a 2-core machine it
 * shares the cores with the server and PostgreSQL, and node:http's client (an Agent, an IncomingMessage and a parser
 * object per request) used about a third of a core at 5,000 drivers and added its own event-loop stalls to the figures.
 */
export function connection(port, requestBytes) {
  let socket;
  let pending; // {resolve, buf}
  let buffered = Buffer.alloc(0);
  const fail = () => {
    const p = pending;
    pending = undefined;
    socket?.destroy();
    socket = undefined;
    buffered = Buffer.alloc(0);
    p?.resolve(0);
  };
  const onData = (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (!pending) return;
    const headEnd = buffered.indexOf('\r\n\r\n');
    if (headEnd === -1) return;
    const head = buffered.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    // A 304 has no body; anything else from our server sends Content-Length for JSON.
    if (!length && status !== 304) return fail();
    const total = headEnd + 4 + (length ? Number(length[1]) : 0);
    if (buffered.length < total) return;
    buffered = buffered.subarray(total);
    const p = pending;
    pending = undefined;
    p.resolve(status, /\r\netag:\s*("[^"]*")/i.exec(head)?.[1]);
  };
  const open = () =>
    new Promise((resolve) => {
      socket = net.connect({ host: '127.0.0.1', port, noDelay: true }, () => resolve(true));
      socket.on('data', onData);
      socket.on('error', () => {
        resolve(false);
        fail();
      });
      socket.on('close', () => {
        socket = undefined;
        fail();
      });
    });
  return {
    /** Sends one request (`bytes`, or the connection's own); resolves with the status, 0 on an error or 10 s timeout. */
    async get(bytes = requestBytes) {
      return (await this.request(bytes)).status;
    },
    /** The same, with the answer's ETag too (the conditional polls). */
    async request(bytes = requestBytes) {
      if (!socket && !(await open())) return { status: 0 };
      return new Promise((resolve) => {
        const timer = setTimeout(fail, 10_000);
        pending = {
          resolve: (status, etag) => {
            clearTimeout(timer);
            resolve({ status, etag });
          },
        };
        socket.write(bytes);
      });
    },
    close: () => socket?.destroy(),
  };
}

/** How long the measured window waits at most for every driver's first two answers (then it starts regardless). */
const STARTUP_CAP_MS = 30_000;

/**
 * N drivers, each polling its own order every 2.5 s on its own keep-alive socket, starting at a random phase.
 *
 * Measured: `seconds` of steady polling, from the moment every driver has had its first two answers (and `warmupMs`
 * have passed). Before that is the start-up: N sockets connecting within one 2.5 s period, each first poll a session
 * lookup and a full load — a burst no real forecourt sees, and a different figure (`startup`: when the last driver had
 * its first answer, and the first answers' p50/p99). A fixed warm-up cut the burst's tail into the window: at 10,000
 * drivers the steady rate (~4,000 req/s) read as "saturated: 3,166 of 4,000" while the workers were ~11 % busy.
 */
export async function load(port, fixtures, { seconds, warmupMs = 5000, fixedRate = false, conditional = true }) {
  const latencies = [];
  const firstLatencies = [];
  let errors = 0;
  let startupErrors = 0;
  let done = 0;
  let notModified = 0;
  const started = performance.now();
  const warmupUntil = started + warmupMs;
  let windowStart = Number.POSITIVE_INFINITY;
  let endAt = Number.POSITIVE_INFINITY;
  let allAnsweredAt = Number.NaN;
  let answeredOnce = 0;
  let answeredTwice = 0;
  let startupComplete = false;
  const startWindow = (now) => {
    if (windowStart !== Number.POSITIVE_INFINITY) return;
    windowStart = Math.max(now, warmupUntil);
    endAt = windowStart + seconds * 1000;
  };
  const cap = setTimeout(() => startWindow(performance.now()), warmupMs + STARTUP_CAP_MS);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const drivers = fixtures.map(({ token, orderId }) => {
    const head = `GET /api/v4/order/${orderId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n`;
    const conn = connection(port, Buffer.from(`${head}\r\n`, 'latin1'));
    // Like the browser (Cache-Control: no-cache): the next poll sends the last ETag back (BENCH_CONDITIONAL=false: never).
    let etag;
    let answers = 0;
    return async () => {
      await sleep(Math.random() * POLL_MS);
      let next = performance.now();
      while (next < endAt) {
        const t0 = performance.now();
        const answer = await conn.request(
          conditional && etag ? Buffer.from(`${head}If-None-Match: ${etag}\r\n\r\n`, 'latin1') : undefined,
        );
        const status = answer.status;
        if (answer.etag) etag = answer.etag;
        const t1 = performance.now();
        if (t0 >= windowStart) {
          // Answers after the window are not counted.
          if (t1 <= endAt && (status === 200 || status === 304)) {
            if (status === 304) notModified++;
            latencies.push(t1 - t0);
            done++;
          } else if (t1 <= endAt) errors++;
        } else if (status !== 200 && status !== 304) {
          startupErrors++;
        } else {
          answers += 1;
          if (answers === 1) {
            firstLatencies.push(t1 - t0);
            if (++answeredOnce === fixtures.length) allAnsweredAt = t1;
          } else if (answers === 2 && ++answeredTwice === fixtures.length) {
            startupComplete = true;
            startWindow(t1);
          }
        }
        // The app's poller (src/features/orders/model/poll-loop.ts) asks again 2.5 s after each answer;
        // BENCH_MODE=fixed keeps a fixed 2.5 s rate instead (a late answer is followed at once by the next request).
        next = fixedRate ? next + POLL_MS : t1 + POLL_MS;
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
      }
      conn.close();
    };
  });
  await Promise.all(drivers.map((d) => d()));
  clearTimeout(cap);
  loop.disable();
  const measured = (endAt - windowStart) / 1000;
  latencies.sort((a, b) => a - b);
  firstLatencies.sort((a, b) => a - b);
  return {
    rps: done / measured,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    errors,
    /** Of the answers, the share that were 304 (an unchanged order sent back its ETag). */
    notModifiedShare: done > 0 ? notModified / done : 0,
    // The client's own event-loop delay: a latency figure is only as good as the client that timed it.
    clientLagP99: loop.percentile(99) / 1e6,
    startup: {
      /** Every driver had its first two answers before the window (else it started after STARTUP_CAP_MS anyway). */
      complete: startupComplete,
      errors: startupErrors,
      /** Seconds from the start until the last driver's first answer (NaN: some never had one). */
      allAnsweredS: (allAnsweredAt - started) / 1000,
      firstP50: percentile(firstLatencies, 50),
      firstP99: percentile(firstLatencies, 99),
    },
  };
}

/**
 * What a fresh page of memory costs this machine, in µs per 4 KiB page (the first touch of 64 MiB; measured once). A
 * virtual machine may pay ~12–16 µs for a page fault where hardware pays well under 1 µs (seen here, session 30: the
 * same build's Lighthouse /landing 99 on one machine, 74–83 on this one, and the e2e suite 9.6 against 20.4 min), and
 * a browser's start or a server under load touches tens of thousands of pages: figures from machines that differ here
 * are not comparable. (With transparent huge pages set to `always` the figure drops to ~0.5, but Chromium's small
 * allocations still fault page by page: the machine's default, `madvise`, is what the figure is meant to show.)
 */
let freshPageMicros;
function freshPageCost() {
  if (freshPageMicros === undefined) {
    const bytes = 64 * 1024 * 1024;
    const started = performance.now();
    const buffer = Buffer.allocUnsafeSlow(bytes);
    for (let i = 0; i < bytes; i += 4096) buffer[i] = 1;
    freshPageMicros = ((performance.now() - started) * 1000) / (bytes / 4096);
  }
  return freshPageMicros;
}

/** "load 1.5 on 2 cores, 0.3 µs per fresh memory page": the machine's 1-minute load average, cores and page cost. */
export const machineLoad = () =>
  `load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores, ${freshPageCost().toFixed(1)} µs per fresh memory page`;

/** The pids of a process and all its descendants (node:cluster workers, anything it spawned). */
export function processTree(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (2nd field) may hold spaces and parentheses: the ppid follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // The process ended while we listed /proc.
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift();
    out.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return out;
}

/** Resident memory of a process tree in MiB (VmRSS summed over the tree), and the largest peak (VmHWM) in it. */
export function treeRss(pid) {
  let rss = 0;
  let peak = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // Gone meanwhile.
    }
  }
  return { rss, peak };
}
