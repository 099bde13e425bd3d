// The search area (shell-and-account.md §5, §7): a circle around the map's centre that covers the visible area,
// capped at the API's 100 km; after panning or zooming out, "search this area" offers a new one.
import { MAX_RADIUS_M } from '../../../../contract/plain/stations';
import { distanceM, type LatLon } from '../../stations/model/geofence';

export { MAX_RADIUS_M };

/** The smallest search: a street or two, even at the highest zoom. */
export const MIN_RADIUS_M = 500;

export type SearchArea = { latitude: number; longitude: number; radiusM: number };

/** The circle around `center` reaching the farthest visible corner, in whole metres, within [500 m, 100 km]. */
export function areaFor(center: LatLon, corners: readonly LatLon[]): SearchArea {
  const far = Math.max(0, ...corners.map((c) => distanceM(center, c)));
  const radiusM = Math.min(MAX_RADIUS_M, Math.max(MIN_RADIUS_M, Math.ceil(far)));
  return { latitude: round(center.latitude), longitude: round(center.longitude), radiusM };
}

/** 5 decimals (about a metre): stable query keys for a map that settles a hair apart. */
function round(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}

/**
 * Whether the visible area has left the searched one enough to offer "search this area": the centre moved by more
 * than a quarter of the searched radius, or the view now reaches half again as far (zoomed out) while the searched
 * circle was below the cap.
 */
export function needsNewSearch(searched: SearchArea, visible: SearchArea): boolean {
  const moved = distanceM(searched, visible);
  if (moved > searched.radiusM / 4) return true;
  return searched.radiusM < MAX_RADIUS_M && visible.radiusM > searched.radiusM * 1.5;
}

/** Whether a point lies in the area. */
export function inArea(area: SearchArea, point: LatLon): boolean {
  return distanceM(area, point) <= area.radiusM;
}
