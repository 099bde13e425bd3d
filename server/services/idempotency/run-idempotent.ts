// Idempotency-Key handling (POST /v4/order, /authorize; costs, images, vehicles; the outbox writes: cancel,
// update-order, preferences), per user. The key is claimed atomically with INSERT ... ON CONFLICT DO NOTHING, with this
// process as its owner; the write then runs in ONE transaction with the storing of its answer (status + exact JSON
// text), so a crash can never leave a committed write behind a key that says "not done" (issue 32.3: a retry after
// such a crash wrote a second cost, image or order). The answer is replayed byte for byte. Same key + other request → 422;
// same key while the first still runs → 409. Keys expire after 24 h. A request that fails (any error) gives its key
// back, so it can be retried: only successes are replayed. A key left in progress by a process that died (kill -9
// mid-authorize) is taken over at once: its owner is not alive (ctx.process.isAlive); a key whose owner seems alive
// but that is older than IDEMPOTENCY_LEASE_MS is taken over too (no request runs that long).
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { DomainError } from '../../errors';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still "in progress" after this long was left by a process that died: a retry may take it over. */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

export type StoredResponse = { status: number; body: string; replayed: boolean };

export async function runIdempotent({
  ctx,
  input,
  run,
}: {
  ctx: AppContext;
  input: { userId: string; key: string; fingerprint: string };
  /**
   * The request's work, run once per key on the context it is given (its database is the transaction that also stores
   * the answer): its answer is stored and replayed.
   */
  run: (ctx: AppContext) => Promise<{ status: number; body: string }>;
}): Promise<StoredResponse> {
  const where = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.key, input.key));
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.clock.now();
    const claimed = await ctx.db
      .insert(idempotencyKeys)
      .values({
        userId: input.userId,
        key: input.key,
        fingerprint: input.fingerprint,
        state: 'in_progress',
        owner: ctx.process.id,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      const kept: Array<(ctx: AppContext) => Promise<unknown>> = [];
      try {
        const result = await ctx.db.transaction(async (tx) => {
          const answer = await run(inTransaction(ctx, tx, kept));
          await tx
            .update(idempotencyKeys)
            .set({ state: 'done', responseStatus: answer.status, responseBody: answer.body })
            .where(where);
          return answer;
        });
        return { ...result, replayed: false };
      } catch (err) {
        // Nothing of the write was committed (one transaction): give the key back so the request can be retried.
        await ctx.db.delete(idempotencyKeys).where(where);
        // What the write marked as standing even if refused (ctx.keep) is written again, now outside.
        for (const write of kept) {
          await write(ctx).catch((keptErr: unknown) => ctx.log.error('a kept write failed after a rollback', keptErr));
        }
        throw err;
      }
    }
    const [existing] = await ctx.db.select().from(idempotencyKeys).where(where);
    if (!existing) continue; // given back meanwhile: claim again
    if (existing.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      await ctx.db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.createdAt, existing.createdAt)));
      continue;
    }
    if (existing.fingerprint !== input.fingerprint) {
      throw new DomainError('unprocessable', 'unprocessable', 'This Idempotency-Key was used for another request');
    }
    if (
      existing.state === 'in_progress' &&
      ((existing.owner !== null && !(await ctx.process.isAlive(existing.owner))) ||
        existing.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_LEASE_MS)
    ) {
      // Claimed by a process that died before it answered: take the key over. The work itself is guarded by the
      // order's state (a second hold is impossible), so running it again is safe.
      await ctx.db
        .delete(idempotencyKeys)
        .where(and(where, eq(idempotencyKeys.state, 'in_progress'), eq(idempotencyKeys.createdAt, existing.createdAt)));
      continue;
    }
    if (existing.state !== 'done' || existing.responseStatus === null || existing.responseBody === null) {
      throw new DomainError('conflict', 'conflict', 'A request with this Idempotency-Key is still in progress');
    }
    return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
  }
  throw new DomainError('conflict', 'conflict', 'A request with this Idempotency-Key is still in progress');
}

/**
 * The context a guarded write runs on: the same, but its database is the transaction (a service's own transaction
 * becomes a savepoint in it). Work after the answer (ctx.background) would outlive the transaction, so it is refused
 * there: a write that mails does so through the mail queue, in the transaction.
 */
function inTransaction(ctx: AppContext, tx: Tx, kept: Array<(ctx: AppContext) => Promise<unknown>>): AppContext {
  const own = ctx.withDb(tx);
  return {
    ...own,
    keep: async (write) => {
      await write(own);
      kept.push(write);
    },
    background: {
      run: (what) => {
        throw new Error(`${what}: background work cannot start inside an idempotent write's transaction`);
      },
      idle: () => ctx.background.idle(),
      pending: () => ctx.background.pending(),
    },
  };
}
