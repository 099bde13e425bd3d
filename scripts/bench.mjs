// `npm run bench`: GET /api/v4/order/{id} under N simulated drivers polling every 2.5 s (pay-flows.md §4), on PGlite
// and on PostgreSQL. Each driver is a keep-alive client with its own socket and a random phase; loopback only; each
// run is bounded in time. Starts its own servers (free ports, temporary DATA_DIR / database, dropped afterwards).
// Env: BENCH_DRIVERS (default "1000,5000"), BENCH_SECONDS (20, of which BENCH_WARMUP_SECONDS = 5 are not measured),
// BENCH_DBS ("pglite,postgres"), BENCH_MODE=fixed (a fixed 2.5 s rate instead of 2.5 s after each answer),
// BENCH_REPEAT (runs per case; the median run is reported), BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof"),
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; only used to make and drop a temporary database).
// Then the map's POI search (GET /api/v4/pois/ for 300 m, 1 km and 100 km) over the full seeded network
// (SEED_NETWORK_SIZE generated stations + the demo ones): BENCH_POI_REQUESTS per radius (400) from
// BENCH_POI_CLIENTS keep-alive clients (1: latency, not queueing) at town centres across the eleven countries. BENCH_SUITES picks
// "orders", "pois" or both (default "orders,pois"); "history" adds the logbook on the device (tests/bench/history.bench.tsx:
// 10,000 events in Dexie, filter + first render and CSV export against their targets; BENCH_HISTORY_EVENTS,
// BENCH_HISTORY_RUNS).
// Subcommands for the web app's figures (issue 16): `npm run bench -- lighthouse`, `npm run bench -- start`,
// `npm run bench -- push` (pump to screen and hang-up to receipt through the event streams), `npm run bench -- tbt`
// (long tasks of a cold /pay start, CPU × 4), `npm run bench -- bundle` (what each budgeted route loads, module by
// module: scripts/bench-bundle.mjs); and the logbook's filter +
// first render in Chromium (issue 14): `npm run bench -- history` (scripts/bench-history.mjs).
if (['lighthouse', 'start', 'push', 'tbt'].includes(process.argv[2] ?? '')) {
  await import('./bench-web.mjs');
  process.exit(0);
}
if (process.argv[2] === 'bundle') {
  await import('./bench-bundle.mjs');
  process.exit(0);
}
if (process.argv[2] === 'history') {
  await import('./bench-history.mjs');
  process.exit(0);
}

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

const POLL_MS = 2500;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5) * 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const FIXED_RATE = process.env.BENCH_MODE === 'fixed';
const CONDITIONAL = process.env.BENCH_CONDITIONAL !== 'false';
const SIZES = (process.env.BENCH_DRIVERS ?? '1000,5000').split(',').map(Number);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function admin(sql) {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(args, env, { waitFor, nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    env,
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
    const deadline = Date.now() + 60_000;
    while (!out.includes(waitFor)) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${out}`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start:\n${out}`);
      await sleep(50);
    }
  })();
  return { child, ready, exited };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One driver's keep-alive connection: raw HTTP/1.1 over a TCP socket, the request bytes prepared once and the answer
 * read by its Content-Length. The client must cost far less CPU than the server it measures: on a 2-core machine it
 * shares the cores with the server and PostgreSQL, and node:http's client (an Agent, an IncomingMessage and a parser
 * object per request) used about a third of a core at 5,000 drivers and added its own event-loop stalls to the figures.
 */
function connection(port, requestBytes) {
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

/** N drivers, each polling its own order every 2.5 s on its own keep-alive socket, starting at a random phase. */
async function load(port, fixtures, seconds) {
  const latencies = [];
  let errors = 0;
  let done = 0;
  let notModified = 0;
  const started = performance.now();
  // Not measured: the first two polls of every driver (connecting 5,000 sockets and their first session lookups within
  // one 2.5 s period is a start-up burst, not the steady polling the figures are about).
  const warmupUntil = started + WARMUP_MS;
  const endAt = started + seconds * 1000;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const drivers = fixtures.map(({ token, orderId }) => {
    const head = `GET /api/v4/order/${orderId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n`;
    const conn = connection(port, Buffer.from(`${head}\r\n`, 'latin1'));
    // Like the browser (Cache-Control: no-cache): the next poll sends the last ETag back (BENCH_CONDITIONAL=false: never).
    let etag;
    return async () => {
      await sleep(Math.random() * POLL_MS);
      let next = performance.now();
      while (next < endAt) {
        const t0 = performance.now();
        const answer = await conn.request(
          CONDITIONAL && etag ? Buffer.from(`${head}If-None-Match: ${etag}\r\n\r\n`, 'latin1') : undefined,
        );
        const status = answer.status;
        if (answer.etag) etag = answer.etag;
        const t1 = performance.now();
        if (t0 >= warmupUntil && t1 <= endAt) {
          if (status === 304) notModified++;
          if (status === 200 || status === 304) {
            latencies.push(t1 - t0);
            done++;
          } else errors++;
        }
        // The app's poller (src/domain/orders/order-poller.ts) asks again 2.5 s after each answer; BENCH_MODE=fixed
        // keeps a fixed 2.5 s rate instead (a late answer is followed at once by the next request).
        next = FIXED_RATE ? next + POLL_MS : t1 + POLL_MS;
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
      }
      conn.close();
    };
  });
  await Promise.all(drivers.map((d) => d()));
  loop.disable();
  const measured = (endAt - warmupUntil) / 1000;
  latencies.sort((a, b) => a - b);
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
  };
}

