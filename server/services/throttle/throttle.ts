// Fixed-window counters in the login_failures table. A window starts at the first hit and lasts windowSeconds.
// Keys: 'login:<email>|<address>', 'login-address:<ip>', 'login-account:<email>' (failed logins), 'resend:<email>'
// (temporary-password mails), 'console:<ip>' (wrong console tokens), 'rate:<name>:<ip>' (per-address rate limits).
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loginFailures } from '../../db/schema';

export type ThrottleState = {
  count: number;
  /** Seconds until the window ends (0 when there is none). */
  retryAfterSeconds: number;
  /** The latest hit in the window (undefined when none). */
  lastHitAt: Date | undefined;
};

const NONE: ThrottleState = { count: 0, retryAfterSeconds: 0, lastHitAt: undefined };

function stateOf(
  row: { windowStart: Date; count: number; lastHitAt: Date | null },
  windowSeconds: number,
  now: number,
): ThrottleState {
  const left = row.windowStart.getTime() + windowSeconds * 1000 - now;
  if (left <= 0) return NONE;
  return {
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)),
    lastHitAt: row.lastHitAt ?? row.windowStart,
  };
}

/** The hits counted in the current window of a key (0 when none or when the window is over). */
export async function readThrottle({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { key: string; windowSeconds: number };
}): Promise<ThrottleState> {
  const [row] = await ctx.db.select().from(loginFailures).where(eq(loginFailures.key, input.key));
  return row ? stateOf(row, input.windowSeconds, Date.now()) : NONE;
}

/** Counts one hit (starting a new window when the old one is over); answers the state after it. */
export async function recordHit({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { key: string; windowSeconds: number };
}): Promise<ThrottleState> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - input.windowSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  const expired = sql`${loginFailures.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await ctx.db
    .insert(loginFailures)
    .values({ key: input.key, windowStart: now, count: 1, lastHitAt: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${loginFailures.windowStart} end`,
        lastHitAt: sql`${nowIso}::timestamptz`,
      },
    })
    .returning({
      count: loginFailures.count,
      windowStart: loginFailures.windowStart,
      lastHitAt: loginFailures.lastHitAt,
    });
  return row ? stateOf(row, input.windowSeconds, now.getTime()) : { count: 1, retryAfterSeconds: 1, lastHitAt: now };
}

export async function resetThrottle({ ctx, input }: { ctx: AppContext; input: { key: string } }): Promise<void> {
  await ctx.db.delete(loginFailures).where(eq(loginFailures.key, input.key));
}
