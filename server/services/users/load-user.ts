import { eq } from 'drizzle-orm';
import type { AccountFeatures } from '../../../contract/users';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { accounts, type UserRow, users } from '../../db/schema';
import { notFound } from '../../errors';

/** Loads the session's own user with its account features. Another user's id answers like an unknown one (404), so
 *  ids cannot be probed. */
export async function loadOwnUser({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; id?: string };
}): Promise<{ row: UserRow; features: AccountFeatures }> {
  if (input.id !== undefined && input.id !== input.session.userId) throw notFound('No such user');
  const [found] = await ctx.db
    .select({ row: users, features: accounts.features })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, input.session.userId));
  if (!found) throw notFound('No such user');
  return found;
}
