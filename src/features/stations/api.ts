import { poi, poiSearchResponse } from '../../contract/stations';
import { api } from '../../lib/http/index';

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
