import { boolean, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AvailableItem, OpeningHours, Price } from '../../../contract/stations';
import { createdAt, ts } from './columns';

type StationAddress = { street: string; houseNumber?: string; zip: string; city: string; countryCode: string };

/**
 * The spatial index: a station's 1°×1° grid cell, (floor(lat) + 90) * 360 + (floor(lon) + 180). A radius search asks
 * for the few cells its bounding box touches (an indexed IN list), then the box, then the exact haversine distance.
 * Plain btree, so it works the same on PGlite and PostgreSQL (no PostGIS).
 */
export function gridCellOf(latitude: number, longitude: number): number {
  return (Math.floor(latitude) + 90) * 360 + (Math.floor(longitude) + 180);
}

/** Stations (POIs) of the network. Searched by grid cell and bounding box, then haversine (services/stations). */
export const stations = pgTable(
  'stations',
  {
    id: text('id').primaryKey(),
    type: text('type').$type<'GAS_STATION' | 'EV_STATION' | 'CAR_WASH' | 'GIFT_CARD' | 'SHOP'>().notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    status: text('status').$type<'ONLINE' | 'OFFLINE'>().notNull().default('ONLINE'),
    mtskId: text('mtsk_id'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** gridCellOf(latitude, longitude); kept by whoever writes the coordinates. */
    gridCell: integer('grid_cell').notNull(),
    countryCode: text('country_code').notNull(),
    address: jsonb('address').$type<StationAddress>().notNull(),
    /** partnerDetails.partnerName, or null. */
    partnerName: text('partner_name'),
    guestCheckout: boolean('guest_checkout').notNull().default(false),
    pumpsWithoutDisplay: boolean('pumps_without_display').notNull().default(false),
    paymentMeans: jsonb('payment_means').$type<string[]>().notNull(),
    loyaltyPrograms: jsonb('loyalty_programs').$type<string[]>().notNull(),
    /** Daily opening window; null = open around the clock. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    /** Last station-level change (online/offline, prices); device changes are in forecourt_devices. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stations_lat_lon_idx').on(t.latitude, t.longitude),
    index('stations_grid_cell_lat_idx').on(t.gridCell, t.latitude),
    index('stations_mtsk_id_idx').on(t.mtskId),
  ],
);

/** Products of a station: pumps, EV connectors, wash bays, gift cards. `items` are the availableItems of the wire format. */
export const stationProducts = pgTable(
  'station_products',
  {
    id: text('id').primaryKey(),
    stationId: text('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    facility: text('facility').$type<'PUMP' | 'WASH' | 'CHARGER' | 'SHOP'>().notNull(),
    type: text('type').$type<'GAS' | 'EV_CHARGE' | 'CAR_WASH' | 'GIFT_CARD'>().notNull(),
    automaticFlow: boolean('automatic_flow').notNull(),
    items: jsonb('items').$type<AvailableItem[]>().notNull(),
    recommendedPrices: jsonb('recommended_prices').$type<Price[]>(),
  },
  (t) => [index('station_products_station_id_idx').on(t.stationId)],
);

export type StationRow = typeof stations.$inferSelect;
export type StationProductRow = typeof stationProducts.$inferSelect;
