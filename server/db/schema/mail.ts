// The development mailbox: mail kept instead of sent while SMTP_HOST is unset.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const mails = pgTable(
  'mails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mails_to_idx').on(t.to)],
);

export type MailRow = typeof mails.$inferSelect;
