// "Sign in with Amazon" (shell-and-account.md §2.1 /amazonSSORedirect). With the merchant's Amazon Pay key the buyer
// token is Amazon's: the buyer is read from Amazon Pay API v2 (Get Buyer). Without it, in DEMO_MODE, the sandbox Amazon
// sign-in page issues a buyer token for the buyer the tester names, exchanged here once. An existing
// user with the buyer's email is signed in; an unknown email gets a registered account (names and email from Amazon,
// no password: "Forgot your password?" sets one), with the friend's referral code the driver brought from /register.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AmazonSignInBody, AmazonSignInResponse } from '../../../contract/auth';
import { getAmazonBuyer } from '../../auth/amazon-pay-client';
import { newId, newToken, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { accounts, amazonBuyerTokens, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { amazonMerchantKey, amazonSignInMode, amazonSignInOff } from '../../psp/amazon-pay';
import { defaultAccountFeatures } from '../accounts';
import { acceptReferralCode } from '../vouchers/referral';
import { createSession } from './create-session';

/** A buyer token is good for five minutes: long enough for a redirect, short enough not to be kept around. */
export const AMAZON_BUYER_TOKEN_TTL_MS = 5 * 60_000;

export type AmazonBuyer = { name: string; email: string };

const rejected = (reason: 'unknown' | 'expired' | 'used', message: string) =>
  new ApiError(422, 'amazon_token_invalid', message, { reason });

/** The sandbox Amazon's side: a buyer token for this buyer (only its hash is kept). */
export async function issueAmazonBuyerToken({ ctx, input }: { ctx: AppContext; input: AmazonBuyer }): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  // Tokens past their life are of no use to anyone: drop those a day old (they hold a name and an email).
  await ctx.db
    .delete(amazonBuyerTokens)
    .where(lt(amazonBuyerTokens.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
  await ctx.db.insert(amazonBuyerTokens).values({
    tokenHash: sha256Hex(token),
    email: input.email.trim().toLowerCase(),
    name: input.name.trim(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + AMAZON_BUYER_TOKEN_TTL_MS),
  });
  return token;
}

/** Splits Amazon's one name field: the first word is the first name, the rest the last name. */
export function splitBuyerName(name: string): { firstName: string | null; lastName: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  return { firstName: words[0] ?? null, lastName: words.slice(1).join(' ') || null };
}

/** POST /auth/amazon/sign-in: a genuine, unused, unexpired buyer token → a session of the buyer's user. */
export async function signInWithAmazon({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: AmazonSignInBody;
}): Promise<AmazonSignInResponse> {
  const mode = amazonSignInMode(ctx);
  if (mode === 'off') throw amazonSignInOff();
  const buyer = mode === 'amazon' ? await buyerFromAmazon(ctx, input.buyerToken) : await spendSandboxToken(ctx, input);
  const existing = await existingUser(ctx, buyer.email);
  // A friend's code counts only for the account this sign-in creates (as with POST /auth/register); an existing
  // driver who signs in with one keeps their account as it is (they can enter a code on /profile/refer).
  const made = existing ? null : await createBuyerAccount(ctx, buyer, input.referralCode);
  const userId = existing ?? made!.userId;
  const token = await createSession({ ctx, input: { userId } });
  return { auth_token: token, _id: userId, ...(made?.referral ? { referral: made.referral } : {}) };
}

/** Amazon's own buyer token: the buyer from GET /v2/buyers/{buyerToken}, signed with the merchant's key. */
async function buyerFromAmazon(ctx: AppContext, buyerToken: string): Promise<AmazonBuyer> {
  const merchant = amazonMerchantKey(ctx);
  if (!merchant) throw amazonSignInOff();
  const a = ctx.env.wallets.amazon;
  const buyer = await getAmazonBuyer(
    { apiUrl: a.apiUrl, publicKeyId: merchant.publicKeyId, privateKey: merchant.key, sandbox: a.sandbox },
    buyerToken,
    ctx.clock.now(),
  );
  return { name: buyer.name, email: buyer.email };
}

/** The sandbox page's token: genuine, unused and unexpired, spent in the statement that checks it. */
async function spendSandboxToken(ctx: AppContext, input: AmazonSignInBody): Promise<AmazonBuyer> {
  const hash = sha256Hex(input.buyerToken);
  const now = ctx.clock.now();
  // Spend it in the statement that checks it: two tabs racing with one token get one session.
  const [buyer] = await ctx.db
    .update(amazonBuyerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(amazonBuyerTokens.tokenHash, hash),
        isNull(amazonBuyerTokens.usedAt),
        sql`${amazonBuyerTokens.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ email: amazonBuyerTokens.email, name: amazonBuyerTokens.name });
  if (!buyer) {
    const [row] = await ctx.db
      .select({ usedAt: amazonBuyerTokens.usedAt })
      .from(amazonBuyerTokens)
      .where(eq(amazonBuyerTokens.tokenHash, hash));
    if (!row) throw rejected('unknown', 'This Amazon sign-in is not known');
    if (row.usedAt) throw rejected('used', 'This Amazon sign-in was used already');
    throw rejected('expired', 'This Amazon sign-in has expired');
  }
  return buyer;
}

async function existingUser(ctx: AppContext, email: string): Promise<string | null> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), or(eq(users.isGuest, false), isNull(users.isGuest))));
  return user?.id ?? null;
}

type Referral = NonNullable<AmazonSignInResponse['referral']>;

async function createBuyerAccount(
  ctx: AppContext,
  buyer: AmazonBuyer,
  referralCode: string | undefined,
): Promise<{ userId: string; referral: Referral | null }> {
  const accountId = newId();
  const userId = newId();
  try {
    const referral = await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id: accountId, features: defaultAccountFeatures() });
      await tx.insert(users).values({
        id: userId,
        email: buyer.email,
        passwordHash: null,
        accountId,
        ...splitBuyerName(buyer.name),
      });
      if (!referralCode) return null;
      const code = referralCode.trim().toUpperCase();
      // Unlike POST /auth/register, a refused code must not lose the sign-in: Amazon's buyer token is spent and the
      // driver cannot correct the code on Amazon's page. So it runs in a savepoint: refused, only its rows go.
      try {
        await tx.transaction((sp) => acceptReferralCode(sp, { userId, referralCode: code, now: ctx.clock.now() }));
        return { code, accepted: true };
      } catch (err) {
        if (err instanceof ApiError) return { code, accepted: false, error: err.code };
        throw err;
      }
    });
    return { userId, referral };
  } catch (err) {
    // Another sign-in with the same email registered it a moment ago: that account is the buyer's.
    if (isUniqueViolation(err)) {
      const id = await existingUser(ctx, buyer.email);
      if (id) return { userId: id, referral: null };
    }
    throw err;
  }
}
