// The driver's logbook (shell-and-account.md §3 History event): one row per event in history_events (what every list,
// filter and statistic reads), and one table per kind for the rest (costs, payments, trips). Recurring costs are a
// series whose occurrences are materialised as events up to now. Images live in their own table, not in the rows the
// list reads. Money is stored in deci-cents (the cost calls' unit), fuel in millilitres, mileage in metres.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  CostCategory,
  EventSource,
  HistoryType,
  PaymentFields,
  RecurrencePeriod,
} from '../../../contract/history';
import { bytea } from './bytea';
import { createdAt, ts } from './columns';
import { things } from './things';
import { users } from './users';

export const historyEvents = pgTable(
  'history_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The vehicle; a deleted vehicle leaves its history without one. */
    thingId: text('thing_id').references(() => things.id, { onDelete: 'set null' }),
    type: text('type').$type<HistoryType>().notNull(),
    source: text('source').$type<EventSource>().notNull(),
    sampleTime: ts('sample_time').notNull(),
    /** PAYMENT and COST: the category (payments by product), the amount in deci-cents and its currency. */
    category: text('category').$type<CostCategory>(),
    currency: text('currency'),
    amountDeciCents: integer('amount_deci_cents'),
    /** PAYMENT: GAS, EV_CHARGE, CAR_WASH, GIFT_CARD (the productTypes filter). */
    productType: text('product_type'),
    fuelMl: integer('fuel_ml'),
    energyWh: integer('energy_wh'),
    odometerM: integer('odometer_m'),
    tankFull: boolean('tank_full'),
    /** A trip merged into another is hidden until the merged trip is unmerged. */
    mergedInto: text('merged_into'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('history_events_user_time_idx')
      .on(t.userId, t.sampleTime.desc(), t.id.desc())
      .where(sql`${t.mergedInto} is null`),
    index('history_events_thing_time_idx').on(t.thingId, t.sampleTime),
    index('history_events_merged_into_idx').on(t.mergedInto).where(sql`${t.mergedInto} is not null`),
    check('history_events_amount_check', sql`${t.amountDeciCents} is null or ${t.amountDeciCents} >= 0`),
  ],
);

/** A recurring cost: its template and how far it has been materialised. Ended by a delete of "this and following". */
export const historySeries = pgTable(
  'history_series',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').$type<Exclude<RecurrencePeriod, 'NEVER'>>().notNull(),
    /** The first occurrence's time: occurrence n is anchor + n periods (month ends clamp, never drift). */
    anchor: ts('anchor').notNull(),
    /** The next occurrence to materialise, and when it is due. */
    nextIndex: integer('next_index').notNull(),
    nextAt: ts('next_at'),
    /** What each new occurrence copies (the cost body as created). */
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('history_series_due_idx').on(t.userId, t.nextAt).where(sql`${t.nextAt} is not null`)],
);

export const historyCosts = pgTable(
  'history_costs',
  {
    eventId: text('event_id')
      .primaryKey()
      .references(() => historyEvents.id, { onDelete: 'cascade' }),
    recurrencePeriod: text('recurrence_period').$type<RecurrencePeriod>().notNull(),
    seriesId: text('series_id').references(() => historySeries.id, { onDelete: 'set null' }),
    seriesIndex: integer('series_index'),
    name: text('name'),
    notes: text('notes'),
  },
  (t) => [uniqueIndex('history_costs_series_idx').on(t.seriesId, t.seriesIndex)],
);

/** The receipt of a completed order, copied when it completed: one per order, ever. */
export const historyPayments = pgTable('history_payments', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => historyEvents.id, { onDelete: 'cascade' }),
  orderId: text('order_id').notNull().unique(),
  details: jsonb('details')
    .$type<Omit<PaymentFields, 'odometer' | 'tankFull' | 'category' | 'productType'>>()
    .notNull(),
});

export const historyTrips = pgTable('history_trips', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => historyEvents.id, { onDelete: 'cascade' }),
  distanceM: integer('distance_m').notNull(),
  drivingScore: integer('driving_score'),
  startAddress: text('start_address'),
  endAddress: text('end_address'),
  startLat: doublePrecision('start_lat'),
  startLon: doublePrecision('start_lon'),
  endLat: doublePrecision('end_lat'),
  endLon: doublePrecision('end_lon'),
  endTime: ts('end_time').notNull(),
  isResultOfMerge: boolean('is_result_of_merge').notNull().default(false),
});

/**
 * Images of an event (receipts, photos): their bytes are history_image_chunks, apart from the rows the list reads.
 * An upload is a row with ready = false while its bytes stream in (counted against the owner's quota); it becomes
 * ready with the write that answers the upload, or is removed (and an abandoned one after an hour).
 */
export const historyImages = pgTable(
  'history_images',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => historyEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    ready: boolean('ready').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('history_images_event_idx').on(t.eventId, t.createdAt), index('history_images_user_idx').on(t.userId)],
);

/** An image's bytes in pieces of at most IMAGE_CHUNK_BYTES, in order (seq from 0): an upload never sits whole in memory. */
export const historyImageChunks = pgTable(
  'history_image_chunks',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => historyImages.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.seq] })],
);

export type HistoryEventRow = typeof historyEvents.$inferSelect;
export type HistoryCostRow = typeof historyCosts.$inferSelect;
export type HistoryTripRow = typeof historyTrips.$inferSelect;
export type HistorySeriesRow = typeof historySeries.$inferSelect;
