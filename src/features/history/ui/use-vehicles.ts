// The driver's vehicles for the history's pickers (filters, import, statistics): the vehicles API's list, kept on the
// device by the vehicles area (so the pickers work without signal), named as the driver named them.
import { useSession } from '../../session/queries';
import { useKeptVehicles, useVehiclesSync } from '../../vehicles/queries';
import type { Vehicle } from './FilterSheet';

export function useVehicles(): { userId: string | null; vehicles: Vehicle[]; loaded: boolean } {
  const record = useSession();
  const userId = record?.userId ?? null;
  // Fetching writes the kept list, which is what is read.
  useVehiclesSync(userId);
  const kept = useKeptVehicles(userId);
  return {
    userId,
    loaded: kept !== undefined,
    vehicles: (kept ?? []).map((t) => ({
      id: t._id,
      name: t.nickName || [t.brand, t.model].filter(Boolean).join(' ') || t._id,
    })),
  };
}