/** A throwaway database for one case: a temporary PGlite DATA_DIR, or a new PostgreSQL database; `drop` removes it. */
async function scratch(db, extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-'));
  const dbName = `fp_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-dist'),
    DEMO_MODE: 'false',
    // Outside DEMO_MODE the server needs a mail transport; the bench sends no mail.
    MAIL_TRANSPORT: 'log',
    LOG_REQUESTS: 'false',
    HOST: '127.0.0.1',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (db === 'postgres') {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(PG_BASE);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const drop = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (db === 'postgres') await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  };
  return { dataDir, env, drop };
}

async function bench(db, n) {
  const { dataDir, env, drop } = await scratch(db, { SEED_NETWORK: 'false' });
  let server;
  try {
    const file = join(dataDir, 'fixtures.json');
    await run(['server/bench/seed-orders.ts', String(n), file], env).ready;
    const fixtures = JSON.parse(readFileSync(file, 'utf8'));
    const port = await freePort();
    // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = run(['server/index.ts'], { ...env, PORT: String(port) }, { waitFor: 'is running on', nodeArgs });
    await server.ready;
    return await load(port, fixtures, SECONDS);
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await drop();
  }
}

// BENCH_REPEAT runs each case several times and reports the run with the median p99 (this machine is noisy).
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
const SUITES = (process.env.BENCH_SUITES ?? 'orders,pois,history').split(',');
const rows = [];
for (const db of SUITES.includes('orders') ? DBS : []) {
  for (const n of SIZES) {
    const runs = [];
    for (let i = 0; i < REPEAT; i++) {
      process.stdout.write(`${db}, ${n} drivers, ${SECONDS} s${REPEAT > 1 ? ` (run ${i + 1}/${REPEAT})` : ''} ... `);
      const r = await bench(db, n);
      console.log(
        `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors, ${(r.notModifiedShare * 100).toFixed(0)} % 304 (client lag p99 ${r.clientLagP99.toFixed(1)} ms)`,
      );
      runs.push(r);
    }
    runs.sort((a, b) => a.p99 - b.p99);
    const median = runs[Math.floor((runs.length - 1) / 2)];
    rows.push({
      db,
      n,
      ...median,
      spread: REPEAT > 1 ? `${runs[0].p99.toFixed(0)}–${runs.at(-1).p99.toFixed(0)}` : '',
    });
  }
}
const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
console.log(
  `\nGET /api/v4/order/{id}, drivers polling every 2.5 s ${FIXED_RATE ? 'at a fixed rate' : 'after each answer, like the app'} (keep-alive, random phase${CONDITIONAL ? ', If-None-Match like the browser' : ''}); PostgreSQL with WORKERS=${process.env.WORKERS ?? 'the core count'}; load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores. Target: 10,000 drivers p99 ≤ 50 ms, 0 errors\n`,
);
if (rows.length > 0) {
  console.log('| database | drivers | req/s | p50 ms | p99 ms | p99 range ms | max ms | errors |');
  console.log('| -------- | ------: | ----: | -----: | -----: | -----------: | -----: | -----: |');
  for (const r of rows) {
    console.log(
      `| ${r.db} | ${r.n} | ${r.rps.toFixed(0)} | ${f(r.p50)} | ${f(r.p99)} | ${r.spread || '-'} | ${f(r.max)} | ${r.errors} |`,
    );
  }
}

// --- The map's POI search over the full network -------------------------------------------------------------------
/** Town centres across the eleven countries (server/seed/roads.ts): where drivers open the map. */
const POI_POINTS = [
  [52.52, 13.405],
  [48.137, 11.575],
  [50.11, 8.682],
  [53.551, 9.994],
  [48.208, 16.373],
  [47.377, 8.54],
  [50.847, 4.357],
  [49.611, 6.13],
  [52.37, 4.895],
  [55.676, 12.568],
  [52.23, 21.012],
  [40.417, -3.704],
  [41.387, 2.17],
  [45.464, 9.19],
  [41.903, 12.496],
  [38.722, -9.139],
  [51.43, 9.7],
];
const POI_RADII = [300, 1000, 100_000];
const POI_REQUESTS = Number(process.env.BENCH_POI_REQUESTS ?? 400);
const POI_CLIENTS = Number(process.env.BENCH_POI_CLIENTS ?? 1);

async function benchPois(db) {
  const { env, drop } = await scratch(db, { SEED_NETWORK: 'true', FORECOURT_SIMULATOR: 'false' });
  let server;
  const out = [];
  try {
    const port = await freePort();
    server = run(['server/index.ts'], { ...env, PORT: String(port) }, { waitFor: 'is running on' });
    await server.ready;
    for (const radius of POI_RADII) {
      const latencies = [];
      let errors = 0;
      let stations = 0;
      let next = 0;
      const client = async () => {
        const conn = connection(port, Buffer.alloc(0));
        while (next < POI_REQUESTS) {
          const i = next++;
          const [lat, lon] = POI_POINTS[i % POI_POINTS.length];
          // A little spread around the centre, like drivers across a town.
          const la = (lat + ((i * 0.0137) % 0.05)).toFixed(5);
          const lo = (lon + ((i * 0.0191) % 0.05)).toFixed(5);
          const path = `/api/v4/pois/?lat=${la}&lon=${lo}&radiusM=${radius}&isRydPay=true&showOlderPrices=true&showEvPois=true`;
          const bytes = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, 'latin1');
          const t0 = performance.now();
          const status = await conn.get(bytes);
          const t1 = performance.now();
          if (status === 200) latencies.push(t1 - t0);
          else errors++;
        }
        conn.close();
      };
      // Warm-up: the first queries plan and fill caches.
      const warm = connection(port, Buffer.alloc(0));
      for (const [lat, lon] of POI_POINTS) {
        await warm.get(
          Buffer.from(
            `GET /api/v4/pois/?lat=${lat}&lon=${lon}&radiusM=${radius}&showEvPois=true HTTP/1.1\r\nHost: x\r\n\r\n`,
            'latin1',
          ),
        );
      }
      warm.close();
      const started = performance.now();
      await Promise.all(Array.from({ length: POI_CLIENTS }, client));
      const seconds = (performance.now() - started) / 1000;
      // How many stations a query at this radius answers (one sample per point, for the table).
      for (const [lat, lon] of POI_POINTS) {
        const res = await fetch(
          `http://127.0.0.1:${port}/api/v4/pois/?lat=${lat}&lon=${lon}&radiusM=${radius}&showEvPois=true`,
        );
        const body = await res.json();
        stations += body.GAS_STATION.length + body.EV_STATIONS.length;
      }
      latencies.sort((a, b) => a - b);
      out.push({
        db,
        radius,
        rps: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? Number.NaN,
        errors,
        stations: stations / POI_POINTS.length,
      });
      console.log(
        `${db}, POI search ${radius} m: p50 ${f(out.at(-1).p50)} ms, p99 ${f(out.at(-1).p99)} ms, ${out.at(-1).stations.toFixed(0)} stations per answer`,
      );
    }
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await drop();
  }
  return out;
}

if (SUITES.includes('pois')) {
  const poiRows = [];
  for (const db of DBS) poiRows.push(...(await benchPois(db)));
  console.log(
    `\nGET /api/v4/pois/ (map search, showEvPois) over the seeded network, ${POI_REQUESTS} requests per radius from ${POI_CLIENTS} keep-alive clients\n`,
  );
  console.log('| database | radius | stations per answer | req/s | p50 ms | p99 ms | max ms | errors |');
  console.log('| -------- | -----: | ------------------: | ----: | -----: | -----: | -----: | -----: |');
  for (const r of poiRows) {
    console.log(
      `| ${r.db} | ${r.radius >= 1000 ? `${r.radius / 1000} km` : `${r.radius} m`} | ${r.stations.toFixed(0)} | ${r.rps.toFixed(0)} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${r.errors} |`,
    );
  }
}

if (SUITES.includes('history')) {
  // Runs in vitest's jsdom project 'bench' (the Lingui macros and .po catalogs compiled as in the app); it prints its
  // figures against the targets and asserts nothing.
  const { spawnSync } = await import('node:child_process');
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'bench', '--silent=false'], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}
