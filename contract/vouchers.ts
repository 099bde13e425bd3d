// Wire format of vouchers and the discount preview (shell-and-account.md §3 Voucher store, §7 Vouchers and referral;
// pay-flows.md §3 Voucher preview, §7 Vouchers). Shared by app and server. Money is integer minor units.
import { z } from 'zod';
import { REFERRAL_CODE_PATTERN } from './auth';
import { orderPrice } from './orders';
import { currency } from './stations';

/** What a voucher takes off: cents per litre/kWh, a percentage (basis points), or a fixed amount. */
export const DISCOUNT_KINDS = ['PER_UNIT', 'PERCENT', 'FIXED'] as const;
export const discountKind = z.enum(DISCOUNT_KINDS);
export type DiscountKind = z.infer<typeof discountKind>;

/** Product types a voucher applies to (the station product's type). */
export const VOUCHER_PRODUCT_TYPES = ['GAS', 'CAR_WASH', 'EV_CHARGE'] as const;
export const voucherProductType = z.enum(VOUCHER_PRODUCT_TYPES);
export type VoucherProductType = z.infer<typeof voucherProductType>;

/** A voucher card: the user's participation in a campaign (seeded, from a custom code, or the referral offer). */
export const campaignParticipation = z.object({
  id: z.string(),
  campaignId: z.string(),
  name: z.string(),
  /** Short text of the discount, e.g. "5 ct/l", "10 %", "2.00 EUR". */
  label: z.string(),
  description: z.string().nullable(),
  kind: discountKind,
  /** PER_UNIT: minor units per litre or kWh; PERCENT: basis points (1000 = 10 %); FIXED: minor units. */
  value: z.number().int(),
  currency: currency.nullable(),
  productTypes: z.array(voucherProductType),
  source: z.enum(['CAMPAIGN', 'CODE', 'REFERRAL']),
  active: z.boolean(),
  /** Uses left; null = as often as wanted while valid. 0 = used up. */
  usesLeft: z.number().int().nullable(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type CampaignParticipation = z.infer<typeof campaignParticipation>;
export const campaignParticipationsResponse = z.array(campaignParticipation);

/** POST v4/vouchers/campaign-participation-activations: campaignId; active false deactivates (default true). */
export const activationBody = z.strictObject({
  campaignId: z.string().min(1).max(64),
  active: z.boolean().optional(),
});
export type ActivationBody = z.infer<typeof activationBody>;

/** POST v4/vouchers/vouchers: a custom code. */
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9-]{4,32}$/;
export const customVoucherBody = z.strictObject({
  code: z.string().trim().regex(VOUCHER_CODE_PATTERN, 'Letters, digits and dashes, 4 to 32 characters'),
});
export type CustomVoucherBody = z.infer<typeof customVoucherBody>;

/** The error codes of a custom code (shell-and-account.md §8 Voucher errors). */
export const VOUCHER_ERRORS = {
  alreadyRedeemed: 'voucher_already_redeemed',
  notVerifiable: 'voucher_not_verifiable',
  expired: 'voucher_expired',
} as const;

/** POST v4/vouchers/discount-preview (pay-flows.md §7). */
export const discountPreviewBody = z.strictObject({
  total: z.strictObject({
    amount: z.number().int().min(0).max(100_000_000),
    currency,
    precision: z.number().int().min(0).max(4),
  }),
  poiId: z.string().min(1).max(64),
  paymentMethodId: z.string().min(1).max(64).optional(),
  products: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(64),
        fuelTypeId: z.string().min(1).max(64).optional(),
        unitPrice: z
          .strictObject({ amount: z.number().int().min(0), currency, precision: z.number().int().min(0).max(4) })
          .optional(),
        /** Litres or kWh, up to 3 decimals. Without it (prepay) the fill the total buys is assumed. */
        quantity: z.number().min(0).max(100_000).optional(),
      }),
    )
    .min(1)
    .max(5),
});
export type DiscountPreviewBody = z.infer<typeof discountPreviewBody>;

