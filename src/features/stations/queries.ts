import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/http/errors';
import { poi, stationsApi } from './api';
import { stationKeys } from './keys';
import { isStationLive } from './live';

/** pay-flows.md §9: "Station poll 5000 ms"; "Retry count and delay 3 and 2 s". */
export const STATION_POLL_MS = 5_000;
export const STATION_RETRIES = 3;
export const STATION_RETRY_DELAY_MS = 2_000;
/** "GET v4/pois/?lat&lon&radiusM=300 (nearby …)". */
export const NEARBY_RADIUS_M = 300;

export { stationKeys };

/** Retry what may pass on a second try (no answer, a server hiccup), never a 4xx. */
function retryable(count: number, error: unknown): boolean {
  return count < STATION_RETRIES && error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export const stationQuery = (id: string) =>
  queryOptions({
    queryKey: stationKeys.detail(id),
    queryFn: ({ signal }) => stationsApi.get(id, signal),
    retry: retryable,
    retryDelay: STATION_RETRY_DELAY_MS,
    // Polling: a tick is skipped while the previous fetch still runs (react-query does not start a second one).
    // Only while the station's event stream is down (live.ts): the stream and the poll never run together.
    refetchInterval: () => (isStationLive(id) ? false : STATION_POLL_MS),
    refetchIntervalInBackground: false,
    // An answer younger than one poll is not asked for again when a screen mounts: a station link's start fetches the
    // station beside the session (main.tsx), and with 0 the station screen, mounting half a second later, asked again
    // and parsed it a second time on a cold phone, just before the event stream sends its own snapshot.
    staleTime: STATION_POLL_MS,
  });

/**
 * A station link's first screen came as HTML with the station in it (server/http/station-page.ts): the station the
 * server rendered goes into the cache, checked like an answer of GET /pois/{id}, so the app's first screen is that
 * same page instead of a skeleton (`json` as the page has it; a bad one throws). It goes in as old (stale at once):
 * the station is still asked for at once, and "confirmed" (choosing a pump) waits for the server's answer or the
 * stream as before. Never over data the cache already has.
 */
export async function seedStation(queryClient: QueryClient, id: string, json: string | null): Promise<void> {
  const parsed = (await poi.load()).safeParse(JSON.parse(json ?? 'null'));
  if (!parsed.success || parsed.data._id !== id) return;
  if (queryClient.getQueryData(stationKeys.detail(id)) !== undefined) return;
  queryClient.setQueryData(stationKeys.detail(id), parsed.data, { updatedAt: 1 });
}

export const nearbyQuery = (lat: number, lon: number, mtskid?: string) =>
  queryOptions({
    queryKey: stationKeys.nearby(lat, lon, mtskid),
    queryFn: ({ signal }) =>
      stationsApi.search({ lat, lon, radiusM: NEARBY_RADIUS_M, showEvPois: true, mtskid }, signal),
    retry: retryable,
    retryDelay: STATION_RETRY_DELAY_MS,
  });

/** The map's search of an area (shell-and-account.md §7): both groups with EV, fuel stations without. */
export type AreaSearch = { latitude: number; longitude: number; radiusM: number; ev: boolean };

export const areaKeys = {
  area: (a: AreaSearch) => ['station', 'area', a.latitude, a.longitude, a.radiusM, a.ev] as const,
};

/** GET v4/pois/?lat&lon&radiusM&isRydPay=true&showOlderPrices=true[&showEvPois=true]: the stations of both groups. */
export async function fetchArea(a: AreaSearch, signal?: AbortSignal) {
  const res = await stationsApi.search(
    { lat: a.latitude, lon: a.longitude, radiusM: a.radiusM, showEvPois: a.ev, forMap: true },
    signal,
  );
  return [...res.GAS_STATION, ...res.EV_STATIONS];
}

export { retryable as retryStationLoad };
