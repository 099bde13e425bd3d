import { and, eq } from 'drizzle-orm';
import type { LoginLocalBody, LoginResponse } from '../../../src/contract/auth';
import { verifyPassword } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { ApiError } from '../../errors';
import { readThrottle, recordHit, resetThrottle } from '../throttle';
import { createSession } from './create-session';
import { dummyHash } from './dummy-hash';

/**
 * POST /auth/login/local. Throttled per account and per client address (checked before any password work).
 * A valid temporary password opens a temp_pass session and answers passwordExpired: true.
 */
export async function loginLocal({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: LoginLocalBody & { address: string | undefined };
}): Promise<LoginResponse> {
  const windowSeconds = ctx.env.loginWindowSeconds;
  const accountKey = `account:${input.email}`;
  const addressKey = input.address ? `address:${input.address}` : undefined;

  const account = await readThrottle({ ctx, input: { key: accountKey, windowSeconds } });
  const address = addressKey ? await readThrottle({ ctx, input: { key: addressKey, windowSeconds } }) : undefined;
  const blocked = [
    account.count >= ctx.env.loginMaxFailuresPerAccount ? account.retryAfterSeconds : 0,
    address && address.count >= ctx.env.loginMaxFailuresPerAddress ? address.retryAfterSeconds : 0,
  ];
  const retryAfter = Math.max(...blocked);
  if (retryAfter > 0) {
    throw new ApiError(429, 'too_many_requests', 'Too many failed logins; try again later', undefined, retryAfter);
  }

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.isGuest, false)));

  let tempPass = false;
  let ok = false;
  if (!user?.passwordHash) {
    await verifyPassword(await dummyHash({ ctx }), input.password);
  } else {
    ok = await verifyPassword(user.passwordHash, input.password);
    // An expired temporary password is simply not accepted.
    if (!ok && user.tempPasswordHash && user.tempPasswordExpiresAt && user.tempPasswordExpiresAt > new Date()) {
      ok = tempPass = await verifyPassword(user.tempPasswordHash, input.password);
    }
  }
  if (!user || !ok) {
    await recordHit({ ctx, input: { key: accountKey, windowSeconds } });
    if (addressKey) await recordHit({ ctx, input: { key: addressKey, windowSeconds } });
    throw new ApiError(401, 'wrong_login_details', 'Username and/or password are wrong');
  }
  await resetThrottle({ ctx, input: { key: accountKey } });
  const token = await createSession({ ctx, input: { userId: user.id, tempPass } });
  return tempPass ? { auth_token: token, _id: user.id, passwordExpired: true } : { auth_token: token, _id: user.id };
}
