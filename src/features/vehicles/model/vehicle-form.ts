// The vehicle form (shell-and-account.md §3 Vehicle "From the forms", §5): its values, their rules, and the body sent.
import {
  MILEAGE_MAX_KM,
  type Thing,
  type ThingBody,
  type VehicleFuel,
  type VehicleType,
} from '../../../../contract/vehicles';
import type { FieldError } from '../../../lib/validation';

export type VehicleValues = {
  type: VehicleType;
  brand: string;
  model: string;
  fuelType: string;
  buildYear: string;
  tankCapacityL: string;
  licensePlate: string;
  vin: string;
  mileageKm: string;
  nextInspection: string;
  nickName: string;
};

export const emptyVehicle: VehicleValues = {
  type: 'car',
  brand: '',
  model: '',
  fuelType: '',
  buildYear: '',
  tankCapacityL: '',
  licensePlate: '',
  vin: '',
  mileageKm: '',
  nextInspection: '',
  nickName: '',
};

const str = (n: number | null) => (n === null ? '' : String(n));

export function vehicleValues(t: Thing): VehicleValues {
  return {
    type: t.type,
    brand: t.brand ?? '',
    model: t.model ?? '',
    fuelType: t.fuelType ?? '',
    buildYear: str(t.buildYear),
    tankCapacityL: str(t.tankCapacityL),
    licensePlate: t.licensePlate ?? '',
    vin: t.vin ?? '',
    mileageKm: str(t.mileageKm),
    nextInspection: t.nextInspection ?? '',
    nickName: t.nickName,
  };
}

const int = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
const orNull = (value: string) => value.trim() || null;

/** The name a vehicle goes by: its nickname, else brand and model. */
export const defaultNickName = (v: Pick<VehicleValues, 'brand' | 'model'>) =>
  [v.brand, v.model].filter(Boolean).join(' ');

export function vehicleBody(v: VehicleValues): ThingBody {
  return {
    type: v.type,
    nickName: v.nickName.trim() || defaultNickName(v),
    brand: orNull(v.brand),
    model: orNull(v.model),
    fuelType: (orNull(v.fuelType) as VehicleFuel | null) ?? null,
    buildYear: int(v.buildYear),
    tankCapacityL: int(v.tankCapacityL),
    licensePlate: orNull(v.licensePlate),
    vin: orNull(v.vin)?.toUpperCase() ?? null,
    mileageKm: int(v.mileageKm),
    nextInspection: orNull(v.nextInspection),
  };
}

const wholeNumber = /^\d+$/;

/** Build year: four digits, from 1900 to next year. */
export function validateBuildYear(value: string, now = new Date()): FieldError | null {
  const v = value.trim();
  if (!v) return null;
  const year = Number(v);
  return wholeNumber.test(v) && year >= 1900 && year <= now.getFullYear() + 1 ? null : { kind: 'format' };
}

export function validateTank(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return null;
  return wholeNumber.test(v) && Number(v) >= 1 && Number(v) <= 500 ? null : { kind: 'format' };
}

/** §5 "Mileage is at most 1000000 and must not be lower than the previous value." */
export function validateMileage(value: string, previous: number | null): FieldError | null {
  const v = value.trim();
  if (!v) return null;
  if (!wholeNumber.test(v)) return { kind: 'format' };
  const km = Number(v);
  if (km > MILEAGE_MAX_KM) return { kind: 'mileageMax' };
  if (previous !== null && km < previous) return { kind: 'mileageBelowPrevious', previous: String(previous) };
  return null;
}

/** 17 letters and digits without I, O and Q (ISO 3779). */
export function validateVin(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return null;
  return /^[A-HJ-NPR-Z0-9]{17}$/i.test(v) ? null : { kind: 'format' };
}

/** The vehicle needs a name: its own, or brand and model to make one from. */
export function validateNickName(value: string, values: VehicleValues): FieldError | null {
  return value.trim() || defaultNickName(values) ? null : { kind: 'required' };
}
