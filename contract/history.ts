// Wire format of the driver's logbook (shell-and-account.md §3 History event, §7 History, §9 conversions). Shared by
// app and server. The spec leaves the response shapes open ("not shown"); the choices are written here once.
// Units on the wire, as §9 says: a cost price in deci-cents ("cents times 10"), a fuel quantity in millilitres / 100,
// a mileage × 1000 (metres). Payments carry the order's money as {amount, currency, precision} like orders do.
import { z } from 'zod';
import { HISTORY_PAGE_SIZE, IMAGE_TYPES, MAX_MILEAGE_KM, MERGE_TRIPS_LIMIT } from './history-limits';
import { orderPrice } from './orders';
import { currency, PRODUCT_TYPES } from './stations';

export const HISTORY_TYPES = ['PAYMENT', 'COST', 'TRIP'] as const;
export const historyType = z.enum(HISTORY_TYPES);
export type HistoryType = z.infer<typeof historyType>;

/** §3 Cost categories. */
export const COST_CATEGORIES = [
  'EV_CHARGE',
  'FUEL_TOP_UP',
  'CAR_WASH',
  'PARKING',
  'CAR_CARE',
  'CAR_PARTS',
  'REPAIR',
  'TAX',
  'INSURANCE',
  'LEASING',
  'MISC',
  'GIFT_CARD',
  'SUBSCRIPTION',
] as const;
export const costCategory = z.enum(COST_CATEGORIES);
export type CostCategory = z.infer<typeof costCategory>;

