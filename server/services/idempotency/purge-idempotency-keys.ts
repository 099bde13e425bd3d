// Keys expire after 24 h (run-idempotent.ts ignores older ones; this removes them).
import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { idempotencyKeys } from '../../db/schema';
import { IDEMPOTENCY_TTL_MS } from './run-idempotent';

export async function purgeIdempotencyKeys(ctx: AppContext, now = ctx.clock.now()): Promise<void> {
  await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
