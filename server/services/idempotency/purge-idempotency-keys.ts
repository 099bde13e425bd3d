// Keys expire after 24 h (run-idempotent.ts ignores older ones; this removes them).
import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { idempotencyKeys } from '../../db/schema';
import { IDEMPOTENCY_TTL_MS } from './run-idempotent';

export async function purgeIdempotencyKeys({
  ctx,
  input = {},
}: {
  ctx: AppContext;
  input?: { now?: Date };
}): Promise<void> {
  const now = input.now ?? ctx.clock.now();
  await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
