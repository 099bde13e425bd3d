// What a fuel card needs on the order it pays (pay-flows.md §5 Fuel-card odometer): shared by the server's authorize
// and the summary's fuel-card step. Its own module, so that the pay path's first load does not carry it.
import { fuelCardRules } from './payment-methods';

/** What a fuel card may need from the order it pays: its vehicle's VIN, the mileage (carOdometerM). */
export type FuelCardDatum = 'vin' | 'mileage';

/**
 * What a fuel card of `level` needs that the order does not have yet (pay-flows.md §5 "VIN required at level 2 or
 * higher; the mileage field shows at levels 1 and 3"): the VIN on the order's vehicle, the mileage on the order. One
 * rule for the app (which asks before paying) and the server (which refuses the authorize without it), VIN first.
 */
export function fuelCardMissing(level: number, has: { vin: boolean; mileage: boolean }): FuelCardDatum[] {
  const rules = fuelCardRules(level);
  const missing: FuelCardDatum[] = [];
  if (rules.vinRequired && !has.vin) missing.push('vin');
  if (rules.mileageShown && !has.mileage) missing.push('mileage');
  return missing;
}

/** The 422 `fuel_card_data_missing` of an authorize: details.reason, and details.missing lists the FuelCardDatum. */
export const FUEL_CARD_DATA_MISSING = 'fuel_card_data_missing';
