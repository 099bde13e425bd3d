// The odometer screen's rules (pay-flows.md §2 Odometer screen, §4 Finish, §5 Odometer, Fuel-card odometer): pure,
// no React.
import { fuelCardRules, VIN_SHAPE } from '../../../../contract/plain/payment-methods';

/** pay-flows.md §9 "Odometer max 1,000,000 km". */
export const ODOMETER_MAX_KM = 1_000_000;

/** What is stored when the driver refuses to give the reading (§4: "unless the user refused (stored value REFUSED)"). */
export const ODOMETER_REFUSED = 'REFUSED' as const;

export type OdometerError = 'required' | 'max' | 'lower';

/** "digits only, non-digit input removed" (leading zeros dropped, so "007" reads 7). */
export function sanitizeKm(input: string): string {
  const digits = input.replace(/\D+/g, '');
  return digits.replace(/^0+(?=\d)/, '');
}

/**
 * "required (… when empty or 0); at most 1,000,000 km; Mileage may not be lower than the previous value."
 * previousKm: the vehicle's last reading in km (undefined when it has none).
 */
export function odometerError(km: string, previousKm?: number): OdometerError | null {
  const value = Number(sanitizeKm(km) || '0');
  if (value <= 0) return 'required';
  if (value > ODOMETER_MAX_KM) return 'max';
  if (previousKm !== undefined && value < previousKm) return 'lower';
  return null;
}

/** "submit disabled at 0 or less" — and while the reading is not valid. */
export function canSubmitOdometer(km: string, previousKm?: number): boolean {
  return odometerError(km, previousKm) === null;
}

/** "Sent in metres (km times 1000)." */
export function kmToMetres(km: string): number {
  return Number(sanitizeKm(km) || '0') * 1000;
}

/** The previous reading in whole km from a vehicle's carOdometerM (rounded down), or undefined. */
export function previousKmOf(carOdometerM: number | null | undefined): number | undefined {
  return carOdometerM === null || carOdometerM === undefined ? undefined : Math.floor(carOdometerM / 1000);
}

/** The vehicle picker's order: the preferred vehicle first, the others as they came. */
export function vehiclesForPicker<T extends { thingId: string }>(
  vehicles: readonly T[],
  preferredId: string | null,
): T[] {
  const preferred = vehicles.filter((v) => v.thingId === preferredId);
  return [...preferred, ...vehicles.filter((v) => v.thingId !== preferredId)];
}

/**
 * The driver's answer on the odometer screen: a reading in km with its vehicle, or REFUSED; with a fuel card that
 * asks for it, the VIN saved on that vehicle too ('vin': a card whose level asks for the VIN but not the mileage).
 */
export type OdometerAnswer =
  | { kind: 'reading'; km: number; thingId: string | null; vin?: string | undefined }
  | { kind: typeof ODOMETER_REFUSED; thingId: string | null }
  | { kind: 'vin'; thingId: string | null; vin: string };

/** What the order create carries: carOdometerM in metres, nothing once refused (§4 "unless the user refused"). */
export function carOdometerMOf(answer: OdometerAnswer | null): number | undefined {
  return answer?.kind === 'reading' ? answer.km * 1000 : undefined;
}

/**
 * The server's refusal of a reading (422, details [{path: 'odometer', message: 'below_previous', limit}] with the
 * limit in metres): the previous reading in km, or null when the error is something else.
 */
export function odometerRejection(error: { status: number; details?: unknown } | null | undefined): number | null {
  if (error?.status !== 422 || !Array.isArray(error.details)) return null;
  for (const d of error.details as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { path, message, limit } = d as { path?: unknown; message?: unknown; limit?: unknown };
    if (path === 'odometer' && message === 'below_previous' && typeof limit === 'number')
      return previousKmOf(limit) ?? 0;
  }
  return null;
}

/**
 * When the odometer screen does not come before payment (issue 12, the pay area's skip rules of pay-flows.md §2): at a
 * station with only WASH groups, on a wash path, or when the order exists already (an orderId: the reading went with
 * its create) or an Amazon checkout returns (the answer was given before leaving). The geofence's third rule, its
 * 5-second bypass, is about the driver's position and has no odometer counterpart.
 */
export function skipsOdometer(input: {
  washOnly: boolean;
  path: string;
  query: { orderId?: string | undefined; amazonCheckoutSessionId?: string | undefined };
}): boolean {
  if (input.query.orderId || input.query.amazonCheckoutSessionId) return true;
  if (/\/wash(\/|$)/.test(input.path)) return true;
  return input.washOnly;
}

