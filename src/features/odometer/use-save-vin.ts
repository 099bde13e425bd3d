// The VIN a fuel card asks for, saved on the vehicle (pay-flows.md §5 Fuel-card odometer): PATCH /v3/things/{id} when
// it changed, a new vehicle when the driver has none. Used by the odometer screen and the summary's fuel-card sheet.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ApiError } from '../../lib/http/errors';
import { useCreateVehicle, useUpdateVehicle } from '../vehicles/queries';

export function useSaveVin(userId: string | null) {
  const { i18n } = useLingui();
  const updateVehicle = useUpdateVehicle();
  const createVehicle = useCreateVehicle();
  /** Saves `value` on `vehicle` (or a new "My car"); the vehicle's id back (null for a driver without an account). */
  async function save(vehicle: { thingId: string; vin: string | null } | null, value: string): Promise<string | null> {
    if (!userId) return vehicle?.thingId ?? null;
    if (vehicle && vehicle.vin === value) return vehicle.thingId;
    if (vehicle) {
      await updateVehicle.mutateAsync({ userId, id: vehicle.thingId, patch: { vin: value } });
      return vehicle.thingId;
    }
    const created = await createVehicle.mutateAsync({
      userId,
      body: { type: 'car', nickName: i18n._(msg`My car`), vin: value },
    });
    return created._id;
  }
  return { save, saving: updateVehicle.isPending || createVehicle.isPending };
}

/** The server's own VIN check refused it (400 on the vin field): shown at the field, not above the form. */
export function vinRefused(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    Array.isArray(failure.details) &&
    failure.details.some((d) => (d as { path?: unknown } | null)?.path === 'vin')
  );
}
