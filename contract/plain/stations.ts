// Plain values of the stations contract (contract/stations.ts re-exports them): importing a constant must not load
// zod, so the app's start-up code (search schemas, map filters) imports these from here.

export const CURRENCIES = ['EUR', 'CHF', 'PLN', 'DKK', 'GBP', 'SEK', 'CZK', 'NOK', 'ISK', 'HRK', 'BAM'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CONNECTOR_STANDARDS = [
  'TYPE_1',
  'TYPE_2',
  'TYPE_3',
  'CCS',
  'SCHUKO',
  'CHADEMO',
  'OTHER',
  'TESLA',
] as const;
export type ConnectorStandard = (typeof CONNECTOR_STANDARDS)[number];

export const FACILITIES = ['PUMP', 'WASH', 'CHARGER', 'SHOP'] as const;
export const PRODUCT_TYPES = ['GAS', 'EV_CHARGE', 'CAR_WASH', 'GIFT_CARD'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** AVAILABLE is the only selectable status; the others say why not. */
export const PRODUCT_STATUSES = ['AVAILABLE', 'IN_USE', 'OUT_OF_ORDER', 'UNAVAILABLE'] as const;
export const POI_STATUSES = ['ONLINE', 'OFFLINE'] as const;
export const POI_TYPES = ['GAS_STATION', 'EV_STATION', 'CAR_WASH', 'GIFT_CARD', 'SHOP'] as const;
export const PRODUCT_GROUPS = ['FUEL', 'EV', 'WASH', 'GIFT_CARD'] as const;

/** shell-and-account.md §9: "Default fuel filter SUPER E5. Fuel list: …" (the map's fuel types, in the spec's order). */
export const FUEL_TYPES = [
  'SUPER E5',
  'SUPER E10',
  'DIESEL',
  'SUPER PLUS',
  'SUPER PREMIUM',
  'SUPER',
  'DIESEL PREMIUM',
  'TWO_STROKE_MIX',
  'CNG',
  'LPG',
  'HEATING OIL',
  'ADBLUE',
  'HYDROGEN',
  'DIESEL SYNTHETIC',
  'DIESEL TRUCK',
] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** The fuel type of a pump item code (the network's item codes; hydrogen at either pressure is HYDROGEN). */
export const FUEL_TYPE_OF_ITEM: Readonly<Record<string, FuelType>> = {
  SUPER_E5: 'SUPER E5',
  SUPER_E10: 'SUPER E10',
  DIESEL: 'DIESEL',
  SUPER_PLUS: 'SUPER PLUS',
  SUPER_PREMIUM: 'SUPER PREMIUM',
  SUPER: 'SUPER',
  DIESEL_PREMIUM: 'DIESEL PREMIUM',
  TWO_STROKE_MIX: 'TWO_STROKE_MIX',
  CNG: 'CNG',
  LPG: 'LPG',
  HEATING_OIL: 'HEATING OIL',
  ADBLUE: 'ADBLUE',
  H2_700: 'HYDROGEN',
  H2_350: 'HYDROGEN',
  HVO100: 'DIESEL SYNTHETIC',
  DIESEL_TRUCK: 'DIESEL TRUCK',
};

/** showOlderPrices: prices unchanged for longer than this are "older prices". */
export const OLDER_PRICE_AGE_MS = 24 * 60 * 60 * 1000;

/** pay-flows.md §5: "Map radius above 100000 m is rejected (the API supports at most 100 km)." */
export const MAX_RADIUS_M = 100_000;
export const RADIUS_TOO_LARGE_MESSAGE = 'The API does not support a radius of more than 100 km.';

/**
 * Hint screens (pay-flows.md §2): which brands and partners trigger them. The seed uses the same names.
 * - cannotUsePhoneOutsideCar: the brand name contains either marker (case-insensitive).
 * - prePayHint: two German partners.
 * - h2LegalHint: one hydrogen partner.
 */
export const HINT_RULES = {
  cannotUsePhoneOutsideCarMarkers: ['Autohof', 'Rasthof'],
  prePayHintPartners: ['NordTank', 'Bavaria Energie'],
  h2LegalHintPartners: ['HydroGo'],
} as const;

/** GET /v4/places: `vendingMachinesTypes[]=CAR_WASH` (also accepted without the brackets), repeatable. */
export const VENDING_MACHINE_TYPES = ['CAR_WASH'] as const;
