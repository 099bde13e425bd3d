// Refer-a-friend (shell-and-account.md §3 Refer-a-friend, §4 "enabled only after at least one transaction", §7
// Vouchers and referral, §9 Referral offer). The offer is paid out as voucher cards of three REFERRAL campaigns, so
// the one discount engine applies it exactly as the summary's preview shows it:
// - a friend who enters a code gets a single-use 5 ct/l card (their first refuel);
// - once the friend has fuelled 100 l (counted at each fuel capture, recordReferralFuel), the friend gets a single-use
//   10 ct/l card and the referrer one more use of a 10 ct/l card (one per friend who completes).
import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  REFERRAL_ERRORS,
  REFERRAL_OFFER,
  type ReferralCodeBody,
  type ReferralOffer,
  type ReferralParticipation,
  referralStatus,
} from '../../../contract/vouchers';
import { newId, sha256Hex } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  orders,
  type ReferralRow,
  referralCodes,
  referrals,
  users,
  voucherCampaigns,
  voucherParticipations,
} from '../../db/schema';
import { DomainError } from '../../errors';

export const REFERRAL_CAMPAIGNS = {
  friendFirst: 'referral-friend-first',
  friendAfter: 'referral-friend-100l',
  referrer: 'referral-referrer',
} as const;

const { currency, thresholdLitres } = REFERRAL_OFFER;
const THRESHOLD_ML = thresholdLitres * 1000;

/**
 * The offer outside the euro (minor units per litre), so a Danish, Czech, Polish or Swiss friend gets it too. The spec
 * gives euro cents only; these are the euro amounts at about 7.46 DKK, 25 CZK, 4.3 PLN and 0.94 CHF to the euro,
 * rounded to a round local figure, never above the euro value: 5 ct = 0.40 DKK = 1.25 CZK = 0.20 PLN = 0.05 CHF,
 * 10 ct = 0.75 DKK = 2.50 CZK = 0.40 PLN = 0.10 CHF.
 */
export const REFERRAL_OFFER_ABROAD = {
  DKK: { friendFirstRefuel: 40, friendAfterThreshold: 75, referrer: 75 },
  CZK: { friendFirstRefuel: 125, friendAfterThreshold: 250, referrer: 250 },
  PLN: { friendFirstRefuel: 20, friendAfterThreshold: 40, referrer: 40 },
  CHF: { friendFirstRefuel: 5, friendAfterThreshold: 10, referrer: 10 },
} as const;

type OfferPart = keyof (typeof REFERRAL_OFFER_ABROAD)['DKK'];
type AbroadCurrency = keyof typeof REFERRAL_OFFER_ABROAD;

/** The countries of the spec that do not pay in euro, and their currency. */
const COUNTRY_CURRENCY: Readonly<Record<string, AbroadCurrency>> = {
  DK: 'DKK',
  CZ: 'CZK',
  PL: 'PLN',
  CH: 'CHF',
  LI: 'CHF',
};

const isAbroad = (code: string): code is AbroadCurrency => Object.hasOwn(REFERRAL_OFFER_ABROAD, code);

/**
 * The offer as a driver sees it on /profile/refer: in their userCurrency when the offer has one other than the euro
 * (userCurrency defaults to EUR, so EUR there says nothing), else in their localisationCountry's currency, else in euro.
 */
export function referralOfferFor(user: { userCurrency: string; localisationCountry: string }): ReferralOffer {
  const chosen = user.userCurrency.toUpperCase();
  const code = isAbroad(chosen) ? chosen : COUNTRY_CURRENCY[user.localisationCountry.toUpperCase()];
  const values = code ? REFERRAL_OFFER_ABROAD[code] : REFERRAL_OFFER;
  return {
    currency: code ?? currency,
    precision: 2,
    friendFirstRefuel: values.friendFirstRefuel,
    friendAfterThreshold: values.friendAfterThreshold,
    referrer: values.referrer,
    thresholdLitres,
  };
}
const abroad = (part: OfferPart): Record<string, number> =>
  Object.fromEntries(Object.entries(REFERRAL_OFFER_ABROAD).map(([code, offer]) => [code, offer[part]]));

