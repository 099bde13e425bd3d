// Loyalty cards of users (shell-and-account.md §3 Loyalty): one per program and user. A loyalty card number is no
// payment card; the partner form's answers are kept for the partner account it created.
import { jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { LoyaltyProvider, PartnerAccountBody } from '../../../src/contract/loyalty';
import { createdAt } from './columns';
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
