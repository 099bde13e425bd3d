// The OCPP 1.6J central system (server/ocpp): the charge points that may connect, their connectors (each one a
// CHARGER product of a station), their transactions, the idTags that bind a remote start to an order, and the
// commands waiting for the process that holds a charge point's WebSocket. The built-in simulated charge points keep
// their own memory (what a real charger keeps in flash) in ocpp_builtin_chargers.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { stationProducts } from './stations';

/**
 * A charge point that may connect at /ocpp/{id}. passwordHash: SHA-256 of its HTTP Basic password (a generated
 * random key, so a fast hash suffices, as for API tokens); null for a demo stand-in (DEMO_MODE, OCPP_DEMO_PASSWORD).
 * connectionId/connectedBy: the live WebSocket and the process (db/client.ts ProcessIdentity) that holds it.
 */
export const ocppChargePoints = pgTable('ocpp_charge_points', {
  id: text('id').primaryKey(),
  passwordHash: text('password_hash'),
  /** One of the built-in simulated charge points (server/forecourt/charge-points.ts). */
  builtin: boolean('builtin').notNull().default(false),
  vendor: text('vendor'),
  model: text('model'),
  serialNumber: text('serial_number'),
  firmwareVersion: text('firmware_version'),
  bootedAt: ts('booted_at'),
  lastSeenAt: ts('last_seen_at'),
  connectionId: text('connection_id'),
  connectedBy: text('connected_by'),
  /** The live connection is the built-in one (false: an outside charge point). */
  connectedBuiltin: boolean('connected_builtin').notNull().default(false),
  connectedAt: ts('connected_at'),
  disconnectedAt: ts('disconnected_at'),
  remoteAddress: text('remote_address'),
  createdAt: createdAt(),
});

/** A connector of a charge point is one CHARGER product; status is the last StatusNotification's. */
export const ocppConnectors = pgTable(
  'ocpp_connectors',
  {
    chargePointId: text('charge_point_id')
      .notNull()
      .references(() => ocppChargePoints.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => stationProducts.id, { onDelete: 'cascade' }),
    status: text('status'),
    errorCode: text('error_code'),
    info: text('info'),
    statusAt: ts('status_at'),
  },
  (t) => [
    primaryKey({ columns: [t.chargePointId, t.connectorId] }),
    uniqueIndex('ocpp_connectors_product_id_idx').on(t.productId),
  ],
);

/** An idTag the central system handed to a charger with RemoteStartTransaction: it stands for one order. */
export const ocppIdTags = pgTable('ocpp_id_tags', {
  idTag: text('id_tag').primaryKey(),
  orderId: text('order_id').notNull(),
  productId: text('product_id').notNull(),
  createdAt: createdAt(),
  /** The order ended before the charger started (cancel, watchdog): the tag is no longer accepted. */
  revokedAt: ts('revoked_at'),
});

export type OcppStopCause = 'DRIVER' | 'COST_LIMIT' | 'PRE_AUTHORIZATION' | 'WATCHDOG';

/**
 * One OCPP transaction (the id is the transactionId the charger gets). Times are the charger's (its messages'
 * timestamps); meter values in Wh of Energy.Active.Import.Register. timeScale: simulated seconds per second of the
 * built-in charge points (FORECOURT_SPEED), 1 for every outside charger.
 */
export const ocppTransactions = pgTable(
  'ocpp_transactions',
  {
    id: serial('id').primaryKey(),
    chargePointId: text('charge_point_id').notNull(),
    connectorId: integer('connector_id').notNull(),
    productId: text('product_id'),
    idTag: text('id_tag').notNull(),
    /** null: started on the charger without an order (a local RFID card): recorded and refused. */
    orderId: text('order_id'),
    meterStart: integer('meter_start').notNull(),
    startedAt: ts('started_at').notNull(),
    meterLast: integer('meter_last').notNull(),
    meterLastAt: ts('meter_last_at').notNull(),
    powerW: integer('power_w').notNull().default(0),
    socPercent: integer('soc_percent'),
    meterStop: integer('meter_stop'),
    stoppedAt: ts('stopped_at'),
    stopReason: text('stop_reason'),
    transactionData: jsonb('transaction_data').$type<unknown[]>(),
    /** A RemoteStopTransaction was queued, and why. */
    stopRequestedAt: ts('stop_requested_at'),
    stopCause: text('stop_cause').$type<OcppStopCause>(),
    /** The connector reported Faulted during the transaction: the order was settled from the last meter value. */
    faultedAt: ts('faulted_at'),
    timeScale: integer('time_scale').notNull().default(1),
    /** When the server heard of it (the charger's startedAt may be earlier: a queued message). */
    createdAt: createdAt(),
    /** When the server last heard of it (its meter watchdog's clock: the server's, not the charger's). */
    heardAt: ts('heard_at').notNull().defaultNow(),
  },
  (t) => [
    index('ocpp_transactions_order_id_idx').on(t.orderId),
    index('ocpp_transactions_open_idx').on(t.chargePointId, t.connectorId).where(sql`stopped_at is null`),
  ],
);

export type OcppCommandStatus = 'PENDING' | 'SENT' | 'ANSWERED' | 'FAILED' | 'EXPIRED';

/**
 * A call from the central system to a charge point (RemoteStartTransaction, RemoteStopTransaction, ChangeAvailability,
 * Reset, TriggerMessage, ChangeConfiguration), written by whichever process decides it (an API worker, the leader) and
 * sent by the process that holds the charge point's WebSocket (services/ocpp/commands.ts).
 */
export const ocppCommands = pgTable(
  'ocpp_commands',
  {
    id: text('id').primaryKey(),
    chargePointId: text('charge_point_id').notNull(),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    orderId: text('order_id'),
    status: text('status').$type<OcppCommandStatus>().notNull().default('PENDING'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    sentBy: text('sent_by'),
    answeredAt: ts('answered_at'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [index('ocpp_commands_pending_idx').on(t.chargePointId).where(sql`status = 'PENDING'`)],
);

/**
 * The memory of a built-in simulated charge point (what a real one keeps across a reboot): the idTag it was started
 * with, its running transaction, its energy register, whether its network cable is out (the console's "offline").
 */
export const ocppBuiltinChargers = pgTable('ocpp_builtin_chargers', {
  productId: text('product_id')
    .primaryKey()
    .references(() => stationProducts.id, { onDelete: 'cascade' }),
  idTag: text('id_tag'),
  transactionId: integer('transaction_id'),
  /** The device session the transaction is on (forecourt_sessions.id). */
  sessionId: text('session_id'),
  meterStart: integer('meter_start'),
  /** Energy.Active.Import.Register before the current session, Wh. */
  registerWh: integer('register_wh').notNull().default(0),
  offline: boolean('offline').notNull().default(false),
  /** Messages a disconnected charger keeps to send once it is back (MeterValues, StopTransaction). */
  queue: jsonb('queue').$type<Array<{ action: string; payload: Record<string, unknown> }>>().notNull().default([]),
});

export type OcppChargePointRow = typeof ocppChargePoints.$inferSelect;
export type OcppConnectorRow = typeof ocppConnectors.$inferSelect;
export type OcppTransactionRow = typeof ocppTransactions.$inferSelect;
export type OcppCommandRow = typeof ocppCommands.$inferSelect;
export type OcppBuiltinRow = typeof ocppBuiltinChargers.$inferSelect;
