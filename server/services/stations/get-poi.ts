import type { Poi } from '../../../contract/stations';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { loadProducts, loadStation, toPoiJson } from './load-pois';

/** GET /v4/pois/{id}: polled every 5 s per driver, so two primary-key/index reads. */
export async function getPoi({ ctx, input }: { ctx: AppContext; input: { id: string } }): Promise<Poi> {
  const station = await loadStation({ ctx, input: { id: input.id } });
  if (!station) throw notFound('No such station');
  const products = await loadProducts({ ctx, input: { stationIds: [station.id] } });
  return toPoiJson(station, products.get(station.id) ?? []);
}