const CAMPAIGNS: (typeof voucherCampaigns.$inferInsert)[] = [
  {
    id: REFERRAL_CAMPAIGNS.friendFirst,
    name: 'Welcome from a friend',
    description: `${REFERRAL_OFFER.friendFirstRefuel} cents off every litre of your first refuel.`,
    kind: 'PER_UNIT',
    value: REFERRAL_OFFER.friendFirstRefuel,
    currency,
    valuesByCurrency: abroad('friendFirstRefuel'),
    productTypes: ['GAS'],
    source: 'REFERRAL',
    usesPerParticipation: 1,
  },
  {
    id: REFERRAL_CAMPAIGNS.friendAfter,
    name: `Friend bonus after ${thresholdLitres} l`,
    description: `${REFERRAL_OFFER.friendAfterThreshold} cents off every litre of your next refuel.`,
    kind: 'PER_UNIT',
    value: REFERRAL_OFFER.friendAfterThreshold,
    currency,
    valuesByCurrency: abroad('friendAfterThreshold'),
    productTypes: ['GAS'],
    source: 'REFERRAL',
    usesPerParticipation: 1,
  },
  {
    id: REFERRAL_CAMPAIGNS.referrer,
    name: 'Thanks for referring',
    description: `${REFERRAL_OFFER.referrer} cents off every litre of a refuel, once per friend who fuelled ${thresholdLitres} l.`,
    kind: 'PER_UNIT',
    value: REFERRAL_OFFER.referrer,
    currency,
    valuesByCurrency: abroad('referrer'),
    productTypes: ['GAS'],
    source: 'REFERRAL',
    usesPerParticipation: 1,
  },
];

/** The offer's campaigns exist, with today's amounts abroad (idempotent; also called by the seed). */
export async function ensureReferralCampaigns(db: Db | Tx): Promise<void> {
  await db
    .insert(voucherCampaigns)
    .values(CAMPAIGNS)
    .onConflictDoUpdate({
      target: voucherCampaigns.id,
      set: { valuesByCurrency: sql`excluded.values_by_currency` },
    });
}

/** States of an order whose product was delivered: a completed transaction. */
const DONE_STATES = ['PRODUCT_ACQUIRED', 'READY_FOR_INVOICE', 'COMPLETED'] as const;

async function hasCompletedTransaction(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.state, [...DONE_STATES])))
    .limit(1);
  return !!row;
}

// No 0/O, 1/I/L look-alikes: the code is read out and typed by a friend.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const makeCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

async function ownCode(ctx: AppContext, userId: string): Promise<string> {
  const [existing] = await ctx.db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  if (existing) return existing.code;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(referralCodes)
        .values({ userId, code: makeCode() })
        .onConflictDoNothing({ target: referralCodes.userId })
        .returning();
      if (row) return row.code;
      // Another request of the same driver made it meanwhile.
      const [made] = await ctx.db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
      if (made) return made.code;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // the code is taken: draw another
    }
  }
  throw new DomainError(
    'conflict',
    'referral_code_generation_failed',
    'The referral code could not be made, try again',
  );
}

const friendJson = (r: ReferralRow) => ({
  id: sha256Hex(`referral:${r.friendUserId}`).slice(0, 16),
  status: referralStatus(r.friendFuelMl, r.completedAt !== null),
  litres: r.friendFuelMl / 1000,
  acceptedAt: r.createdAt.toISOString(),
});

/** GET /v4/vouchers/referral-program-participation: the own code (once enabled), the friends' progress. */
export async function getReferralParticipation({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession };
}): Promise<ReferralParticipation> {
  const { userId, isGuest } = input.session;
  if (isGuest) throw new DomainError('forbidden', 'forbidden', 'Register to refer friends');
  const enabled = await hasCompletedTransaction(ctx.db, userId);
  const referralCode = enabled ? await ownCode(ctx, userId) : null;
  const friends = (
    await ctx.db.select().from(referrals).where(eq(referrals.referrerUserId, userId)).orderBy(referrals.createdAt)
  ).map(friendJson);
  const [mine] = await ctx.db.select().from(referrals).where(eq(referrals.friendUserId, userId));
  const count = (s: string) => friends.filter((f) => f.status === s).length;
  const [user] = await ctx.db
    .select({ userCurrency: users.userCurrency, localisationCountry: users.localisationCountry })
    .from(users)
    .where(eq(users.id, userId));
  return {
    offer: referralOfferFor(user ?? { userCurrency: currency, localisationCountry: 'DE' }),
    enabled,
    referralCode,
    progress: {
      accepted: count('ACCEPTED'),
      inProgress: count('IN_PROGRESS'),
      completed: count('COMPLETED'),
      friends,
    },
    referredBy: mine ? { ...friendJson(mine), code: mine.code } : null,
  };
}

const alreadyReferred = () =>
  new DomainError('conflict', REFERRAL_ERRORS.alreadyReferred, 'You already entered a referral code', [
    { path: 'referralCode', message: 'Already referred' },
  ]);

