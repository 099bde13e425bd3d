import type { LoginResponse } from '../../../contract/auth';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { accounts, users } from '../../db/schema';
import { defaultAccountFeatures } from '../accounts';
import { createSession } from './create-session';

/** POST /auth/register/guest: an account and a guest user (no email, no password), logged in. */
export async function registerGuest({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { partner?: string | undefined };
}): Promise<LoginResponse> {
  const accountId = newId();
  const userId = newId();
  const token = await ctx.db.transaction(async (tx) => {
    await tx.insert(accounts).values({ id: accountId, features: defaultAccountFeatures() });
    await tx
      .insert(users)
      .values({ id: userId, email: null, isGuest: true, accountId, partner: input.partner ?? null });
    return createSession({ ctx, input: { userId }, tx });
  });
  return { auth_token: token, _id: userId };
}