export const appliedDiscount = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  appliedDiscount: orderPrice,
});
export type AppliedDiscount = z.infer<typeof appliedDiscount>;

export const discountPreview = z.object({
  discounts: z.array(appliedDiscount),
  totalBeforeDiscounts: orderPrice,
  totalAfterDiscounts: orderPrice,
});
export type DiscountPreview = z.infer<typeof discountPreview>;

/**
 * Refer-a-friend (shell-and-account.md §9 "Referral offer"): a friend gets 5 ct/l off the first refuel and 10 ct/l once
 * they have fuelled 100 l; the referrer then gets 10 ct/l. Cents of EUR per litre, applied by the discount engine.
 */
export const REFERRAL_OFFER = {
  friendFirstRefuel: 5,
  friendAfterThreshold: 10,
  referrer: 10,
  currency: 'EUR',
  thresholdLitres: 100,
} as const;

// Here too for the referral parts; it lives with the registration, which takes a code (and loads on the landing).
export { REFERRAL_CODE_PATTERN } from './auth';

export const REFERRAL_STATUSES = ['ACCEPTED', 'IN_PROGRESS', 'COMPLETED'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** A friend's status: accepted (code entered, no fuel yet), in progress (fuelling towards the threshold), completed. */
export function referralStatus(friendFuelMl: number, completed: boolean): ReferralStatus {
  if (completed || friendFuelMl >= REFERRAL_OFFER.thresholdLitres * 1000) return 'COMPLETED';
  return friendFuelMl > 0 ? 'IN_PROGRESS' : 'ACCEPTED';
}

const referralFriend = z.object({
  /** Opaque, stable per friend (no friend's identity is shown). */
  id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** Litres the friend fuelled since accepting (3 decimals). */
  litres: z.number(),
  acceptedAt: z.string(),
});

/**
 * The offer in the driver's currency (their userCurrency, else their localisationCountry's; euro where the offer has no
 * amount): minor units per litre at `precision`, the same values the discount engine pays.
 */
export const referralOffer = z.object({
  currency,
  precision: z.number().int().min(0).max(4),
  friendFirstRefuel: z.number().int().min(0),
  friendAfterThreshold: z.number().int().min(0),
  referrer: z.number().int().min(0),
  thresholdLitres: z.number().int().positive(),
});
export type ReferralOffer = z.infer<typeof referralOffer>;

/** GET /v4/vouchers/referral-program-participation. */
export const referralParticipation = z.object({
  offer: referralOffer,
  /** The program opens after the driver's first completed transaction (§4 Refer-a-friend). */
  enabled: z.boolean(),
  referralCode: z.string().nullable(),
  progress: z.object({
    accepted: z.number().int(),
    inProgress: z.number().int(),
    completed: z.number().int(),
    friends: z.array(referralFriend),
  }),
  /** The code this driver entered as a friend, with their own progress; null if none. */
  referredBy: referralFriend.extend({ code: z.string() }).nullable(),
});
export type ReferralParticipation = z.infer<typeof referralParticipation>;

/** PUT v4/vouchers/referral-code: a friend enters a referrer's code. */
export const referralCodeBody = z.strictObject({
  referralCode: z.string().trim().regex(REFERRAL_CODE_PATTERN, '8 letters and digits'),
});
export type ReferralCodeBody = z.infer<typeof referralCodeBody>;

/** The error codes of PUT v4/vouchers/referral-code. */
export { REFERRAL_ERRORS } from './plain/referral';

/** A gift card the driver bought (shell-and-account.md §3 Gift card: code, expiry, amount, balance). */
export const giftCard = z.object({
  orderId: z.string(),
  code: z.string(),
  expirationDate: z.string(),
  amount: orderPrice,
  /** What is left to spend: the amount until the code is redeemed, then 0. */
  balance: orderPrice,
  /** The gift card product, e.g. "Gift card 25 EUR". */
  name: z.string(),
});
export type GiftCard = z.infer<typeof giftCard>;
/** GET v4/vouchers/gift-cards: the caller's gift cards, newest first. */
export const giftCardsResponse = z.array(giftCard);
