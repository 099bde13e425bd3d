// WORKERS=N on PostgreSQL (issue 16): the forecourt simulator and the watchdog run in one process, elected through an
// advisory lock (server/db/leader.ts); when the leader stops (or dies: its connection closes) another takes over.
// PostgreSQL only (PGlite runs one process and leads without an election).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { electLeader, type Leadership } from '../../server/db/leader';

const url = process.env.DATABASE_URL;
const quiet = { error: () => {} };

async function until(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe.skipIf(!url)('leader election (postgres)', () => {
  it('elects exactly one of several processes; another takes over when it stops', async () => {
    const name = `test-${randomUUID()}`;
    const running = new Set<number>();
    const started: number[] = [];
    const candidates: Leadership[] = [0, 1, 2].map((i) =>
      electLeader({
        connectionString: url as string,
        name,
        retryMs: 50,
        onElected: () => {
          running.add(i);
          started.push(i);
        },
        onLost: () => {
          running.delete(i);
        },
        log: quiet,
      }),
    );
    try {
      expect(await until(() => running.size === 1)).toBe(true);
      // Several retry rounds later: still one.
      await new Promise((r) => setTimeout(r, 300));
      expect(running.size).toBe(1);
      expect(candidates.filter((c) => c.isLeader())).toHaveLength(1);

      const first = [...running][0] as number;
      await candidates[first]!.stop();
      expect(running.has(first)).toBe(false);
      expect(await until(() => running.size === 1)).toBe(true);
      expect([...running][0]).not.toBe(first);
      await new Promise((r) => setTimeout(r, 300));
      expect(running.size).toBe(1);
      expect(started).toHaveLength(2);

      // Another name is another election: its own leader.
      let other = false;
      const elsewhere = electLeader({
        connectionString: url as string,
        name: `${name}-other`,
        retryMs: 50,
        onElected: () => {
          other = true;
        },
        onLost: () => {},
        log: quiet,
      });
      expect(await until(() => other)).toBe(true);
      await elsewhere.stop();
    } finally {
      await Promise.all(candidates.map((c) => c.stop()));
    }
    expect(running.size).toBe(0);
  });
});
