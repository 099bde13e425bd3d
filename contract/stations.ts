// Wire format of stations (POIs), their products and price elements (pay-flows.md §3). Shared by app and server.
// Money is integer minor units with currency and precision: price 1789 with precision 3 is 1.789 (EUR per litre).
import { z } from 'zod';
import {
  CONNECTOR_STANDARDS,
  CURRENCIES,
  FACILITIES,
  FUEL_TYPE_OF_ITEM,
  FUEL_TYPES,
  HINT_RULES,
  MAX_RADIUS_M,
  OLDER_PRICE_AGE_MS,
  POI_STATUSES,
  POI_TYPES,
  PRODUCT_GROUPS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  RADIUS_TOO_LARGE_MESSAGE,
  VENDING_MACHINE_TYPES,
} from './plain/stations';

// The plain values live in plain/stations.ts (no zod: the app's start-up code imports them from there).
export {
  CONNECTOR_STANDARDS,
  CURRENCIES,
  FACILITIES,
  FUEL_TYPE_OF_ITEM,
  FUEL_TYPES,
  HINT_RULES,
  MAX_RADIUS_M,
  OLDER_PRICE_AGE_MS,
  POI_STATUSES,
  POI_TYPES,
  PRODUCT_GROUPS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  RADIUS_TOO_LARGE_MESSAGE,
  VENDING_MACHINE_TYPES,
};

export const currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currency>;

export const connectorStandard = z.enum(CONNECTOR_STANDARDS);
export type ConnectorStandard = z.infer<typeof connectorStandard>;

/** A price: integer minor units with currency and precision. */
export const price = z.object({ amount: z.number().int(), currency, precision: z.number().int().min(0).max(4) });
export type Price = z.infer<typeof price>;

export const priceComponent = z.object({
  type: z.enum(['ENERGY', 'FLAT', 'TIME', 'PARKING_TIME']),
  /** In the item's currency, minor units at `precision` decimals. */
  price: z.number().int(),
  precision: z.number().int().min(0).max(4),
  unit: z.enum(['KWH', 'COUNT', 'MIN']),
});
export type PriceComponent = z.infer<typeof priceComponent>;

export const priceElement = z.object({
  restrictions: z
    .object({
      /** HH:MM local time of the station. */
      startTime: z.string().optional(),
      endTime: z.string().optional(),
      /** Minutes. */
      maxDuration: z.number().int().optional(),
    })
    .optional(),
  priceComponents: z.array(priceComponent),
});
export type PriceElement = z.infer<typeof priceElement>;

export const availableItem = z.object({
  itemCode: z.string(),
  marketingName: z.string(),
  /** Unit price (fuel per litre, EV per kWh) or package price (wash, gift card), minor units at `precision`. */
  price: z.number().int(),
  currency,
  precision: z.number().int().min(0).max(4),
  unit: z.enum(['LTR', 'KWH', 'KG', 'COUNT']).optional(),
  details: z.object({ standard: connectorStandard.optional(), power: z.number().optional() }).optional(),
  priceElements: z.array(priceElement).optional(),
  /** Car wash packages: the bullet points. */
  descriptionLines: z.array(z.string()).optional(),
  /** Fuel: when the station last changed this price (ISO time); without it the station's updatedAt stands. */
  priceUpdatedAt: z.string().optional(),
});
export type AvailableItem = z.infer<typeof availableItem>;

export const product = z.object({
  _id: z.string(),
  name: z.string(),
  facility: z.enum(FACILITIES),
  type: z.enum(PRODUCT_TYPES),
  attributes: z.object({
    status: z.enum(PRODUCT_STATUSES),
    automaticFlow: z.boolean(),
    availableItems: z.array(availableItem),
    priceAuthorizationLimitsAutomaticFlow: z
      .object({
        recommendedPrices: z.array(z.object({ amount: z.number().int(), currency, precision: z.number().int() })),
      })
      .optional(),
    /** The simulated device's own state (pump, OCPP connector or wash bay), for display and the console. */
    deviceState: z.string().optional(),
  }),
});
export type Product = z.infer<typeof product>;

