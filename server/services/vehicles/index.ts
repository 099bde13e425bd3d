// The vehicle catalogue (shell-and-account.md §7 Vehicles): makes, models and fuel types with tank sizes.
import type { FuelTypeDetail, Make, Model, VehicleFuel, VehicleType } from '../../../contract/vehicles';
import { notFound } from '../../errors';
import { VEHICLE_CATALOGUE } from '../../seed/vehicle-catalogue';

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/** GET /vehicles/makes?type: every make (of a type), A–Z. */
export function listMakes({ input }: { input: { type?: VehicleType | undefined } }): Make[] {
  const makes = new Map<string, Make>();
  for (const m of VEHICLE_CATALOGUE) {
    if (input.type && m.type !== input.type) continue;
    const found = makes.get(m.name);
    if (found) found.types.push(m.type);
    else makes.set(m.name, { name: m.name, types: [m.type] });
  }
  return [...makes.values()].sort(byName);
}

/** GET /vehicles/makes/{brand}/models?type: the make's models with their fuel types (an unknown make is 404). */
export function listModels({ input }: { input: { brand: string; type?: VehicleType | undefined } }): Model[] {
  const makes = VEHICLE_CATALOGUE.filter((m) => same(m.name, input.brand) && (!input.type || m.type === input.type));
  if (makes.length === 0) throw notFound('No such make');
  return makes
    .flatMap((m) =>
      m.models.map(([name, tanks]) => ({ name, type: m.type, fuelTypes: Object.keys(tanks) as VehicleFuel[] })),
    )
    .sort(byName);
}

/** GET /vehicles/makes/{brand}/models/{model}/fuelTypes/{fuel}: the tank size of that model with that fuel. */
export function getFuelType({ input }: { input: { brand: string; model: string; fuel: string } }): FuelTypeDetail {
  for (const m of VEHICLE_CATALOGUE) {
    if (!same(m.name, input.brand)) continue;
    for (const [name, tanks] of m.models) {
      if (!same(name, input.model) || !(input.fuel in tanks)) continue;
      const fuelType = input.fuel as VehicleFuel;
      return { make: m.name, model: name, type: m.type, fuelType, tankCapacityL: tanks[fuelType] ?? null };
    }
  }
  throw notFound('No such make, model or fuel type');
}
