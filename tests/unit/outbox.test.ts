import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../src/db';
import { createOutbox, type FailureKind } from '../../src/db/outbox';
import type { Connectivity } from '../../src/lib/connectivity';

/** What the network does with one request. */
type Fate =
  /** Answered. */
  | 'ok'
  /** Lost on the way: the server never saw it. */
  | 'lostBefore'
  /** Applied by the server, but the answer was lost (the dangerous one: the client must send it again). */
  | 'lostAfter'
  /** The server failed before applying it (5xx). */
  | 'serverError';

class NoAnswer extends Error {}
class ServerFailed extends Error {}
class Refused extends Error {}

const classify = (error: unknown): FailureKind =>
  error instanceof Refused ? 'refused' : error instanceof ServerFailed ? 'retry' : 'offline';

/** A server that treats the client id as an idempotency key, as ours does. */
function idempotentServer() {
  const seen = new Map<string, number>();
  const applied: number[] = [];
  return {
    applied,
    handle(clientId: string, value: number): number {
      const known = seen.get(clientId);
      if (known !== undefined) return known;
      seen.set(clientId, value);
      applied.push(value);
      return value;
    },
  };
}

function switchableNetwork() {
  let online = true;
  const listeners = new Set<(online: boolean) => void>();
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    connectivity,
    set(next: boolean) {
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}

let dbCount = 0;
const freshDb = () => openDb(`outbox-test-${++dbCount}-${Math.random()}`);

/** One simulated phone: an outbox over its own database, its network, and the fates of its requests. */
function phone(db = freshDb()) {
  const server = idempotentServer();
  const network = switchableNetwork();
  const fates: Fate[] = [];
  let ids = 0;
  const make = () => {
    const outbox = createOutbox({
      db,
      classify,
      connectivity: network.connectivity,
      retryDelayMs: 1,
      newId: () => `w${++ids}`,
      currentUserId: () => 'u1',
    });
    outbox.register('test.write', async ({ value }: { value: number }, clientId: string) => {
      if (!network.connectivity.isOnline()) throw new NoAnswer();
      const fate = fates.shift() ?? 'ok';
      if (fate === 'lostBefore') throw new NoAnswer();
      if (fate === 'serverError') throw new ServerFailed();
      const result = server.handle(clientId, value);
      if (fate === 'lostAfter') throw new NoAnswer();
      return result;
    });
    return outbox;
  };
  return { db, server, network, fates, make };
}

async function settle(outbox: ReturnType<ReturnType<typeof phone>['make']>): Promise<void> {
  for (let i = 0; i < 50 && (await outbox.pending()).length > 0; i++) await outbox.flush();
}

describe('outbox of offline writes', () => {
  it('sends at once with signal and says so', async () => {
    const p = phone();
    const outbox = p.make();
    await expect(outbox.submit('test.write', { value: 1 })).resolves.toEqual({ status: 'sent', result: 1 });
    expect(await outbox.pending()).toEqual([]);
    expect(p.server.applied).toEqual([1]);
  });

  it('without signal keeps the write with its client id and sends it when the signal returns', async () => {
    const p = phone();
    const outbox = p.make();
    outbox.start();
    p.network.set(false);
    await expect(outbox.submit('test.write', { value: 7 })).resolves.toEqual({ status: 'queued', id: 'w1' });
    expect((await outbox.pending()).map((e) => [e.id, e.variables])).toEqual([['w1', { value: 7 }]]);
    expect(p.server.applied).toEqual([]);
    p.network.set(true);
    await settle(outbox);
    expect(p.server.applied).toEqual([7]);
    outbox.stop();
  });

  it('after a reload the queue is still there and goes out in order', async () => {
    const p = phone();
    const before = p.make();
    p.network.set(false);
    await before.submit('test.write', { value: 1 });
    await before.submit('test.write', { value: 2 });
    before.stop();
    const after = p.make();
    p.network.set(true);
    after.start();
    await settle(after);
    expect(p.server.applied).toEqual([1, 2]);
  });

  it('an answer lost after the server applied the write is sent again and applied once', async () => {
    const p = phone();
    const outbox = p.make();
    p.fates.push('lostAfter');
    await expect(outbox.submit('test.write', { value: 3 })).resolves.toMatchObject({ status: 'queued' });
    await settle(outbox);
    expect(p.server.applied).toEqual([3]);
  });

  it('a write the server refuses is dropped, reported, and does not hold up the ones behind it', async () => {
    const db = freshDb();
    const refused: string[] = [];
    const outbox = createOutbox({
      db,
      classify,
      newId: (() => {
        let n = 0;
        return () => `r${++n}`;
      })(),
      onRefused: (entry) => refused.push(entry.id),
    });
    const sent: number[] = [];
    outbox.register('test.write', async ({ value }: { value: number }) => {
      if (value < 0) throw new Refused();
      sent.push(value);
      return value;
    });
    await expect(outbox.submit('test.write', { value: -1 })).rejects.toBeInstanceOf(Refused);
    await outbox.submit('test.write', { value: 5 });
    expect(refused).toEqual(['r1']);
    expect(sent).toEqual([5]);
    expect(await outbox.pending()).toEqual([]);
  });

  it("another driver's waiting writes are not sent with this session", async () => {
    const db = freshDb();
    let user = 'alice';
    const sent: string[] = [];
    const network = switchableNetwork();
    const outbox = createOutbox({ db, classify, connectivity: network.connectivity, currentUserId: () => user });
    outbox.register('test.write', async ({ value }: { value: string }) => {
      if (!network.connectivity.isOnline()) throw new NoAnswer();
      sent.push(value);
    });
    network.set(false);
    await outbox.submit('test.write', { value: 'alice-1' });
    user = 'bob';
    network.set(true);
    await outbox.submit('test.write', { value: 'bob-1' });
    expect(sent).toEqual(['bob-1']);
    user = 'alice';
    await outbox.flush();
    expect(sent).toEqual(['bob-1', 'alice-1']);
  });

  it('the "nothing waits" mark: cleared before a write is stored, set only when a drain leaves the table empty', async () => {
    const db = freshDb();
    const events: string[] = [];
    db.outbox.hook('creating', () => {
      events.push('stored');
    });
    let user = 'alice';
    const network = switchableNetwork();
    const outbox = createOutbox({
      db,
      classify,
      connectivity: network.connectivity,
      currentUserId: () => user,
      marker: { pending: () => events.push('pending'), empty: () => events.push('empty') },
    });
    outbox.register('test.write', async ({ value }: { value: string }) => {
      if (!network.connectivity.isOnline()) throw new NoAnswer();
      events.push(`sent ${value}`);
    });
    await outbox.flush();
    expect(events).toEqual(['empty']);
    network.set(false);
    await outbox.submit('test.write', { value: 'alice-1' });
    expect(events.slice(1)).toEqual(['pending', 'stored']);
    // Bob's queue drains, but Alice's write still waits in the table: not empty.
    user = 'bob';
    network.set(true);
    await outbox.submit('test.write', { value: 'bob-1' });
    expect(events.slice(3)).toEqual(['pending', 'stored', 'sent bob-1']);
    user = 'alice';
    await outbox.flush();
    expect(events.slice(6)).toEqual(['sent alice-1', 'empty']);
    db.close();
  });

  it('a write of a kind this version does not know is dropped', async () => {
    const p = phone();
    const outbox = p.make();
    await p.db.outbox.add({ id: 'old', kind: 'gone.write', variables: {}, createdAt: 0, attempts: 0, userId: 'u1' });
    await outbox.flush();
    expect(await outbox.pending()).toEqual([]);
  });

  it('under any schedule of lost signal, lost answers, server errors and reloads, every write reaches the server exactly once, in order', async () => {
    const action = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'submit' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'online' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
      { weight: 1, arbitrary: fc.constant({ kind: 'flush' as const }) },
    );
    const fate = fc.constantFrom<Fate>('ok', 'ok', 'lostBefore', 'lostAfter', 'serverError');
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { maxLength: 25 }),
        fc.array(fate, { maxLength: 40 }),
        async (actions, fates) => {
          const p = phone();
          p.fates.push(...fates);
          let outbox = p.make();
          outbox.start();
          const submitted: number[] = [];
          for (const step of actions) {
            if (step.kind === 'submit') {
              const value = submitted.length + 1;
              submitted.push(value);
              await outbox.submit('test.write', { value });
            } else if (step.kind === 'offline') p.network.set(false);
            else if (step.kind === 'online') p.network.set(true);
            else if (step.kind === 'flush') await outbox.flush();
            else {
              outbox.stop();
              outbox = p.make();
              outbox.start();
            }
          }
          p.fates.length = 0;
          p.network.set(true);
          await settle(outbox);
          outbox.stop();
          expect(await outbox.pending()).toEqual([]);
          expect(p.server.applied).toEqual(submitted);
          await outbox.flush();
          p.db.close();
        },
      ),
      { numRuns: 60 },
    );
  });
});
