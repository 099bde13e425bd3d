// Issue 10.7: enumeration by timing. resend-password took 76 ms for a known email and 2.8 ms for an unknown one, and a
// pending temporary password showed in the login time. A statistical check on medians (not a wall-clock bound): the
// two groups, sampled in quads (a b, then b a), differ by less than 5 ms in the median of the quads' differences.
// Argon2 runs with enough memory that one hash more or less (~10 ms here) is twice the bound. On a machine slowed down
// by other work (2 cores shared with other test runs) every request stretches alike, so the bound stretches with it: 5
// ms × (the hash's cost now / its nominal 10 ms), measured between the samples — never more than half a hash, so a hash
// of difference always fails.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/crypto';
import { users } from '../../server/db/schema';
import { deliverMail, drivers, type TestServer, uniqueEmail, useServer } from './helpers';

const SAMPLES = 50;
const ROUNDS = 5;
const BOUND_MS = 5;
/** What one verification costs at ARGON2 below on this kind of machine when it is not busy. */
const NOMINAL_HASH_MS = 10;
// One argon2 verification costs ~10-12 ms with these (the server's defaults; native argon2, 8 MiB and one pass would
// be ~2 ms, under the bound): a hash more or less is twice the 5 ms bound.
const ARGON2 = { ARGON2_MEMORY_KIB: '19456', ARGON2_ITERATIONS: '2', LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000' };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

let current: TestServer | undefined;

// Garbage collections outside the measurement. Until session 26 each argon2 run (then hash-wasm, WebAssembly) made a
// fresh WebAssembly memory of several megabytes, and V8 answered many such memories with full collections of its own
// (~70 ms each in this one-fork tier's heap): with only a young-generation collection before each sample, 50 to 100
// full ones per round landed inside the samples, and a round's median difference swung by ±40 ms either way. Argon2 is
// native now (no such memories). A full collection before each quad keeps the rest of the tier's garbage out of the
// samples, and a young-generation one before each sample (and each hash timed) keeps the allocation of one out of the
// next. A full collection before every sample cost ~60 % of this file's time (73 s alone against 50 s, more in the
// tier's larger heap) for differences of the same size (0-3 ms); a hash of difference still fails every round (17 ms
// against a bound of 8: checked by skipping the unknown email's hash).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

async function timed(run: () => Promise<{ status: number }>, status: number): Promise<number> {
  // The mail of the previous sample goes out after its answer (the queue): let it finish first, so it is not counted here.
  if (current) await deliverMail(current);
  gc({ type: 'minor' });
  const started = performance.now();
  const res = await run();
  const ms = performance.now() - started;
  expect(res.status).toBe(status);
  return ms;
}

/**
 * Samples the two groups in quads, a b then b a (a hash timed before each pair), and compares the median of the
 * quads' differences ((a1 − b1) + (a2 − b2)) / 2. A busy machine (other test files on the same two cores) slows
 * whole stretches of samples: two medians taken over such stretches swung by 30 ms either way in CI (88 vs 58 ms,
 * then 58 vs 93), while within a quad both see the same load. Whichever request of a pair goes first may pay for
 * something (a pooled connection, a timer) the other does not: each quad has each group first once, so that cancels.
 * Up to ROUNDS rounds are taken and the first within the bound counts: on these shared machines one argon2 hash alone
 * took anywhere from 17 to 104 ms within seconds (a quiet machine), so a round of 25 quads still misses now and then.
 * Where the work differs by a hash (~10 ms, twice the bound), every quad differs by it and every round fails.
 */
async function sameTime(a: () => Promise<number>, b: () => Promise<number>, what: string) {
  const rounds: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const m = await compare(a, b);
    const bound = BOUND_MS * Math.max(1, m.hash / NOMINAL_HASH_MS);
    rounds.push(
      `median difference ${m.diff.toFixed(1)} ms (medians ${m.a.toFixed(1)} vs ${m.b.toFixed(1)} ms), bound ${bound.toFixed(1)} ms`,
    );
    if (Math.abs(m.diff) < bound) return;
  }
  expect.fail(`${what}: the two differ by the bound or more in every round (${rounds.join('; ')})`);
}

