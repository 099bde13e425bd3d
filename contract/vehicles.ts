// Wire format of vehicles ("things") and the vehicle catalogue (shell-and-account.md §3 Vehicle, §7 Vehicles).
import { z } from 'zod';

export const VEHICLE_TYPES = ['car', 'motorcycle'] as const;
export const vehicleType = z.enum(VEHICLE_TYPES);
export type VehicleType = z.infer<typeof vehicleType>;

/** What a vehicle runs on (the catalogue's fuel types; names as in the fuel list of §9 where they overlap). */
export const VEHICLE_FUELS = [
  'SUPER_E5',
  'SUPER_E10',
  'SUPER_PLUS',
  'DIESEL',
  'LPG',
  'CNG',
  'ELECTRIC',
  'HYDROGEN',
] as const;
export const vehicleFuel = z.enum(VEHICLE_FUELS);
export type VehicleFuel = z.infer<typeof vehicleFuel>;

/** §5 "Mileage is at most 1000000". */
export const MILEAGE_MAX_KM = 1_000_000;

export const thing = z.object({
  _id: z.string(),
  account: z.string(),
  type: vehicleType,
  nickName: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  buildYear: z.number().int().nullable(),
  fuelType: vehicleFuel.nullable(),
  /** Litres; null for an electric vehicle or when not known. */
  tankCapacityL: z.number().int().nullable(),
  licensePlate: z.string().nullable(),
  vin: z.string().nullable(),
  mileageKm: z.number().int().nullable(),
  /** Next general inspection, YYYY-MM-DD. */
  nextInspection: z.string().nullable(),
  isPreferred: z.boolean(),
  /** pay-flows.md §3 Vehicle ymme{licensePlate, VIN}: the same values as licensePlate and vin (written through those). */
  ymme: z.object({
    year: z.number().int().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    licensePlate: z.string().nullable(),
    VIN: z.string().nullable(),
  }),
  users: z.array(z.string()),
  status: z.literal('ACTIVE'),
  readOnly: z.boolean(),
  createdAt: z.string(),
});
export type Thing = z.infer<typeof thing>;
export const thingList = z.array(thing);
/** DELETE things/{id}/users/{userId} */
export const thingDeleted = z.object({ deleted: z.literal(true) });

const text = (max: number) => z.string().trim().max(max);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected YYYY-MM-DD');

/** POST /things/lite and PATCH /v3/things/{id} (every field optional there). */
export const thingBody = z.strictObject({
  type: vehicleType,
  nickName: text(60).min(1),
  brand: text(60).nullable().optional(),
  model: text(80).nullable().optional(),
  buildYear: z.number().int().min(1900).max(2100).nullable().optional(),
  fuelType: vehicleFuel.nullable().optional(),
  tankCapacityL: z.number().int().min(1).max(500).nullable().optional(),
  licensePlate: text(20).nullable().optional(),
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'A VIN has 17 letters and digits (no I, O or Q)')
    .nullable()
    .optional(),
  mileageKm: z.number().int().min(0).max(MILEAGE_MAX_KM).nullable().optional(),
  nextInspection: isoDate.nullable().optional(),
});
export type ThingBody = z.infer<typeof thingBody>;
export const thingPatch = thingBody.partial();
export type ThingPatch = z.infer<typeof thingPatch>;

export const makesQuery = z.strictObject({ type: vehicleType.optional() });
export const make = z.object({ name: z.string(), types: z.array(vehicleType) });
export const makeList = z.array(make);
export const model = z.object({ name: z.string(), type: vehicleType, fuelTypes: z.array(vehicleFuel) });
export const modelList = z.array(model);
export const fuelTypeDetail = z.object({
  make: z.string(),
  model: z.string(),
  type: vehicleType,
  fuelType: vehicleFuel,
  tankCapacityL: z.number().int().nullable(),
});
export type Make = z.infer<typeof make>;
export type Model = z.infer<typeof model>;
export type FuelTypeDetail = z.infer<typeof fuelTypeDetail>;
