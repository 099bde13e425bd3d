import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters (services/throttle): failed logins per (account, address), per address and per account,
 * temporary-password mails per email, wrong console tokens and the per-address rate limits.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
  /** The latest hit: growing delays between failed logins count from it. */
  lastHitAt: timestamp('last_hit_at', { withTimezone: true, mode: 'date' }),
});
