// A fuel card chosen on the summary (issue 12 follow-up; pay-flows.md §5 Fuel-card odometer): pure, no React. Apart
// from the odometer screen's model so that only the summary's fuel-card step (loaded lazily) carries it.
import { type FuelCardDatum, fuelCardMissing } from '../../../../contract/plain/fuel-card';
import { VIN_SHAPE } from '../../../../contract/plain/payment-methods';
import {
  type MethodLike,
  ODOMETER_REFUSED,
  type OdometerAnswer,
  type OdometerVariant,
  odometerVariant,
} from './odometer';

// The odometer screen asks for what the card the summary starts with needs. A driver who switches to another fuel card
// on the summary (or whose account has no odometer screen) is asked there, in a sheet with the same fields and rules,
// for what that card needs and the order does not have yet — before the pay button authorizes. The server refuses
// the authorize without it (422 fuel_card_data_missing).

/** What the order (or the order about to be created) has: its vehicle's VIN, whether it carries a reading. */
export type OrderVehicleData = { vin: string | null; hasMileage: boolean };

/**
 * The fields to ask for before `method` pays: a fuel-card variant with only what its level needs and the order lacks
 * (the VIN on the order's vehicle, the mileage on the order), or null when nothing is missing (not a fuel card, level
 * 0, or all there). `alsoMissing`: what the server said is missing (its refusal), asked even where the app saw it.
 */
export function fuelCardNeeds(
  method: MethodLike | null,
  order: OrderVehicleData,
  alsoMissing: readonly FuelCardDatum[] = [],
): OdometerVariant | null {
  const variant = odometerVariant(method);
  if (variant.kind !== 'fuel-card') return null;
  const missing = new Set([
    ...fuelCardMissing(variant.level, { vin: !!order.vin && VIN_SHAPE.test(order.vin), mileage: order.hasMileage }),
    ...alsoMissing,
  ]);
  if (missing.size === 0) return null;
  return {
    kind: 'fuel-card',
    level: variant.level,
    vinField: missing.has('vin'),
    mileageField: missing.has('mileage'),
  };
}

/**
 * The answer the order goes with once the sheet added to it: the vehicle the VIN went on, the reading given now or
 * before, the VIN given now or before. A reading makes it a 'reading'; a VIN alone a 'vin'; nothing new keeps `prev`.
 */
export function mergeOdometerAnswer(prev: OdometerAnswer | null, added: OdometerAnswer): OdometerAnswer {
  const thingId = added.thingId ?? prev?.thingId ?? null;
  const km = added.kind === 'reading' ? added.km : prev?.kind === 'reading' ? prev.km : undefined;
  const vin =
    (added.kind !== ODOMETER_REFUSED ? added.vin : undefined) ??
    (prev && prev.kind !== ODOMETER_REFUSED ? prev.vin : undefined);
  if (km !== undefined) return vin ? { kind: 'reading', km, thingId, vin } : { kind: 'reading', km, thingId };
  if (vin) return { kind: 'vin', thingId, vin };
  return prev ? { ...prev, thingId } : added;
}

/**
 * What the server's refusal of a fuel card says is missing (422 fuel_card_data_missing, details.missing): the summary
 * keeps the driver there with the code's message and asks for these when pay is pressed again.
 */
export function refusedFuelCardData(details: unknown): FuelCardDatum[] {
  const missing = (details as { missing?: unknown } | null)?.missing;
  return Array.isArray(missing) ? missing.filter((m): m is FuelCardDatum => m === 'vin' || m === 'mileage') : [];
}
