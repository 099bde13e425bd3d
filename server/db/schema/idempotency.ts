import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './users';

/** Idempotency keys of the order calls and the app's outbox writes, per user; claimed atomically, replayed for 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** method + path + sha256(canonical JSON body). */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').$type<'in_progress' | 'done'>().notNull(),
    /** The process that claimed the key (ctx.processId): a key in progress whose owner is gone may be taken over. */
    owner: text('owner'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
