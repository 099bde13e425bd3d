// The lottery benefit and tutorial completions (shell-and-account.md §3 Lottery, Tutorial). A lottery's texts are kept
// per language (the app asks in the driver's language); an opt-in is one per user and opt-in name: joining twice keeps
// the first join. Completed tutorials: one record per user, topic and language (§4 Tutorials).
import { index, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './users';

export type LotteryTexts = { title: string; description: string; prize: string; terms: string };

export const lotteries = pgTable('lotteries', {
  id: text('id').primaryKey(),
  /** The opt-in name that joins it. */
  name: text('name').notNull().unique(),
  /** Texts by language (de en nl fr it es pt da pl); English is the fallback. */
  texts: jsonb('texts').$type<Record<string, LotteryTexts>>().notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  drawAt: ts('draw_at').notNull(),
  createdAt: createdAt(),
});

export const optins = pgTable(
  'optins',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** When the driver agreed to the terms (joining needs it). */
    consentAt: ts('consent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('optins_user_name').on(t.userId, t.name), index('optins_name').on(t.name)],
);

export const completedTutorials = pgTable(
  'completed_tutorials',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: text('topic_id').notNull(),
    tutorialLanguage: text('tutorial_language').notNull(),
    completedAt: ts('completed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topicId, t.tutorialLanguage] })],
);
