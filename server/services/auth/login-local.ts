import { and, eq } from 'drizzle-orm';
import type { LoginLocalBody, LoginResponse } from '../../../contract/auth';
import { TEMP_PASSWORD_SHAPE, verifyPassword } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import { readThrottle, recordHit, resetThrottle, type ThrottleState } from '../throttle';
import { createSession } from './create-session';
import { dummyHash } from './dummy-hash';

const tooMany = (seconds: number, message = 'Too many failed logins; try again later') =>
  new DomainError('rate_limited', 'too_many_requests', message, undefined, Math.max(1, Math.ceil(seconds)));

/** Seconds one (account, address) must wait after its latest failure: none for the first few, then 1, 2, 4 … */
export function loginDelaySeconds(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), maxSeconds);
}

/**
 * POST /auth/login/local. Failed logins are throttled so that nobody can lock the owner out (issue 10):
 * - per (account, address): a few free failures, then growing delays (429 with Retry-After until the delay is over);
 *   the owner at another address is not affected; a success there resets it;
 * - per address, over all accounts (LOGIN_MAX_FAILURES_PER_ADDRESS a window);
 * - per account over all addresses, a generous ceiling against distributed guessing (LOGIN_MAX_FAILURES_PER_ACCOUNT):
 *   past it only a temporary password opens the account, so the reset mail is the way back in.
 * Same work whether or not the account exists or has a temporary password pending: one verification against the
 * password (a dummy hash without one) and, exactly when the input has the shape of a temporary password, one against
 * the pending temporary password (or the dummy). What the caller typed decides, never the account.
 */
export async function loginLocal({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: LoginLocalBody & { address: string | undefined };
}): Promise<LoginResponse> {
  const { env } = ctx;
  const windowSeconds = env.loginWindowSeconds;
  const pairKey = `login:${input.email}|${input.address ?? 'unknown'}`;
  const addressKey = input.address ? `login-address:${input.address}` : undefined;
  const accountKey = `login-account:${input.email}`;
  const none: ThrottleState = { count: 0, retryAfterSeconds: 0, lastHitAt: undefined };
  const [pair, address, account] = await Promise.all([
    readThrottle({ ctx, input: { key: pairKey, windowSeconds } }),
    addressKey ? readThrottle({ ctx, input: { key: addressKey, windowSeconds } }) : none,
    readThrottle({ ctx, input: { key: accountKey, windowSeconds } }),
  ]);
  if (address.count >= env.loginMaxFailuresPerAddress) throw tooMany(address.retryAfterSeconds);
  const delay = loginDelaySeconds(pair.count, env.loginFreeFailures, windowSeconds);
  const waited = pair.lastHitAt ? (Date.now() - pair.lastHitAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (delay > waited) throw tooMany(Math.min(delay - waited, pair.retryAfterSeconds));
  const ceiling = account.count >= env.loginMaxFailuresPerAccount;

  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.isGuest, false)));

  const dummy = await dummyHash({ ctx });
  const matchesPassword = await verifyPassword(user?.passwordHash ?? dummy, input.password);
  let ok = matchesPassword && !!user?.passwordHash && !ceiling;
  let tempPass = false;
  if (TEMP_PASSWORD_SHAPE.test(input.password)) {
    // An expired temporary password is simply not accepted.
    const pending = !!user?.tempPasswordHash && !!user.tempPasswordExpiresAt && user.tempPasswordExpiresAt > new Date();
    const matchesTemp = await verifyPassword(pending ? (user?.tempPasswordHash as string) : dummy, input.password);
    if (!ok && pending && matchesTemp) ok = tempPass = true;
  }
  if (!user || !ok) {
    await Promise.all([
      recordHit({ ctx, input: { key: pairKey, windowSeconds } }),
      addressKey ? recordHit({ ctx, input: { key: addressKey, windowSeconds } }) : undefined,
      recordHit({ ctx, input: { key: accountKey, windowSeconds } }),
    ]);
    if (ceiling) {
      throw tooMany(
        account.retryAfterSeconds,
        'Too many failed logins for this account; ask for a temporary password (Forgot your password?)',
      );
    }
    throw new DomainError('unauthenticated', 'wrong_login_details', 'Username and/or password are wrong');
  }
  await resetThrottle({ ctx, input: { key: pairKey } });
  const token = await createSession({ ctx, input: { userId: user.id, tempPass } });
  return tempPass ? { auth_token: token, _id: user.id, passwordExpired: true } : { auth_token: token, _id: user.id };
}
