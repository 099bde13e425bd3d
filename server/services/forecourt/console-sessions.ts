// Sign-ins of the forecourt console (FORECOURT_CONSOLE_TOKEN): each is a random cookie of its own, kept as its sha256
// for CONSOLE_SESSION_HOURS, ended by signing out (issue 32.9: the cookie was a fixed hash of the console token, the
// same for every sign-in, good for as long as the token, and impossible to end). A session is bound to the console
// token it was opened with: a new token ends every session of the old one.
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { newToken, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { consoleSessions } from '../../db/schema';

export const CONSOLE_SESSION_HOURS = 12;

/** A new sign-in: its cookie value (only the hash is stored). Sign-ins past their time are dropped on the way. */
export async function openConsoleSession({ ctx, input }: { ctx: AppContext; input: { consoleToken: string } }) {
  const now = ctx.clock.now();
  await ctx.db
    .delete(consoleSessions)
    .where(or(lt(consoleSessions.expiresAt, now), lt(consoleSessions.revokedAt, now)));
  const token = newToken();
  await ctx.db.insert(consoleSessions).values({
    tokenHash: sha256Hex(token),
    consoleTokenHash: sha256Hex(input.consoleToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CONSOLE_SESSION_HOURS * 3600_000),
  });
  return { token, maxAgeSeconds: CONSOLE_SESSION_HOURS * 3600 };
}

/** Whether a cookie is a live sign-in of the present console token. */
export async function isConsoleSession({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { cookie: string; consoleToken: string };
}): Promise<boolean> {
  const [row] = await ctx.db
    .select({ tokenHash: consoleSessions.tokenHash })
    .from(consoleSessions)
    .where(
      and(
        eq(consoleSessions.tokenHash, sha256Hex(input.cookie)),
        eq(consoleSessions.consoleTokenHash, sha256Hex(input.consoleToken)),
        gt(consoleSessions.expiresAt, ctx.clock.now()),
        isNull(consoleSessions.revokedAt),
      ),
    );
  return row !== undefined;
}

/** Signing out: the cookie's sign-in ends now, whoever holds a copy of it. */
export async function closeConsoleSession({ ctx, input }: { ctx: AppContext; input: { cookie: string } }) {
  await ctx.db
    .update(consoleSessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(consoleSessions.tokenHash, sha256Hex(input.cookie)));
}
