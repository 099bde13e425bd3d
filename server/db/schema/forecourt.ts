// The simulated forecourt: one device per pump, EV connector and wash bay, its sessions, wash codes.
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { stationProducts, stations } from './stations';

export type DeviceKind = 'PUMP' | 'CONNECTOR' | 'WASH';
/** auto: the simulated driver acts by itself; manual: a person at the console drives it. */
export type DeviceDriver = 'auto' | 'manual';

/**
 * The simulated device behind a product (one per pump, EV connector, wash bay). The meter (ml or Wh) is advanced
 * from timestamps: current = meterBase + rate x (now - meterAt) x FORECOURT_SPEED, capped at meterCap.
 */
export const forecourtDevices = pgTable(
  'forecourt_devices',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => stationProducts.id, { onDelete: 'cascade' }),
    stationId: text('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DeviceKind>().notNull(),
    state: text('state').notNull(),
    stateChangedAt: ts('state_changed_at').notNull().defaultNow(),
    driver: text('driver').$type<DeviceDriver>(),
    /** The current (or last) session; its totals stay readable after the device is idle again. */
    sessionId: text('session_id'),
    orderId: text('order_id'),
    itemCode: text('item_code'),
    /** Prepaid maximum in currency minor units (precision 2), from the release or the EV authorization. */
    maxAmount: integer('max_amount'),
    /** A simulated driver's own stop: millilitres or Wh. */
    target: integer('target'),
    /** ml/s (pump) or W (connector) while the meter runs, else 0. */
    rate: integer('rate').notNull().default(0),
    meterBase: integer('meter_base').notNull().default(0),
    meterAt: ts('meter_at'),
    /** Connector only: the cable is in the car / a charging session is authorized. */
    plugged: boolean('plugged').notNull().default(false),
    authorized: boolean('authorized').notNull().default(false),
  },
  (t) => [index('forecourt_devices_station_id_idx').on(t.stationId), index('forecourt_devices_state_idx').on(t.state)],
);

/** One use of a device (a fill, a charge, a wash) with its final quantity and amount. Orders read it. */
export const forecourtSessions = pgTable(
  'forecourt_sessions',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => stationProducts.id, { onDelete: 'cascade' }),
    stationId: text('station_id').notNull(),
    kind: text('kind').$type<DeviceKind>().notNull(),
    orderId: text('order_id'),
    itemCode: text('item_code'),
    unitPrice: integer('unit_price'),
    precision: integer('precision'),
    currency: text('currency'),
    maxAmount: integer('max_amount'),
    /** ml (fuel) or Wh (EV). */
    quantity: integer('quantity').notNull().default(0),
    /** Currency minor units (precision 2), rounded down. */
    amount: integer('amount').notNull().default(0),
    startedAt: ts('started_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('forecourt_sessions_product_id_idx').on(t.productId),
    index('forecourt_sessions_order_id_idx').on(t.orderId),
  ],
);

/**
 * Car wash redemption codes (entered at the wash terminal). Unique across the network and single-use: usedAt is set
 * once (PATCH /v4/redemption-codes/{id} by the owner, or the wash terminal). A code bought in the app belongs to its
 * order and its driver; one issued at the console has neither.
 */
export const redemptionCodes = pgTable(
  'redemption_codes',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => stationProducts.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    orderId: text('order_id'),
    userId: text('user_id'),
    /** The wash package (item code) the code starts. */
    itemCode: text('item_code'),
    createdAt: createdAt(),
  },
  (t) => [
    index('redemption_codes_product_id_idx').on(t.productId),
    index('redemption_codes_order_id_idx').on(t.orderId),
  ],
);

export type DeviceRow = typeof forecourtDevices.$inferSelect;
