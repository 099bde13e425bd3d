import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, oidcIdentities, sessions, users } from '../../db/schema';
import type { AuthSession } from '../auth/authenticate';
import { forgetSessions } from '../auth/session-cache';

/** DELETE /functions/delete_user_prod: the user, their sessions and identities, and the account if now empty. */
export async function deleteUser({ ctx, input }: { ctx: AppContext; input: { session: AuthSession } }): Promise<void> {
  const { userId, accountId } = input.session;
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    const [left] = await tx.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
    if ((left?.n ?? 0) === 0) await tx.delete(accounts).where(eq(accounts.id, accountId));
  });
  forgetSessions(ctx, { userId });
}