/** §3 Recurrence: never, weekly, monthly, quarterly, yearly. */
export const RECURRENCE_PERIODS = ['NEVER', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export const recurrencePeriod = z.enum(RECURRENCE_PERIODS);
export type RecurrencePeriod = z.infer<typeof recurrencePeriod>;

/** §3 Delete reach: only this, this and following, all. */
export const DELETE_REACHES = ['onlyThis', 'thisAndFollowing', 'all'] as const;
export const deleteReach = z.enum(DELETE_REACHES);
export type DeleteReach = z.infer<typeof deleteReach>;

/** Where an event came from: a manual entry (the query's triggerEventTypeAtSource=MANUAL), an order, the trip recorder. */
export const EVENT_SOURCES = ['MANUAL', 'ORDER', 'TRIP_RECORDER', 'MERGE'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

export const historyProductType = z.enum(PRODUCT_TYPES);
export type HistoryProductType = z.infer<typeof historyProductType>;

export {
  HISTORY_PAGE_SIZE,
  IMAGE_TYPES,
  type ImageType,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_EVENT,
  MAX_MILEAGE_KM,
  MERGE_TRIPS_LIMIT,
} from './history-limits';

// §9 conversions, both ways. Integers on the wire; the server stores millilitres and metres.
/** "Fuel quantity is sent as milli-litres over 100." */
export const fuelQuantityToMl = (wire: number): number => Math.round(wire * 100);
export const mlToFuelQuantity = (ml: number): number => ml / 100;
/** "Mileage is sent times 1000." (km → the wire value, which is metres) */
export const kmToWireMileage = (km: number): number => Math.round(km * 1000);
export const wireMileageToKm = (wire: number): number => wire / 1000;

const text = (max: number) => z.string().trim().max(max);
const isoTime = z.iso.datetime({ offset: true });

export const imageInfo = z.object({
  _id: z.string(),
  contentType: z.enum(IMAGE_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
});
export type ImageInfo = z.infer<typeof imageInfo>;

export const costFields = z.object({
  category: costCategory,
  /** Deci-cents (cents × 10). */
  price: z.number().int(),
  currency,
  recurrencePeriod: recurrencePeriod,
  /** Same for every occurrence of a recurring cost; null for a single one. */
  seriesId: z.string().nullable(),
  name: z.string().nullable(),
  notes: z.string().nullable(),
  /** Millilitres / 100. */
  fuelQuantity: z.number().nullable(),
  /** Metres (km × 1000). */
  odometer: z.number().int().nullable(),
  tankFull: z.boolean().nullable(),
});

const location = z.object({ latitude: z.number(), longitude: z.number() });

/** EV session fields of a payment (§3 "EV fields"). */
export const evFields = z.object({
  energyKwh: z.number().nullable(),
  outputKw: z.number().nullable(),
  plugType: z.string().nullable(),
  oneTimeFee: orderPrice.nullable(),
  timeTariff: orderPrice.nullable(),
  blockingFee: orderPrice.nullable(),
  parking: orderPrice.nullable(),
});

export const paymentFields = z.object({
  orderId: z.string(),
  productType: historyProductType,
  category: costCategory,
  poiId: z.string(),
  stationName: z.string().nullable(),
  stationBrand: z.string().nullable(),
  stationAddress: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** Pump, charge port, wash bay or shop product. */
  pump: z.string(),
  fuelName: z.string().nullable(),
  unitPrice: orderPrice.nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  /** Before discounts. */
  amount: orderPrice,
  discounts: z.array(z.object({ name: z.string(), amount: orderPrice })),
  /** What was charged. */
  total: orderPrice,
  paymentMethod: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
  /** Metres (× 1000 of km), from costs/by-order or the order. */
  odometer: z.number().int().nullable(),
  tankFull: z.boolean().nullable(),
  ev: evFields.nullable(),
  wash: z.object({ programme: z.string().nullable(), redemptionCode: z.string().nullable() }).nullable(),
  giftCard: z.object({ code: z.string().nullable(), expiresAt: z.string().nullable() }).nullable(),
});
export type PaymentFields = z.infer<typeof paymentFields>;

export const tripFields = z.object({
  distanceM: z.number().int(),
  /** 0-100. */
  drivingScore: z.number().int().nullable(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
  startLocation: location.nullable(),
  endLocation: location.nullable(),
  /** When the trip started and ended (the spec's "timeliness"), and how long it took. */
  timeliness: z.object({ startTime: z.string(), endTime: z.string(), durationS: z.number().int() }),
  isResultOfMerge: z.boolean(),
  /** The trips a merged trip was made of (their ids), oldest first. */
  mergedFrom: z.array(z.string()),
});

export const historyEvent = z.object({
  _id: z.string(),
  type: historyType,
  thingId: z.string().nullable(),
  /** When it happened: the payment, the cost's date, the trip's start. */
  sampleTime: z.string(),
  triggerEventTypeAtSource: z.enum(EVENT_SOURCES),
  cost: costFields.nullable(),
  payment: paymentFields.nullable(),
  trip: tripFields.nullable(),
  images: z.array(imageInfo),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HistoryEvent = z.infer<typeof historyEvent>;

export const historyPage = z.object({
  events: z.array(historyEvent),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type HistoryPage = z.infer<typeof historyPage>;

/** A comma list ("PAYMENT,COST") or the parameter repeated. */
const listOf = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter(Boolean))
    .pipe(z.array(item).max(20));

/** GET /v4/account-history (§7): page, limit=20 and the filters; the trips query adds from, to. */
export const historyQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  types: listOf(historyType).optional(),
  vehicleId: z.string().min(1).max(64).optional(),
  productTypes: listOf(historyProductType).optional(),
  triggerEventTypeAtSource: z.literal('MANUAL').optional(),
  costCategory: listOf(costCategory).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
});

const costBodyFields = {
  category: costCategory,
  price: z.number().int().min(0).max(1_000_000_000),
  currency,
  sampleTime: isoTime,
  name: text(100).nullable().optional(),
  notes: text(1000).nullable().optional(),
  thingId: z.string().min(1).max(64).nullable().optional(),
  fuelQuantity: z.number().min(0).max(1_000_000).nullable().optional(),
  odometer: z
    .number()
    .int()
    .min(0)
    .max(MAX_MILEAGE_KM * 1000)
    .nullable()
    .optional(),
  tankFull: z.boolean().nullable().optional(),
};

/** POST /v4/account-history/costs. */
export const createCostBody = z.strictObject({
  ...costBodyFields,
  recurrencePeriod: recurrencePeriod.default('NEVER'),
});
export type CreateCostBody = z.input<typeof createCostBody>;

/** PATCH /v4/account-history/costs/{id}?reach=onlyThis: any of the fields (the recurrence stays). */
export const patchCostBody = z.strictObject({
  category: costBodyFields.category.optional(),
  price: costBodyFields.price.optional(),
  currency: costBodyFields.currency.optional(),
  sampleTime: costBodyFields.sampleTime.optional(),
  name: costBodyFields.name,
  notes: costBodyFields.notes,
  thingId: costBodyFields.thingId,
  fuelQuantity: costBodyFields.fuelQuantity,
  odometer: costBodyFields.odometer,
  tankFull: costBodyFields.tankFull,
});
export type PatchCostBody = z.input<typeof patchCostBody>;
export const patchCostQuery = z.strictObject({ reach: z.literal('onlyThis').default('onlyThis') });

/** DELETE /v4/account-history/costs/{id}?category&reach. */
export const deleteCostQuery = z.strictObject({
  category: costCategory.optional(),
  reach: deleteReach.default('onlyThis'),
});
export const deleteCostResponse = z.object({ deleted: z.array(z.string()) });

/** POST /events/merged-trip. */
export const mergeTripsBody = z.strictObject({
  eventIds: z.array(z.string().min(1).max(64)).min(2).max(MERGE_TRIPS_LIMIT),
  thingId: z.string().min(1).max(64),
});
export const unmergeResponse = z.object({ restored: z.array(z.string()) });

/** GET statistics/things/{id}/expenses?startDate&endDate. */
export const expensesQuery = z.strictObject({ startDate: isoTime, endDate: isoTime });
const amountIn = z.object({ currency: z.string(), amount: z.number().int() });
export const expenses = z.object({
  thingId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Deci-cents per currency (a driver may pay in EUR and CHF). */
  totals: z.array(amountIn),
  byCategory: z.array(amountIn.extend({ category: costCategory })),
  /** month "YYYY-MM" (UTC). */
  byMonth: z.array(amountIn.extend({ month: z.string(), category: costCategory })),
  fuelByMonth: z.array(z.object({ month: z.string(), fuelMl: z.number().int() })),
  fuelMl: z.number().int(),
  energyWh: z.number().int(),
  /** From the odometer (the period's last reading − the last before it, else its first), else the recorded trips; null without either. */
  distanceM: z.number().int().nullable(),
  /** Deci-cents per 100 km and per km, per currency; empty without a distance. */
  costPer100Km: z.array(amountIn),
  costPerKm: z.array(amountIn),
  /** Litres per 100 km of the fuel bought in the period (null without a distance). */
  litresPer100Km: z.number().nullable(),
  tripsDistanceM: z.number().int(),
});
export type Expenses = z.infer<typeof expenses>;

/** PUT /v4/account-history/costs/by-order/{id}. */
export const costsByOrderBody = z.strictObject({
  tankIsFull: z.boolean().optional(),
  carOdometerM: z
    .number()
    .int()
    .min(0)
    .max(MAX_MILEAGE_KM * 1000)
    .optional(),
});
export const costsByOrderResponse = z.object({ ok: z.literal(true) });
