import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the app's entry (lib/http/client.ts). The station itself,
// which a station link's first screen waits for, is read by a plain check (no zod at all), loaded the same way.
const contract = () => import('../../../contract/stations');
/** Also what the station's event stream is parsed with (live.ts). */
export const poi = lazySchema(() => import('../../../contract/plain/answers').then((m) => m.poiAnswer));
const poiSearchResponse = lazySchema(() => contract().then((m) => m.poiSearchResponse));

export type PoiSearch = {
  lat: number;
  lon: number;
  radiusM: number;
  showEvPois?: boolean;
  mtskid?: string;
  /** The map's search (shell-and-account.md §7): isRydPay=true&showOlderPrices=true. */
  forMap?: boolean;
};

export const stationsApi = {
  get: (id: string, signal?: AbortSignal) => api.request(`v4/pois/${encodeURIComponent(id)}`, poi, { signal }),
  search: ({ lat, lon, radiusM, showEvPois, mtskid, forMap }: PoiSearch, signal?: AbortSignal) =>
    api.request('v4/pois/', poiSearchResponse, {
      signal,
      searchParams: {
        lat,
        lon,
        radiusM,
        isRydPay: forMap || undefined,
        showOlderPrices: forMap || undefined,
        showEvPois: showEvPois || undefined,
        mtskid,
      },
    }),
};
