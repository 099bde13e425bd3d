import type { Thing } from '../../../contract/vehicles';
import type { ThingRow } from '../../db/schema';

/** The wire form of a vehicle (contract `thing`). */
export function toThingJson(row: ThingRow, accountId: string, preferredThing: string | null): Thing {
  return {
    _id: row.id,
    account: accountId,
    type: row.type,
    nickName: row.nickName,
    brand: row.brand,
    model: row.model,
    buildYear: row.buildYear,
    fuelType: row.fuelType,
    tankCapacityL: row.tankCapacityL,
    licensePlate: row.licensePlate,
    vin: row.vin,
    mileageKm: row.mileageKm,
    nextInspection: row.nextInspection,
    isPreferred: row.id === preferredThing,
    ymme: { year: row.buildYear, make: row.brand, model: row.model, licensePlate: row.licensePlate, VIN: row.vin },
    users: [row.userId],
    status: 'ACTIVE',
    readOnly: false,
    createdAt: row.createdAt.toISOString(),
  };
}
