import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** A user's vehicles ("things"). GET /users/{id} reports the first one as thingId. */
export const things = pgTable(
  'things',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nickName: text('nick_name').notNull(),
    licensePlate: text('license_plate').notNull(),
    vin: text('vin'),
    createdAt: createdAt(),
  },
  (t) => [index('things_user_id_idx').on(t.userId, t.createdAt)],
);

export type ThingRow = typeof things.$inferSelect;
