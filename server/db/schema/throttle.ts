import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters: 'account:<email>', 'address:<ip>' (login) and 'resend:<email>' (temporary passwords). */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});
