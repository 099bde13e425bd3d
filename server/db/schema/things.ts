import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { VehicleFuel, VehicleType } from '../../../contract/vehicles';
import { createdAt } from './columns';
import { users } from './users';

/** A user's vehicles ("things", shell-and-account.md §3 Vehicle). GET /users/{id} reports the first one as thingId. */
export const things = pgTable(
  'things',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<VehicleType>().notNull().default('car'),
    nickName: text('nick_name').notNull(),
    brand: text('brand'),
    model: text('model'),
    buildYear: integer('build_year'),
    fuelType: text('fuel_type').$type<VehicleFuel>(),
    tankCapacityL: integer('tank_capacity_l'),
    licensePlate: text('license_plate'),
    vin: text('vin'),
    mileageKm: integer('mileage_km'),
    /** YYYY-MM-DD. */
    nextInspection: text('next_inspection'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('things_user_id_idx').on(t.userId, t.createdAt)],
);

export type ThingRow = typeof things.$inferSelect;
