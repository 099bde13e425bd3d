// Node's flags for the server process: one list for `npm start` (scripts/start.mjs), the e2e server and the benches,
// which measure what `npm start` runs (issue 16: ≤ 200 MiB resident on PGlite, idle).
//
// On PGlite (no DATABASE_URL: the zero-setup default, one process) two flags, both measured with
// `npm run bench -- memory` and by hand (restarted server, idle, /proc/PID/smaps):
// - --liftoff-only: V8 compiles PGlite's WebAssembly (Postgres) with its baseline compiler only. With tier-up, the
//   optimising compiler ran on V8's worker threads and left 25-63 MiB of freed compiler memory in their malloc arenas
//   (glibc keeps it); without it those arenas hold 4-13 MiB. Idle 223-262 MiB → 193-199. The order polls'
//   ceiling and the map search's latencies did not move measurably (`bench load --db pglite`, `bench` pois suite).
// - --max-semi-space-size=4: V8's young generation takes 32 MiB by default and keeps it after a burst; at 4 MiB per
//   semi-space it is 8. With the first flag: 174-179 MiB idle (2 MiB: 170-173, but the poll ceiling looked ~7 % lower;
//   at 4 it stayed within the spread of the default, 653-687 against 620-689 req/s).
// On PostgreSQL the API runs in WORKERS processes without WebAssembly, and the throughput there is what matters: none.
export function serverNodeArgs(env = process.env) {
  if (env.DATABASE_URL) return [];
  return ['--liftoff-only', '--max-semi-space-size=4'];
}
