// `npm run bench -- memory` (issue 16: PGlite ≤ 200 MiB idle): the real server's resident memory (VmRSS of its
// process tree, from /proc) on PGlite, started as `npm start` starts it (`node dist-server/index.mjs`, demo
// mode, the seeded network, the forecourt simulator) in a fresh DATA_DIR, on a free port. Three figures:
//   1. first start: initdb, migrations and the demo seed, then BENCH_MEMORY_IDLE_SECONDS (10) idle;
//   2. restart on the same directory (what every later `npm start` is), idle as long;
//   3. after BENCH_MEMORY_DRIVERS (1000) drivers polling their orders every 2.5 s for BENCH_MEMORY_LOAD_SECONDS (20)
//      (the load suite's client, scripts/bench-lib.mjs), then idle as long again.
// Prints each beside the target with the machine's load; asserts nothing. BENCH_SERVER_NODE_ARGS passes node flags.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, load, machineLoad, run, serverEntry, sleep, treeRss } from './bench-lib.mjs';

const TARGET_MIB = 200;
const IDLE_S = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 10);
const DRIVERS = Number(process.env.BENCH_MEMORY_DRIVERS ?? 1000);
const LOAD_S = Number(process.env.BENCH_MEMORY_LOAD_SECONDS ?? 20);

const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-memory-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_REQUESTS: 'false' };
delete env.DATABASE_URL;
delete env.WORKERS;
const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Samples the tree's RSS once a second for `seconds`; the last sample is the figure, the largest one is shown too. */
async function sample(pid, seconds) {
  let max = 0;
  let last = treeRss(pid);
  for (let i = 0; i < seconds; i++) {
    await sleep(1000);
    last = treeRss(pid);
    max = Math.max(max, last.rss);
  }
  return { rss: last.rss, max, peak: last.peak };
}

async function start(port) {
  const server = run([serverEntry()], { ...env, PORT: String(port) }, { waitFor: 'is running on', nodeArgs });
  await server.ready;
  return server;
}

async function stop(server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

const rows = [];
const row = (what, m, load) => {
  rows.push({ what, ...m, load });
  console.log(`${what}: ${m.rss.toFixed(0)} MiB (largest sample ${m.max.toFixed(0)}, peak ${m.peak.toFixed(0)} MiB)`);
};

try {
  const port = await freePort();
  let load1 = loadavg()[0];
  process.stdout.write(`first start on a fresh DATA_DIR (${dataDir}), load ${load1.toFixed(1)} ... `);
  let server = await start(port);
  row(
    `first start (initdb, migrations, demo seed), then ${IDLE_S} s idle`,
    await sample(server.child.pid, IDLE_S),
    load1,
  );
  await stop(server);

  // The drivers and their orders, inserted while no server holds the directory (PGlite: one process per directory).
  const file = join(dataDir, 'fixtures.json');
  await run(['server/bench/seed-orders.ts', String(DRIVERS), file], env).ready;
  const fixtures = JSON.parse(readFileSync(file, 'utf8'));

  load1 = loadavg()[0];
  server = await start(port);
  row(`restart on the same directory, ${IDLE_S} s idle`, await sample(server.child.pid, IDLE_S), load1);

  load1 = loadavg()[0];
  let during = 0;
  const watch = setInterval(() => {
    during = Math.max(during, treeRss(server.child.pid).rss);
  }, 1000);
  const r = await load(port, fixtures, { seconds: LOAD_S });
  clearInterval(watch);
  console.log(
    `${DRIVERS} drivers for ${LOAD_S} s: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors; RSS up to ${during.toFixed(0)} MiB`,
  );
  row(`after ${DRIVERS} drivers for ${LOAD_S} s, then ${IDLE_S} s idle`, await sample(server.child.pid, IDLE_S), load1);
  await stop(server);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nServer RSS on PGlite (VmRSS of the process tree; SEED_NETWORK_SIZE=${process.env.SEED_NETWORK_SIZE ?? '2000'}); now ${machineLoad()}; the load column is the 1-minute load average when the phase started\n`,
);
console.log('| phase | RSS MiB | largest sample MiB | peak (VmHWM) MiB | target | result | load |');
console.log('| ----- | ------: | -----------------: | ---------------: | ------ | ------ | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.what} | ${r.rss.toFixed(0)} | ${r.max.toFixed(0)} | ${r.peak.toFixed(0)} | ≤ ${TARGET_MIB} MiB idle | ${r.rss <= TARGET_MIB ? 'met' : 'missed'} | ${r.load.toFixed(1)} |`,
  );
}
