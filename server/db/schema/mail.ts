// The development mailbox: mail kept instead of sent while SMTP_HOST is unset.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MailAttachment } from '../../mail/mailer';
import { createdAt } from './columns';

export const mails = pgTable(
  'mails',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('mails_to_idx').on(t.to)],
);

export type MailRow = typeof mails.$inferSelect;
