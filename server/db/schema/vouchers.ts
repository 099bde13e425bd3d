// Vouchers (shell-and-account.md §3 Voucher store): campaigns, the users' voucher cards (participations), and the
// discounts an order received (written by the one discount engine when the order is captured: services/vouchers).
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import type { DiscountKind, VoucherProductType } from '../../../contract/vouchers';
import { createdAt, ts } from './columns';
import { orders } from './orders';
import { users } from './users';

/** A discount offer. `code` makes it joinable by a custom code (POST v4/vouchers/vouchers). */
export const voucherCampaigns = pgTable('voucher_campaigns', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  kind: text('kind').$type<DiscountKind>().notNull(),
  /** PER_UNIT: minor units per litre/kWh; PERCENT: basis points; FIXED: minor units. */
  value: integer('value').notNull(),
  /** The currency of PER_UNIT and FIXED values; null for PERCENT. */
  currency: text('currency'),
  /** PER_UNIT and FIXED: the value in other currencies (minor units), so an offer applies there too (the referral). */
  valuesByCurrency: jsonb('values_by_currency').$type<Record<string, number>>(),
  productTypes: jsonb('product_types').$type<VoucherProductType[]>().notNull(),
  source: text('source').$type<'CAMPAIGN' | 'CODE' | 'REFERRAL'>().notNull(),
  /** Stored uppercased; unique. */
  code: text('code').unique(),
  /** How many users may join by the code; null = any number (each once). */
  maxCodeUses: integer('max_code_uses'),
  /** Uses each participation starts with; null = unlimited while valid. */
  usesPerParticipation: integer('uses_per_participation'),
  validUntil: ts('valid_until'),
  createdAt: createdAt(),
});

/** A user's voucher card: the user takes part in a campaign; only active cards with uses left apply. */
export const voucherParticipations = pgTable(
  'voucher_participations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => voucherCampaigns.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    usesLeft: integer('uses_left'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('voucher_participations_user_campaign').on(t.userId, t.campaignId),
    index('voucher_participations_campaign_idx').on(t.campaignId),
  ],
);

/** The discounts applied to an order, as the receipt lists them. Written once, in the capture's transaction. */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    participationId: text('participation_id'),
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    /** Minor units at the order's amount precision (2). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);

export type VoucherCampaignRow = typeof voucherCampaigns.$inferSelect;
export type VoucherParticipationRow = typeof voucherParticipations.$inferSelect;

/**
 * Refer-a-friend (shell-and-account.md §3 Refer-a-friend, §4): a driver's own referral code, made the first time the
 * program is asked for once it is enabled (after the driver's first completed transaction).
 */
export const referralCodes = pgTable('referral_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Uppercase letters and digits; unique. */
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A friend who entered a referrer's code (one referrer per friend). friendFuelMl counts the fuel the friend bought
 * since (captured GAS orders); completedAt is set when it reaches the threshold and the rewards were granted.
 */
export const referrals = pgTable(
  'referrals',
  {
    friendUserId: text('friend_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerUserId: text('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    friendFuelMl: integer('friend_fuel_ml').notNull().default(0),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerUserId)],
);

export type ReferralRow = typeof referrals.$inferSelect;
