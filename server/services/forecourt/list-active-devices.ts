import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DeviceRow, forecourtDevices, type StationProductRow, stationProducts, stations } from '../../db/schema';
import { ACTIVE_STATES } from './transitions';

export type ActiveDevice = { device: DeviceRow; product: StationProductRow; stationOnline: boolean };

/** Devices the simulator has to look at: only those in active states (an index on state keeps this cheap). */
export async function listActiveDevices({ ctx }: { ctx: AppContext }): Promise<ActiveDevice[]> {
  const rows = await ctx.db
    .select({ device: forecourtDevices, product: stationProducts, stationStatus: stations.status })
    .from(forecourtDevices)
    .innerJoin(stationProducts, eq(stationProducts.id, forecourtDevices.productId))
    .innerJoin(stations, eq(stations.id, forecourtDevices.stationId))
    .where(inArray(forecourtDevices.state, ACTIVE_STATES));
  return rows.map((r) => ({ device: r.device, product: r.product, stationOnline: r.stationStatus === 'ONLINE' }));
}
