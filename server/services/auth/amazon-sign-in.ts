// "Sign in with Amazon" (shell-and-account.md §2.1 /amazonSSORedirect). With the merchant's Amazon Pay key the buyer
// token is Amazon's: the buyer is read from Amazon Pay API v2 (Get Buyer). Without it, in DEMO_MODE, the sandbox Amazon
// sign-in page issues a buyer token for the buyer the tester names, exchanged here once.
// A buyer signs in only to the account linked to them (issue 32.1: the sandbox page names any email, so an email alone
// proves nothing): their first sign-in with an unknown email creates an account (names and email from Amazon, no
// password: "Forgot your password?" sets one) and links it, with the friend's referral code the driver brought from
// /register. An email that already has an account is linked only when the sign-in brings that account's password
// (checked as a password login, with its throttles); without it the answer is 409 amazon_link_required and the token
// stays unspent, so the app can ask for the password and send the same token again.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AmazonSignInBody, AmazonSignInResponse } from '../../../contract/auth';
import { getAmazonBuyer } from '../../auth/amazon-pay-client';
import { newId, newToken, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { accounts, amazonBuyerTokens, amazonIdentities, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { amazonMerchantKey, amazonSignInMode, amazonSignInOff } from '../../psp/amazon-pay';
import { defaultAccountFeatures } from '../accounts';
import { acceptReferralCode } from '../vouchers/referral';
import { createSession } from './create-session';
import { loginLocal } from './login-local';

/** A buyer token is good for five minutes: long enough for a redirect, short enough not to be kept around. */
export const AMAZON_BUYER_TOKEN_TTL_MS = 5 * 60_000;

export type AmazonBuyer = { name: string; email: string };
/** A buyer and who they are to us: Amazon's buyerId, or `sandbox:<email>` for the sandbox page's buyers. */
type KnownBuyer = AmazonBuyer & { subject: string; spend(): Promise<void> };

const rejected = (reason: 'unknown' | 'expired' | 'used', message: string) =>
  new DomainError('unprocessable', 'amazon_token_invalid', message, { reason });

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

/** POST /auth/amazon/sign-in: a genuine, unused, unexpired buyer token → a session of the buyer's linked user. */
export async function signInWithAmazon({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: AmazonSignInBody & { address: string | undefined };
}): Promise<AmazonSignInResponse> {
  const mode = amazonSignInMode(ctx);
  if (mode === 'off') throw amazonSignInOff();
  const buyer = mode === 'amazon' ? await buyerFromAmazon(ctx, input.buyerToken) : await sandboxBuyer(ctx, input);
  const [linked] = await ctx.db
    .select({ userId: amazonIdentities.userId })
    .from(amazonIdentities)
    .where(eq(amazonIdentities.subject, buyer.subject));
  if (linked) {
    await buyer.spend();
    return { auth_token: await createSession({ ctx, input: { userId: linked.userId } }), _id: linked.userId };
  }
  const existing = await existingUser(ctx, buyer.email);
  if (existing) {
    // Someone's account already has this email: only its password links the buyer to it.
    if (!input.password) {
      throw new DomainError(
        'conflict',
        'amazon_link_required',
        'An account with this email exists: give its password to link',
        {
          email: buyer.email,
        },
      );
    }
    const login = await loginLocal({
      ctx,
      input: { email: buyer.email, password: input.password, address: input.address },
    });
    await buyer.spend();
    await link(ctx, buyer, login._id);
    return { auth_token: login.auth_token, _id: login._id };
  }
  await buyer.spend();
  // A friend's code counts only for the account this sign-in creates (as with POST /auth/register).
  const made = await createBuyerAccount(ctx, buyer, input.referralCode);
  const token = await createSession({ ctx, input: { userId: made.userId } });
  return { auth_token: token, _id: made.userId, ...(made.referral ? { referral: made.referral } : {}) };
}

async function link(ctx: AppContext, buyer: KnownBuyer, userId: string): Promise<void> {
  await ctx.db
    .insert(amazonIdentities)
    .values({ subject: buyer.subject, userId, email: buyer.email, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
}

/** Amazon's own buyer token: the buyer from GET /v2/buyers/{buyerToken}, signed with the merchant's key. */
async function buyerFromAmazon(ctx: AppContext, buyerToken: string): Promise<KnownBuyer> {
  const merchant = amazonMerchantKey(ctx);
  if (!merchant) throw amazonSignInOff();
  const a = ctx.env.wallets.amazon;
  const buyer = await getAmazonBuyer(
    { apiUrl: a.apiUrl, publicKeyId: merchant.publicKeyId, privateKey: merchant.key, sandbox: a.sandbox },
    buyerToken,
    ctx.clock.now(),
  );
  // Amazon's token is Amazon's to expire; nothing of ours to spend.
  return { name: buyer.name, email: buyer.email, subject: buyer.buyerId, spend: async () => {} };
}

/**
 * The sandbox page's token: genuine, unused and unexpired. Spent (`spend`) in the statement that checks it again, so
 * two tabs racing with one token get one session; a sign-in refused before that leaves it for the retry.
 */
async function sandboxBuyer(ctx: AppContext, input: AmazonSignInBody): Promise<KnownBuyer> {
  const hash = sha256Hex(input.buyerToken);
  const now = ctx.clock.now();
  const [row] = await ctx.db.select().from(amazonBuyerTokens).where(eq(amazonBuyerTokens.tokenHash, hash));
  if (!row) throw rejected('unknown', 'This Amazon sign-in is not known');
  if (row.usedAt) throw rejected('used', 'This Amazon sign-in was used already');
  if (row.expiresAt.getTime() <= now.getTime()) throw rejected('expired', 'This Amazon sign-in has expired');
  const spend = async () => {
    const [spent] = await ctx.db
      .update(amazonBuyerTokens)
      .set({ usedAt: ctx.clock.now() })
      .where(
        and(
          eq(amazonBuyerTokens.tokenHash, hash),
          isNull(amazonBuyerTokens.usedAt),
          sql`${amazonBuyerTokens.expiresAt} > ${ctx.clock.now().toISOString()}`,
        ),
      )
      .returning({ tokenHash: amazonBuyerTokens.tokenHash });
    if (!spent) throw rejected('used', 'This Amazon sign-in was used already');
  };
  return { name: row.name, email: row.email, subject: `sandbox:${row.email}`, spend };
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
  buyer: KnownBuyer,
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
      await tx
        .insert(amazonIdentities)
        .values({ subject: buyer.subject, userId, email: buyer.email, createdAt: ctx.clock.now() });
      if (!referralCode) return null;
      const code = referralCode.trim().toUpperCase();
      // Unlike POST /auth/register, a refused code must not lose the sign-in: Amazon's buyer token is spent and the
      // driver cannot correct the code on Amazon's page. So it runs in a savepoint: refused, only its rows go.
      try {
        await tx.transaction((sp) => acceptReferralCode(sp, { userId, referralCode: code, now: ctx.clock.now() }));
        return { code, accepted: true };
      } catch (err) {
        if (err instanceof DomainError) return { code, accepted: false, error: err.code };
        throw err;
      }
    });
    return { userId, referral };
  } catch (err) {
    // Another sign-in of the same buyer created it a moment ago: that account is theirs. One made meanwhile by
    // someone else (a registration with this email) is not: it needs its password, as above.
    if (isUniqueViolation(err)) {
      const [mine] = await ctx.db
        .select({ userId: amazonIdentities.userId })
        .from(amazonIdentities)
        .where(eq(amazonIdentities.subject, buyer.subject));
      if (mine) return { userId: mine.userId, referral: null };
      throw new DomainError(
        'conflict',
        'amazon_link_required',
        'An account with this email exists: give its password to link',
        {
          email: buyer.email,
        },
      );
    }
    throw err;
  }
}
