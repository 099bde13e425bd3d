import { eq } from 'drizzle-orm';
import type { LoginResponse, RegisterBody } from '../../../contract/auth';
import { hashPassword, newId } from '../../auth/crypto';
import { type VerifiedIdentity, verifyIdToken } from '../../auth/oidc';
import { assertStrongPassword } from '../../auth/password-policy';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { accounts, oidcIdentities, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { defaultAccountFeatures } from '../accounts';
import { acceptReferralCode } from '../vouchers';
import { createSession } from './create-session';

const emailTaken = () => new ApiError(409, 'email_has_account', 'This email is already registered');

/** POST /auth/register: a new account and user, logged in at once; optionally links an OpenID identity. */
export async function register({ ctx, input }: { ctx: AppContext; input: RegisterBody }): Promise<LoginResponse> {
  await assertStrongPassword(input.password);
  let identity: VerifiedIdentity | undefined;
  if (input.idProvider || input.idToken) {
    if (!input.idProvider || !input.idToken) {
      throw new ApiError(422, 'invalid_id_token', 'idProvider and idToken must be given together');
    }
    identity = await verifyIdToken({ ctx, input: { providerId: input.idProvider, idToken: input.idToken } });
    if (identity.email !== input.email) {
      throw new ApiError(422, 'invalid_id_token', 'The ID token belongs to another email');
    }
  }
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw emailTaken();

  const passwordHash = await hashPassword(ctx.env, input.password);
  const accountId = newId();
  const userId = newId();
  try {
    const token = await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id: accountId, features: defaultAccountFeatures() });
      await tx.insert(users).values({
        id: userId,
        email: input.email,
        passwordHash,
        accountId,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        partner: input.partner ?? null,
        referrer: input.referrer ?? null,
        referralPlatform: input.referralPlatform ?? null,
        registrationData: input.data ?? null,
        marketingEmail: input.marketingPermissions?.email ?? false,
        marketingPush: input.marketingPermissions?.push ?? false,
        marketingSms: input.marketingPermissions?.sms ?? false,
      });
      if (identity) {
        const linked = await tx
          .insert(oidcIdentities)
          .values({ provider: identity.provider, subject: identity.subject, userId, email: identity.email ?? null })
          .onConflictDoNothing()
          .returning({ userId: oidcIdentities.userId });
        if (linked.length === 0) throw new ApiError(409, 'conflict', 'This identity is already linked to a user');
      }
      // A friend's code: an unknown one refuses the registration (422 on referralCode), nothing is kept.
      if (input.referralCode) {
        await acceptReferralCode(tx, { userId, referralCode: input.referralCode, now: ctx.clock.now() });
      }
      return createSession({ ctx, input: { userId }, tx });
    });
    return { auth_token: token, _id: userId };
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken(); // a concurrent registration of the same email won
    throw err;
  }
}
