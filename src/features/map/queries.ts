// The map's search: the stations of an area, fetched when online and written to Dexie (store.ts), which the screens
// read. The query itself only keeps when it last succeeded, so the persisted query cache stays small.
import { useQuery } from '@tanstack/react-query';
import { type AreaSearch, areaKeys, fetchArea, retryStationLoad } from '../stations/queries';
import { keepStations, storeArea } from './store';

export type { AreaSearch };

/** A search is fresh for a minute: panning back and forth does not ask again. */
export const AREA_STALE_MS = 60_000;

export const areaQuery = (area: AreaSearch) => ({
  queryKey: areaKeys.area(area),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const pois = await fetchArea(area, signal);
    const fetchedAt = Date.now();
    await keepStations(pois, fetchedAt);
    storeArea({ latitude: area.latitude, longitude: area.longitude, radiusM: area.radiusM });
    return { fetchedAt, count: pois.length };
  },
  retry: retryStationLoad,
  staleTime: AREA_STALE_MS,
  // Without signal the search waits (paused) instead of failing; the kept stations show meanwhile.
  networkMode: 'online' as const,
});

export function useAreaSearch(area: AreaSearch | null) {
  return useQuery({
    ...areaQuery(area ?? { latitude: 0, longitude: 0, radiusM: 1, ev: false }),
    enabled: area !== null,
  });
}
