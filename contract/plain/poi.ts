// GET /v4/pois/{id} read without zod (a station link's first screen waits for it): contract/stations.ts `poi` is the
// same shape for the server, and tests/unit/plain-schema.test.ts holds the two to the same answers.
import type { Poi } from '../stations';
import { arr, bool, checked, int, nullable, num, obj, oneOf, optional, type Reader, str } from './check';
import {
  CONNECTOR_STANDARDS,
  CURRENCIES,
  FACILITIES,
  FUEL_TYPES,
  POI_STATUSES,
  POI_TYPES,
  PRODUCT_GROUPS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
} from './stations';

const currency = oneOf(CURRENCIES);
const precision = int({ min: 0, max: 4 });

const priceElement = obj({
  restrictions: optional(obj({ startTime: optional(str()), endTime: optional(str()), maxDuration: optional(int()) })),
  priceComponents: arr(
    obj({
      type: oneOf(['ENERGY', 'FLAT', 'TIME', 'PARKING_TIME'] as const),
      price: int(),
      precision,
      unit: oneOf(['KWH', 'COUNT', 'MIN'] as const),
    }),
  ),
});

const availableItem = obj({
  itemCode: str(),
  marketingName: str(),
  price: int(),
  currency,
  precision,
  unit: optional(oneOf(['LTR', 'KWH', 'KG', 'COUNT'] as const)),
  details: optional(obj({ standard: optional(oneOf(CONNECTOR_STANDARDS)), power: optional(num()) })),
  priceElements: optional(arr(priceElement)),
  descriptionLines: optional(arr(str())),
  priceUpdatedAt: optional(str()),
});

const product = obj({
  _id: str(),
  name: str(),
  facility: oneOf(FACILITIES),
  type: oneOf(PRODUCT_TYPES),
  attributes: obj({
    status: oneOf(PRODUCT_STATUSES),
    automaticFlow: bool,
    availableItems: arr(availableItem),
    priceAuthorizationLimitsAutomaticFlow: optional(
      obj({ recommendedPrices: arr(obj({ amount: int(), currency, precision: int() })) }),
    ),
    deviceState: optional(str()),
  }),
});

const fuelPrice = obj({
  fuelType: oneOf(FUEL_TYPES),
  price: int(),
  currency,
  precision,
  unit: oneOf(['LTR', 'KG'] as const),
  updatedAt: str(),
});

const hhmm = /^\d{2}:\d{2}$/;

export const readPoi: Reader<Poi> = obj({
  _id: str(),
  type: oneOf(POI_TYPES),
  name: str(),
  brand: str(),
  status: oneOf(POI_STATUSES),
  mtsKId: optional(nullable(str())),
  location: obj({
    latitude: num(),
    longitude: num(),
    address: obj({ street: str(), houseNumber: optional(str()), zip: str(), city: str(), countryCode: str() }),
  }),
  address: obj({ countryCode: str() }),
  partnerDetails: nullable(obj({ partnerName: str(), address: obj({ countryCode: str() }) })),
  features: obj({ guestCheckout: bool, pumpsWithoutDisplay: bool }),
  supportedPaymentMeans: arr(str()),
  supportedLoyaltyPrograms: arr(str()),
  productGroups: arr(oneOf(PRODUCT_GROUPS)),
  products: arr(product),
  vendingMachines: arr(obj({ id: str(), type: optional(str()), automaticFlow: bool })),
  updatedAt: str(),
  fuelPrices: optional(arr(fuelPrice)),
  openingHours: optional(nullable(obj({ open: str({ regex: hhmm }), close: str({ regex: hhmm }), timeZone: str() }))),
});

/** The station answer, checked without zod. */
export const poiAnswer = checked(readPoi);
