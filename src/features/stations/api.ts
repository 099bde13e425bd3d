import { poi, poiSearchResponse } from '../../contract/stations';
import { api } from '../../lib/http/index';

export type PoiSearch = { lat: number; lon: number; radiusM: number; showEvPois?: boolean; mtskid?: string };

export const stationsApi = {
  get: (id: string, signal?: AbortSignal) => api.request(`v4/pois/${encodeURIComponent(id)}`, poi, { signal }),
  search: ({ lat, lon, radiusM, showEvPois, mtskid }: PoiSearch, signal?: AbortSignal) =>
    api.request('v4/pois/', poiSearchResponse, {
      signal,
      searchParams: { lat, lon, radiusM, showEvPois: showEvPois || undefined, mtskid },
    }),
};