/** The cost of one argon2 verification right now (the machine's current speed). */
async function hashCost(): Promise<number> {
  if (!current) return NOMINAL_HASH_MS;
  hashed ??= hashPassword(current.ctx.env, 'calibration');
  const hash = await hashed;
  gc({ type: 'minor' });
  const started = performance.now();
  await verifyPassword(hash, 'not-it');
  return performance.now() - started;
}
let hashed: Promise<string> | undefined;

async function compare(a: () => Promise<number>, b: () => Promise<number>) {
  gc();
  await a(); // warm-up
  await b();
  const xs: number[] = [];
  const ys: number[] = [];
  const diffs: number[] = [];
  const hs: number[] = [];
  for (let i = 0; i < SAMPLES / 2; i++) {
    gc();
    hs.push(await hashCost());
    const a1 = await a();
    const b1 = await b();
    hs.push(await hashCost());
    const b2 = await b();
    const a2 = await a();
    xs.push(a1, a2);
    ys.push(b1, b2);
    diffs.push((a1 - b1 + (a2 - b2)) / 2);
  }
  return { a: median(xs), b: median(ys), diff: median(diffs), hash: median(hs) };
}

let n = 0;
const address = () => `10.250.${(++n >> 8) & 255}.${n & 255}`;

describe.each(drivers)('no enumeration by timing (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;

  const register = async (email = uniqueEmail('timing'), server = s) => {
    const res = await server.request('/api/auth/register', {
      body: { email, password: 'correct-horse-9', termsAccepted: true },
    });
    expect(res.status).toBe(201);
    return email;
  };

  it('resend-password: a known and an unknown email take the same time (within 5 ms)', async () => {
    s = await t.server.withEnv(ARGON2);
    current = s;
    hashed = undefined;
    // A fresh email each time on both sides: each known one is under its 3-mails limit, so its mail really goes.
    // Registered through the suite's cheap-hash app (same database): resend-password never reads the account's own
    // password hash, and 153 hashes at the costly setting were half of this test's time.
    const known: string[] = [];
    for (let i = 0; i < ROUNDS * (SAMPLES + 1); i++) known.push(await register(undefined, t.server));
    const resend = (email: string) => timed(() => s.request('/api/auth/resend-password', { body: { email } }), 200);
    await sameTime(
      () => resend(known.pop() as string),
      () => resend(uniqueEmail('nobody')),
      'resend-password, known vs unknown email',
    );
    await deliverMail(s);
  }, 300_000);

  it('login: a pending temporary password does not show in the time, nor does an unknown email', async () => {
    s = await t.server.withEnv(ARGON2);
    current = s;
    hashed = undefined;
    const plain = await register();
    const pending = await register();
    expect((await s.request('/api/auth/resend-password', { body: { email: pending } })).status).toBe(200);
    // The temporary password is pending once its mail went out (the queue's drainer; here by hand).
    await deliverMail(s);
    const [row] = await s.ctx.db.select({ hash: users.tempPasswordHash }).from(users).where(eq(users.email, pending));
    expect(row?.hash).toBeTruthy();
    const login = (email: string, password: string) => () =>
      timed(() => s.request('/api/auth/login/local', { body: { email, password }, address: address() }), 401);
    // A wrong password of the usual kind, and one shaped like a temporary password.
    for (const password of ['wrong-password-1', 'abcdefghjkmn']) {
      await sameTime(login(plain, password), login(pending, password), `login with ${password}, pending temp or not`);
    }
    await sameTime(
      login(plain, 'wrong-password-1'),
      () => login(uniqueEmail('nobody'), 'wrong-password-1')(),
      'login, known vs unknown email',
    );
  }, 600_000);
});