// ——— The fuel-card odometer (pay-flows.md §5 "Fuel-card odometer: VIN required at level 2 or higher; the mileage
// field shows at levels 1 and 3") ———
//
// The spec leaves open which card decides it (no order call carries a VIN, and the screen comes before the method is
// picked on the summary) and what level 0 means. Decided for issue 12:
// - the card is the method the summary will start with: the driver's preferred method, else the first one (the
//   summary's own choice, PaySummary); a method changed on the summary afterwards does not bring the screen back;
// - level 0 (or none) is the normal screen; from level 1 the card's level decides the fields, exactly as §5 says:
//   level 1 mileage, level 2 VIN only, level 3 VIN and mileage (and above 3: VIN only, "2 or higher", "1 and 3");
// - what the card asks for cannot be refused (no REFUSED on this variant): the issuer's level is why it is asked;
// - the VIN is saved on the chosen vehicle (PATCH /v3/things/{id} vin; the vehicle's ymme.VIN), the mileage goes on
//   the order as on the normal screen (carOdometerM).

/** Which odometer screen: the normal one, or the fuel card's with the fields its level asks for. */
export type OdometerVariant =
  | { kind: 'normal' }
  | { kind: 'fuel-card'; level: number; vinField: boolean; mileageField: boolean };

export const NORMAL_ODOMETER: OdometerVariant = { kind: 'normal' };

export type MethodLike = {
  method: string;
  isPreferred?: boolean | undefined;
  details?: { level?: number | undefined };
};

/** The method the summary starts with (its preferred one, else the first): the one the screen is shown for. */
export function odometerMethod<T extends MethodLike>(methods: readonly T[] | undefined): T | null {
  return methods?.find((m) => m.isPreferred) ?? methods?.[0] ?? null;
}

/** The screen for a payment method: a FUEL_CARD of level 1 or more has its variant, anything else the normal one. */
export function odometerVariant(method: MethodLike | null): OdometerVariant {
  const level = method?.method === 'FUEL_CARD' ? method.details?.level : undefined;
  if (level === undefined || !Number.isInteger(level) || level < 1) return NORMAL_ODOMETER;
  const rules = fuelCardRules(level);
  return { kind: 'fuel-card', level, vinField: rules.vinRequired, mileageField: rules.mileageShown };
}

/** Does the screen show the mileage (the normal screen always does)? */
export const asksMileage = (variant: OdometerVariant) => variant.kind === 'normal' || variant.mileageField;
/** Does the screen ask for the VIN (required wherever it shows)? */
export const asksVin = (variant: OdometerVariant) => variant.kind === 'fuel-card' && variant.vinField;
/** May the driver refuse (REFUSED)? Only on the normal screen. */
export const mayRefuse = (variant: OdometerVariant) => variant.kind === 'normal';

/** A VIN as typed: upper case, spaces and dashes dropped (a VIN is often printed in groups). */
export function sanitizeVin(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

export type VinError = 'required' | 'characters' | 'length';

/**
 * §5 "VIN required at level 2 or higher"; its shape as ISO 3779 and the vehicle form have it: 17 letters and digits
 * without I, O and Q. No check digit: the spec asks for none, and European VINs need not carry one (position 9).
 */
export function vinError(input: string): VinError | null {
  const vin = sanitizeVin(input);
  if (vin === '') return 'required';
  if (/[^A-Z0-9]|[IOQ]/.test(vin)) return 'characters';
  if (vin.length !== 17) return 'length';
  return VIN_SHAPE.test(vin) ? null : 'characters';
}

/** The screen's field errors for what the driver typed (null: the field is fine or not shown). */
export function odometerErrors(
  variant: OdometerVariant,
  input: { km: string; previousKm?: number | undefined; vin: string },
): { km: OdometerError | null; vin: VinError | null } {
  return {
    km: asksMileage(variant) ? odometerError(input.km, input.previousKm) : null,
    vin: asksVin(variant) ? vinError(input.vin) : null,
  };
}

/** The answer once every shown field is valid (null until then). */
export function odometerAnswerOf(
  variant: OdometerVariant,
  input: { km: string; previousKm?: number | undefined; vin: string; thingId: string | null },
): OdometerAnswer | null {
  const errors = odometerErrors(variant, input);
  if (errors.km || errors.vin) return null;
  const vin = asksVin(variant) ? sanitizeVin(input.vin) : undefined;
  if (!asksMileage(variant)) return { kind: 'vin', thingId: input.thingId, vin: vin ?? '' };
  const km = Number(sanitizeKm(input.km));
  return vin ? { kind: 'reading', km, thingId: input.thingId, vin } : { kind: 'reading', km, thingId: input.thingId };
}
