import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices, stationProducts, stations } from '../../db/schema';
import { notFound } from '../../errors';
import { type DeviceView, deviceView } from './device-view';
import type { ConsoleStation } from './list-console-stations';

export type ConsoleStationDetail = ConsoleStation & { devices: DeviceView[] };

/** One station with every device's live state and meter (the console polls this every second). */
export async function getConsoleStation({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { stationId: string };
}): Promise<ConsoleStationDetail> {
  const [station] = await ctx.db.select().from(stations).where(eq(stations.id, input.stationId));
  if (!station) throw notFound('No such station');
  const devices = await ctx.db
    .select({ device: forecourtDevices, product: stationProducts })
    .from(forecourtDevices)
    .innerJoin(stationProducts, eq(stationProducts.id, forecourtDevices.productId))
    .where(eq(stationProducts.stationId, station.id))
    .orderBy(asc(stationProducts.position));
  const now = ctx.clock.now();
  const stationOnline = station.status === 'ONLINE';
  return {
    id: station.id,
    name: station.name,
    brand: station.brand,
    city: station.address.city,
    countryCode: station.countryCode,
    status: station.status,
    devices: devices.map(({ device, product }) => deviceView({ ctx, input: { device, product, stationOnline, now } })),
  };
}
