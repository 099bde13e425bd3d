import { eq } from 'drizzle-orm';
import type { AccountFeatures } from '../../../src/contract/users';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { accounts, type UserRow, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';

/** Loads the session's own user (other ids → 403 forbidden) with its account features. */
export async function loadOwnUser({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; id?: string };
}): Promise<{ row: UserRow; features: AccountFeatures }> {
  if (input.id !== undefined && input.id !== input.session.userId) throw forbidden('This is not your user');
  const [found] = await ctx.db
    .select({ row: users, features: accounts.features })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, input.session.userId));
  if (!found) throw notFound('No such user');
  return found;
}
