import { and, between, eq, type SQL } from 'drizzle-orm';
import { MAX_RADIUS_M, type PoiSearchResponse, RADIUS_TOO_LARGE_MESSAGE } from '../../../src/contract/stations';
import type { AppContext } from '../../context';
import { stations } from '../../db/schema';
import { ApiError } from '../../errors';
import { loadProducts, toPoiJson } from './load-pois';

const EARTH_RADIUS_M = 6_371_000;
const METRES_PER_DEGREE = 111_320;
/** pay-flows.md §7: the nearby search (300 m) needs both a gas station and an EV station, so it returns both. */
const NEARBY_RADIUS_M = 300;

function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** GET /v4/pois/?lat&lon&radiusM: a bounding box in SQL (indexed), then the exact distance; nearest first. */
export async function searchPois({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { lat: number; lon: number; radiusM: number; showEvPois: boolean; mtskid?: string | undefined };
}): Promise<PoiSearchResponse> {
  if (input.radiusM > MAX_RADIUS_M) {
    throw new ApiError(400, 'validation_error', RADIUS_TOO_LARGE_MESSAGE, [
      { path: 'radiusM', message: RADIUS_TOO_LARGE_MESSAGE },
    ]);
  }
  const dLat = input.radiusM / METRES_PER_DEGREE;
  const dLon = input.radiusM / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((input.lat * Math.PI) / 180)));
  const where: SQL[] = [
    between(stations.latitude, input.lat - dLat, input.lat + dLat),
    between(stations.longitude, input.lon - dLon, input.lon + dLon),
  ];
  if (input.mtskid) where.push(eq(stations.mtskId, input.mtskid));
  const rows = await ctx.db
    .select()
    .from(stations)
    .where(and(...where));

  const withEv = input.showEvPois || input.radiusM === NEARBY_RADIUS_M;
  const hits = rows
    .map((s) => ({ s, d: haversineM(input.lat, input.lon, s.latitude, s.longitude) }))
    .filter((h) => h.d <= input.radiusM && (withEv || h.s.type !== 'EV_STATION'))
    .sort((a, b) => a.d - b.d);
  const products = await loadProducts({ ctx, input: { stationIds: hits.map((h) => h.s.id) } });
  const out: PoiSearchResponse = { GAS_STATION: [], EV_STATIONS: [] };
  for (const { s, d } of hits) {
    const poi = { ...toPoiJson(s, products.get(s.id) ?? []), distanceM: Math.round(d) };
    (s.type === 'EV_STATION' ? out.EV_STATIONS : out.GAS_STATION).push(poi);
  }
  return out;
}
