// Mail: the queue every mail goes out from (server/mail/queue.ts), and the development mailbox (mail kept instead of
// sent, DEMO_MODE).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MailAttachment } from '../../mail/mailer';
import { createdAt, ts } from './columns';

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

/**
 * What a queued row is: a mail written by its sender (`mail`), or a forgotten-password request (`temp-password`),
 * which the drainer turns into a mail when it sends it — the account is looked up, a temporary password made and
 * mailed, and stored only once the relay accepted the mail (issue 36). The request writes the same row whether or not
 * the email has an account (issue 32.10); for an address without one the drainer drops the row.
 */
export type MailQueueKind = 'mail' | 'temp-password';

export type MailQueueState = 'queued' | 'sent' | 'failed';

export const mailQueue = pgTable(
  'mail_queue',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<MailQueueKind>().notNull().default('mail'),
    to: text('to').notNull(),
    /** The language it is written in; for a temp-password row the request's (the account's own wins when sent). */
    locale: text('locale').notNull(),
    /** Subject and body of a `mail` row; emptied once it was sent or given up. Empty for a temp-password row. */
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    state: text('state').$type<MailQueueState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When the drainer may take it (again); a claim moves it a lease ahead. */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: ts('last_attempt_at'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.state, t.nextAttemptAt),
    index('mail_queue_last_attempt_idx').on(t.state, t.lastAttemptAt),
  ],
);

export type MailQueueRow = typeof mailQueue.$inferSelect;