export const fuelType = z.enum(FUEL_TYPES);
export type FuelType = z.infer<typeof fuelType>;

/**
 * The station's price of one fuel type (the cheapest of its pumps' items of that type) and when it last changed.
 * A price older than OLDER_PRICE_AGE_MS is only listed with showOlderPrices=true.
 */
export const fuelPrice = z.object({
  fuelType,
  price: z.number().int(),
  currency,
  precision: z.number().int().min(0).max(4),
  unit: z.enum(['LTR', 'KG']),
  updatedAt: z.string(),
});
export type FuelPrice = z.infer<typeof fuelPrice>;

/** Opening hours: a daily window in the station's time zone (close before open: over midnight); null = always open. */
export const openingHours = z
  .object({
    open: z.string().regex(/^\d{2}:\d{2}$/),
    close: z.string().regex(/^\d{2}:\d{2}$/),
    timeZone: z.string(),
  })
  .nullable();
export type OpeningHours = z.infer<typeof openingHours>;

export const poiAddress = z.object({
  street: z.string(),
  houseNumber: z.string().optional(),
  zip: z.string(),
  city: z.string(),
  countryCode: z.string(),
});

export const poi = z.object({
  _id: z.string(),
  type: z.enum(POI_TYPES),
  name: z.string(),
  brand: z.string(),
  status: z.enum(POI_STATUSES),
  /** Markttransparenzstelle id (German fuel price register), when the station has one. */
  mtsKId: z.string().nullable().optional(),
  location: z.object({ latitude: z.number(), longitude: z.number(), address: poiAddress }),
  address: z.object({ countryCode: z.string() }),
  partnerDetails: z.object({ partnerName: z.string(), address: z.object({ countryCode: z.string() }) }).nullable(),
  features: z.object({ guestCheckout: z.boolean(), pumpsWithoutDisplay: z.boolean() }),
  supportedPaymentMeans: z.array(z.string()),
  supportedLoyaltyPrograms: z.array(z.string()),
  productGroups: z.array(z.enum(PRODUCT_GROUPS)),
  products: z.array(product),
  vendingMachines: z.array(z.object({ id: z.string(), type: z.string().optional(), automaticFlow: z.boolean() })),
  /** ISO time of the last device or price change the server knows of. */
  updatedAt: z.string(),
  /** The map's price board: one price per fuel type (see fuelPrice). */
  fuelPrices: z.array(fuelPrice).optional(),
  /** null: open around the clock. */
  openingHours: openingHours.optional(),
});
export type Poi = z.infer<typeof poi>;

/** A search result carries its distance from the search point. */
export const poiWithDistance = poi.extend({ distanceM: z.number() });
export type PoiWithDistance = z.infer<typeof poiWithDistance>;

/** GET /v4/pois/?lat&lon&radiusM: the response groups of pay-flows.md §7. */
export const poiSearchResponse = z.object({
  GAS_STATION: z.array(poiWithDistance),
  EV_STATIONS: z.array(poiWithDistance),
});
export type PoiSearchResponse = z.infer<typeof poiSearchResponse>;

export const poiSearchQuery = z.strictObject({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  radiusM: z.coerce.number().int().positive(),
  isRydPay: z.enum(['true', 'false']).optional(),
  showOlderPrices: z.enum(['true', 'false']).optional(),
  showEvPois: z.enum(['true', 'false']).optional(),
  /** Our addition: narrow a search to the station with this Markttransparenzstelle id. */
  mtskid: z.string().max(64).optional(),
});

export const shop = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  products: z.array(product),
});
export type Shop = z.infer<typeof shop>;

export const place = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  vendingMachines: z.array(z.object({ id: z.string(), type: z.string().optional(), automaticFlow: z.boolean() })),
});
export const placesResponse = z.array(place);

export const placesQuery = z.strictObject({
  'vendingMachinesTypes[]': z.array(z.enum(VENDING_MACHINE_TYPES)).optional(),
  vendingMachinesTypes: z.array(z.enum(VENDING_MACHINE_TYPES)).optional(),
});
