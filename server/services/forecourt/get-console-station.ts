import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { loadProducts, loadStation } from '../stations/load-pois';
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
  const station = await loadStation({ ctx, input: { id: input.stationId } });
  if (!station) throw notFound('No such station');
  const products = (await loadProducts({ ctx, input: { stationIds: [station.id] } })).get(station.id) ?? [];
  const now = ctx.clock.now();
  const online = station.status === 'ONLINE';
  return {
    id: station.id,
    name: station.name,
    brand: station.brand,
    city: station.address.city,
    countryCode: station.countryCode,
    status: station.status,
    devices: products.flatMap((p) =>
      p.device
        ? [deviceView({ ctx, input: { device: p.device, product: p.product, stationOnline: online, now } })]
        : [],
    ),
  };
}
