import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices, ocppBuiltinChargers, stationProducts, stations } from '../../db/schema';
import { notFound } from '../../errors';
import { portLinks } from '../ocpp';
import { type ChargerConnection, type DeviceView, deviceView } from './device-view';
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
  const ports = devices.filter((d) => d.device.kind === 'CONNECTOR').map((d) => d.device.productId);
  const links = await portLinks({ db: ctx.db, input: { productIds: ports } });
  const cables = ports.length
    ? await ctx.db
        .select({ productId: ocppBuiltinChargers.productId, offline: ocppBuiltinChargers.offline })
        .from(ocppBuiltinChargers)
        .where(inArray(ocppBuiltinChargers.productId, ports))
    : [];
  const ocppOf = (productId: string): ChargerConnection => {
    const link = links.get(productId);
    return {
      chargePointId: link?.chargePointId ?? null,
      connected: link?.online ?? false,
      builtin: link?.builtin ?? false,
      status: link?.status ?? null,
      lastSeenAt: link?.lastSeenAt?.toISOString() ?? null,
      cableOut: cables.find((c) => c.productId === productId)?.offline ?? false,
    };
  };
  return {
    id: station.id,
    name: station.name,
    brand: station.brand,
    city: station.address.city,
    countryCode: station.countryCode,
    status: station.status,
    devices: devices.map(({ device, product }) => {
      const view = deviceView({ ctx, input: { device, product, stationOnline, now } });
      return device.kind === 'CONNECTOR' ? { ...view, ocpp: ocppOf(device.productId) } : view;
    }),
  };
}
