// Password and PIN hashing (server/auth/crypto.ts): argon2id in the PHC string format with the configured cost, a new
// salt each time; hashes stored by earlier servers (hash-wasm, WebAssembly, until session 26) still verify; and the
// event loop keeps serving while a hash runs (it ran on the event loop before: each login held every other request of
// the process for 20-100 ms).
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/crypto';
import type { Env } from '../../server/env';

const env = (memoryKib: number, iterations: number) => ({ argon2: { memoryKib, iterations } }) as Env;

/** Made by the earlier server (hash-wasm 4.12, argon2id, 19 MiB, two passes) for the password 'pw'. */
const EARLIER = '$argon2id$v=19$m=19456,t=2,p=1$xYbTFmJkWHS79fIAXRFZhw$KgraArHFBVkcD9Q8KjlgDYS9R6100xrGridUC5p5HH8';

/** How many times the event loop comes round while `work` runs. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  let turns = 0;
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  await settled;
  return turns;
}

describe('password hashing', () => {
  it('is argon2id with the configured memory and passes, a 16-byte salt, a 32-byte hash, a new salt each time', async () => {
    const a = await hashPassword(env(19456, 2), 'correct-horse-9');
    const b = await hashPassword(env(8192, 1), 'correct-horse-9');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(b).toMatch(/^\$argon2id\$v=19\$m=8192,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const again = await hashPassword(env(19456, 2), 'correct-horse-9');
    expect(again.split('$')[4]).not.toBe(a.split('$')[4]);
    expect(again).not.toBe(a);
    expect(await verifyPassword(a, 'correct-horse-9')).toBe(true);
    expect(await verifyPassword(b, 'correct-horse-9')).toBe(true);
    expect(await verifyPassword(a, 'correct-horse-8')).toBe(false);
    expect(await verifyPassword(a, '')).toBe(false);
  });

  it('verifies the hashes earlier servers stored', async () => {
    expect(await verifyPassword(EARLIER, 'pw')).toBe(true);
    expect(await verifyPassword(EARLIER, 'px')).toBe(false);
  });

  it('answers false, not an error, for a stored value that is no hash', async () => {
    for (const stored of ['', 'plain', '$argon2id$v=19$m=19456,t=2,p=1$short$x', EARLIER.slice(0, -4)]) {
      expect(await verifyPassword(stored, 'pw')).toBe(false);
    }
  });

  it('leaves the event loop free while it runs (other requests are served meanwhile)', async () => {
    await hashPassword(env(19456, 2), 'warm-up');
    // Native argon2 on libuv's thread pool: thousands of turns during one hash (4,000-16,000 here). The WebAssembly
    // hash of the earlier server ran inside one turn: 3 turns per hash once compiled.
    expect(await turnsDuring(hashPassword(env(19456, 2), 'correct-horse-9'))).toBeGreaterThan(100);
    expect(await turnsDuring(verifyPassword(EARLIER, 'pw'))).toBeGreaterThan(100);
  });
});
