// The map's offline data: the stations of the last searches in Dexie (with the time they were fetched), the last
// searched area and the filters in local storage. The map and the list read kept stations, so they show without signal.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Poi } from '../../../contract/stations';
import { db, type KeptStation } from '../../db';
import { filtersToStore, type MapFilters, parseStoredFilters, type StoredFilters } from './model/filters';
import { inArea, type SearchArea } from './model/radius';

/** How many stations are kept at most (the oldest go first): a few searches' worth, a few MB. */
export const KEEP_MAX = 3_000;
const FILTERS_KEY = 'forecourt-map-filters';
const AREA_KEY = 'forecourt-map-area';
const METRES_PER_DEGREE = 111_320;

/** Keeps what a search answered, replacing older copies of the same stations. */
export async function keepStations(pois: readonly Poi[], fetchedAt: number): Promise<void> {
  await db.transaction('rw', db.mapStations, async () => {
    await db.mapStations.bulkPut(
      pois.map((poi) => ({
        id: poi._id,
        latitude: poi.location.latitude,
        longitude: poi.location.longitude,
        fetchedAt,
        poi,
      })),
    );
    const extra = (await db.mapStations.count()) - KEEP_MAX;
    if (extra > 0) {
      const oldest = await db.mapStations.orderBy('fetchedAt').limit(extra).primaryKeys();
      await db.mapStations.bulkDelete(oldest);
    }
  });
}

/** Kept stations within the area (a latitude band from the index, then the exact circle). */
export async function keptIn(area: SearchArea): Promise<KeptStation[]> {
  const d = area.radiusM / METRES_PER_DEGREE;
  const band = await db.mapStations
    .where('latitude')
    .between(area.latitude - d, area.latitude + d, true, true)
    .toArray();
  return band.filter((s) => inArea(area, s));
}

/** The kept stations of an area, live (a search that lands updates the screen). undefined while reading. */
export function useKeptStations(area: SearchArea | null): KeptStation[] | undefined {
  return useLiveQuery(
    () => (area ? keptIn(area) : Promise.resolve([])),
    [area?.latitude, area?.longitude, area?.radiusM],
  );
}

export function storedFilters(): StoredFilters | null {
  try {
    return parseStoredFilters(localStorage.getItem(FILTERS_KEY));
  } catch {
    return null;
  }
}

export function storeFilters(filters: MapFilters): void {
  try {
    localStorage.setItem(FILTERS_KEY, JSON.stringify(filtersToStore(filters, storedFilters())));
  } catch {
    // Storage full or blocked: the URL still carries the filters.
  }
}

/** The last searched area: where the map opens without signal or position. */
export function lastArea(): SearchArea | null {
  try {
    const raw = localStorage.getItem(AREA_KEY);
    if (!raw) return null;
    const a = JSON.parse(raw) as SearchArea;
    return Number.isFinite(a.latitude) && Number.isFinite(a.longitude) && Number.isFinite(a.radiusM) ? a : null;
  } catch {
    return null;
  }
}

export function storeArea(area: SearchArea): void {
  try {
    localStorage.setItem(AREA_KEY, JSON.stringify(area));
  } catch {
    // See storeFilters.
  }
}
