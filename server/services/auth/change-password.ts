import { and, eq, isNull } from 'drizzle-orm';
import type { ChangePasswordBody, LoginResponse } from '../../../contract/auth';
import { hashPassword, verifyPassword } from '../../auth/crypto';
import { assertStrongPassword } from '../../auth/password-policy';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { createSession } from './create-session';
import { forgetSessions } from './session-cache';

/**
 * POST /auth/change-password. Outside a temp_pass session the old password must match. Every session of the user
 * (this one too) is revoked; the answer is a fresh, normal session.
 */
export async function changePassword({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: ChangePasswordBody & { session: AuthSession };
}): Promise<LoginResponse> {
  const { session } = input;
  await assertStrongPassword(input.newPassword);
  if (!session.tempPass) {
    const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, session.userId));
    const ok = !!user?.hash && !!input.oldPassword && (await verifyPassword(user.hash, input.oldPassword));
    if (!ok) throw new DomainError('unprocessable', 'wrong_password', 'The password you entered is incorrect');
  }
  const passwordHash = await hashPassword(ctx.env, input.newPassword);
  const token = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(users)
      .set({ passwordHash, tempPasswordHash: null, tempPasswordExpiresAt: null, updatedAt: now })
      .where(eq(users.id, session.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, session.userId), isNull(sessions.revokedAt)));
    return createSession({ ctx, input: { userId: session.userId }, tx });
  });
  forgetSessions({ ctx, input: { userId: session.userId } });
  return { auth_token: token, _id: session.userId };
}
