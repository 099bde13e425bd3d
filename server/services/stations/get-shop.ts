import type { Shop } from '../../../contract/stations';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { loadProducts, loadStation, toProductJson } from './load-pois';

/** GET /v4/shops/{id}: a gift-card shop (station type GIFT_CARD or SHOP) with its products. */
export async function getShop({ ctx, input }: { ctx: AppContext; input: { id: string } }): Promise<Shop> {
  const station = await loadStation({ ctx, input: { id: input.id } });
  if (!station || (station.type !== 'GIFT_CARD' && station.type !== 'SHOP')) throw notFound('No such shop');
  const products = (await loadProducts({ ctx, input: { stationIds: [station.id] } })).get(station.id) ?? [];
  return {
    _id: station.id,
    name: station.name,
    brand: station.brand,
    products: products.map((p) => toProductJson(p, station.status === 'ONLINE')),
  };
}
