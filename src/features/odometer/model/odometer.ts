// The odometer screen's rules (pay-flows.md §2 Odometer screen, §4 Finish, §5 Odometer): pure, no React.

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

/** The driver's answer on the odometer screen: a reading in km with its vehicle, or REFUSED. */
export type OdometerAnswer =
  | { kind: 'reading'; km: number; thingId: string | null }
  | { kind: typeof ODOMETER_REFUSED; thingId: string | null };

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
