import { and, between, eq, inArray, type SQL } from 'drizzle-orm';
import { MAX_RADIUS_M, type PoiSearchResponse, RADIUS_TOO_LARGE_MESSAGE } from '../../../contract/stations';
import type { AppContext } from '../../context';
import { gridCellOf, stations } from '../../db/schema';
import { DomainError } from '../../errors';
import { loadProducts, olderPriceCutoff, toPoiJson } from './load-pois';

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

/** The bounding box of a circle, clamped to the map (no search crosses the poles or the antimeridian here). */
export function boundingBox(lat: number, lon: number, radiusM: number) {
  const dLat = radiusM / METRES_PER_DEGREE;
  const dLon = radiusM / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return {
    south: Math.max(-90, lat - dLat),
    north: Math.min(89.999_999, lat + dLat),
    west: Math.max(-180, lon - dLon),
    east: Math.min(179.999_999, lon + dLon),
  };
}

/** Grid cells (schema/stations.ts gridCellOf) the box touches: 1 for a 300 m search, about 15 for 100 km. */
export function gridCellsOf(box: ReturnType<typeof boundingBox>): number[] {
  const cells: number[] = [];
  for (let lat = Math.floor(box.south); lat <= Math.floor(box.north); lat++) {
    for (let lon = Math.floor(box.west); lon <= Math.floor(box.east); lon++) cells.push(gridCellOf(lat, lon));
  }
  return cells;
}

/**
 * GET /v4/pois/?lat&lon&radiusM: the grid cells and bounding box in SQL (indexed), then the exact distance; nearest
 * first. Without showOlderPrices a station's price board leaves out prices older than a day (contract/stations.ts).
 */
export async function searchPois({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: {
    lat: number;
    lon: number;
    radiusM: number;
    showEvPois: boolean;
    showOlderPrices?: boolean;
    mtskid?: string | undefined;
  };
}): Promise<PoiSearchResponse> {
  if (input.radiusM > MAX_RADIUS_M) {
    throw new DomainError('invalid', 'validation_error', RADIUS_TOO_LARGE_MESSAGE, [
      { path: 'radiusM', message: RADIUS_TOO_LARGE_MESSAGE },
    ]);
  }
  const box = boundingBox(input.lat, input.lon, input.radiusM);
  const where: SQL[] = [
    inArray(stations.gridCell, gridCellsOf(box)),
    between(stations.latitude, box.south, box.north),
    between(stations.longitude, box.west, box.east),
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
  const olderThan = input.showOlderPrices ? undefined : olderPriceCutoff(ctx.clock.now());
  const out: PoiSearchResponse = { GAS_STATION: [], EV_STATIONS: [] };
  for (const { s, d } of hits) {
    const poi = { ...toPoiJson(s, products.get(s.id) ?? [], { olderThan }), distanceM: Math.round(d) };
    (s.type === 'EV_STATION' ? out.EV_STATIONS : out.GAS_STATION).push(poi);
  }
  return out;
}
