// Fixed-window counters in the login_failures table. Keys: 'account:<email>' and 'address:<ip>' for failed logins,
// 'resend:<email>' for temporary-password mails. A window starts at the first hit and lasts windowSeconds.
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginFailures } from '../../db/schema';

export type ThrottleState = { count: number; retryAfterSeconds: number };

/** The hits counted in the current window of a key (0 when none or when the window is over). */
export async function readThrottle({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { key: string; windowSeconds: number };
}): Promise<ThrottleState> {
  const [row] = await ctx.db.select().from(loginFailures).where(eq(loginFailures.key, input.key));
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  const endsAt = row.windowStart.getTime() + input.windowSeconds * 1000;
  const left = endsAt - Date.now();
  if (left <= 0) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
}

/** Counts one hit (starting a new window when the old one is over); answers the count in the window. */
export async function recordHit({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { key: string; windowSeconds: number };
}): Promise<number> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - input.windowSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  const expired = sql`${loginFailures.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await ctx.db
    .insert(loginFailures)
    .values({ key: input.key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${loginFailures.windowStart} end`,
      },
    })
    .returning({ count: loginFailures.count });
  return row?.count ?? 1;
}

export async function resetThrottle({ ctx, input }: { ctx: AppContext; input: { key: string } }): Promise<void> {
  await ctx.db.delete(loginFailures).where(eq(loginFailures.key, input.key));
}