/**
 * Inside the caller's transaction: `userId` becomes the friend of the code's owner and gets the first-refuel card.
 * The rules of PUT v4/vouchers/referral-code; POST /auth/register applies them to the new driver too (there only an
 * unknown code can fail, and then nothing is registered).
 */
/**
 * The owner of a friend's code; an unknown code is refused (422 on referralCode). A registration of an email that has
 * an account asks it too, so both registrations refuse an unknown code alike (issue 32.13).
 */
export async function knownReferralCode(db: Tx | Db, referralCode: string) {
  const code = referralCode.trim().toUpperCase();
  const [owner] = await db.select().from(referralCodes).where(eq(referralCodes.code, code));
  if (!owner) {
    throw new DomainError('unprocessable', REFERRAL_ERRORS.unknown, 'This referral code does not exist', [
      { path: 'referralCode', message: 'Unknown code' },
    ]);
  }
  return owner;
}

export async function acceptReferralCode(
  tx: Tx,
  input: { userId: string; referralCode: string; now: Date },
): Promise<void> {
  const { userId, now } = input;
  const owner = await knownReferralCode(tx, input.referralCode);
  if (owner.userId === userId) {
    throw new DomainError('unprocessable', REFERRAL_ERRORS.own, 'You cannot use your own referral code', [
      { path: 'referralCode', message: 'Own code' },
    ]);
  }
  const [mine] = await tx.select().from(referrals).where(eq(referrals.friendUserId, userId));
  if (mine) throw alreadyReferred();
  if (await hasCompletedTransaction(tx, userId)) {
    throw new DomainError(
      'conflict',
      REFERRAL_ERRORS.notNew,
      'Referral codes are for drivers before their first refuel',
      [{ path: 'referralCode', message: 'Not a new driver' }],
    );
  }
  await ensureReferralCampaigns(tx);
  await tx
    .insert(referrals)
    .values({ friendUserId: userId, referrerUserId: owner.userId, code: owner.code, createdAt: now });
  await tx
    .insert(voucherParticipations)
    .values({
      id: newId(),
      userId,
      campaignId: REFERRAL_CAMPAIGNS.friendFirst,
      active: true,
      usesLeft: 1,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * PUT v4/vouchers/referral-code: a new driver enters a friend's code and gets the first-refuel card. Refused: the own
 * code (422), an unknown code (422), a second code (409), a driver who already completed a transaction (409).
 */
export async function enterReferralCode({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: ReferralCodeBody };
}): Promise<ReferralParticipation> {
  const { userId, isGuest } = input.session;
  if (isGuest) throw new DomainError('forbidden', 'forbidden', 'Register to use a referral code');
  try {
    await ctx.db.transaction((tx) =>
      acceptReferralCode(tx, { userId, referralCode: input.body.referralCode, now: ctx.clock.now() }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyReferred();
    throw err;
  }
  return getReferralParticipation({ ctx, input: { session: input.session } });
}

/**
 * Inside a fuel capture's transaction (applyOrderDiscounts): count the litres a referred friend bought; when they
 * reach the threshold, grant the friend's 10 ct/l card and one more use of the referrer's 10 ct/l card, once.
 */
export async function recordReferralFuel(
  tx: Tx,
  input: { userId: string; quantityMilli: number; now: Date },
): Promise<void> {
  if (input.quantityMilli <= 0) return;
  const [row] = await tx
    .update(referrals)
    .set({ friendFuelMl: sql`${referrals.friendFuelMl} + ${input.quantityMilli}` })
    .where(eq(referrals.friendUserId, input.userId))
    .returning();
  if (!row || row.completedAt !== null || row.friendFuelMl < THRESHOLD_ML) return;
  const [done] = await tx
    .update(referrals)
    .set({ completedAt: input.now })
    .where(and(eq(referrals.friendUserId, input.userId), sql`${referrals.completedAt} is null`))
    .returning();
  if (!done) return;
  await ensureReferralCampaigns(tx);
  await tx
    .insert(voucherParticipations)
    .values({
      id: newId(),
      userId: row.friendUserId,
      campaignId: REFERRAL_CAMPAIGNS.friendAfter,
      active: true,
      usesLeft: 1,
      createdAt: input.now,
    })
    .onConflictDoNothing();
  await tx
    .insert(voucherParticipations)
    .values({
      id: newId(),
      userId: row.referrerUserId,
      campaignId: REFERRAL_CAMPAIGNS.referrer,
      active: true,
      usesLeft: 1,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: [voucherParticipations.userId, voucherParticipations.campaignId],
      set: { usesLeft: sql`coalesce(${voucherParticipations.usesLeft}, 0) + 1`, active: true },
    });
}
