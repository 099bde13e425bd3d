// The driver's data export (GDPR art. 15 and 20, services/data-export): a job per request, built in the background into
// a ZIP whose bytes are kept in pieces (data_export_chunks), downloaded by its owner while signed in until it expires.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea } from './bytea';
import { createdAt, ts } from './columns';
import { users } from './users';

export type DataExportState = 'PENDING' | 'BUILDING' | 'READY' | 'FAILED';

export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PENDING until a process takes it, BUILDING while its ZIP is written, READY (downloadable until expiresAt), FAILED. */
    state: text('state').$type<DataExportState>().notNull().default('PENDING'),
    /** The vehicle the request named (GET /events/request-data-dump?thingId): the export holds every vehicle anyway. */
    thingId: text('thing_id'),
    /** The language of the ready mail: the app's language when it was requested (X-Locale, else Accept-Language). */
    locale: text('locale').notNull().default('en'),
    /** The process building it (ctx.process.id): a BUILDING export whose owner is gone is built again. */
    owner: text('owner'),
    startedAt: ts('started_at'),
    readyAt: ts('ready_at'),
    /** READY: the download ends then, and its bytes are removed. */
    expiresAt: ts('expires_at'),
    byteSize: integer('byte_size'),
    fileCount: integer('file_count'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);

/** A ZIP's bytes in pieces of at most DATA_EXPORT_CHUNK_BYTES, in order (seq from 0): neither written nor read whole. */
export const dataExportChunks = pgTable(
  'data_export_chunks',
  {
    exportId: text('export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);

export type DataExportRow = typeof dataExports.$inferSelect;
