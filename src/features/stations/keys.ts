// Query keys of the stations (queries.ts re-exports them; live.ts writes into the same cache entries).
export const stationKeys = {
  all: ['station'] as const,
  detail: (id: string) => ['station', id] as const,
  nearby: (lat: number, lon: number, mtskid: string | undefined) =>
    ['station', 'nearby', lat, lon, mtskid ?? ''] as const,
};
