// Loyalty cards of users (shell-and-account.md §3 Loyalty): one per program and user. A loyalty card number is no
// payment card; the partner form's answers are kept for the partner account it created.
import { index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import type { LoyaltyProvider, PartnerAccountBody } from '../../../contract/loyalty';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

export const loyaltySubscriptions = pgTable(
  'loyalty_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<LoyaltyProvider>().notNull(),
    cardNumber: text('card_number').notNull(),
    email: text('email'),
    partnerAccount: jsonb('partner_account').$type<PartnerAccountBody>(),
    createdAt: createdAt(),
  },
  (t) => [unique('loyalty_subscriptions_user_provider').on(t.userId, t.provider)],
);

/**
 * The loyalty items of an order (pay-flows.md §3 Order loyaltyItems, the receipt's loyalty line): the points the
 * driver's loyalty card collected with this order and the card's total after it. Written once, at the capture.
 */
export const orderLoyaltyItems = pgTable(
  'order_loyalty_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    programName: text('program_name').notNull(),
    /** Points of this order. */
    amount: integer('amount').notNull(),
    /** The card's points including this order. */
    totalAmount: integer('total_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_loyalty_items_subscription_idx').on(t.subscriptionId),
  ],
);
