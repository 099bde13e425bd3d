// Map geolocation (shell-and-account.md §4, §8, §9): request the position on /map, follow it every 5 s; on failure
// fall back to the default centre and say why (USER_DENIED_GEOLOCATION, code 1, has its own message).
import { LOCATION_POLL_MS, USER_DENIED_GEOLOCATION } from '../../stations/model/geofence';

export { LOCATION_POLL_MS, USER_DENIED_GEOLOCATION };

/** "Default map centre: longitude 9.7, latitude 51.43, zoom 4.7. This is also the fallback location." */
export const DEFAULT_CENTER = { longitude: 9.7, latitude: 51.43, zoom: 4.7 } as const;
/** The zoom the map goes to around the driver: a few kilometres across on a phone. */
export const LOCATED_ZOOM = 12.5;

export type Position = { latitude: number; longitude: number };

export type GeoState =
  | { kind: 'locating' }
  | { kind: 'located'; position: Position }
  /** The driver refused location access (code 1). */
  | { kind: 'denied' }
  /** No fix: unavailable, timed out or no geolocation at all. */
  | { kind: 'unavailable' };

export type GeoEvent = { type: 'fix'; position: Position } | { type: 'error'; code: number };

/**
 * One reading. A later fix replaces an error (the driver allowed it after all); an error after a fix keeps the last
 * known position, except a refusal, which is respected at once.
 */
export function geoTransition(state: GeoState, event: GeoEvent): GeoState {
  if (event.type === 'fix') return { kind: 'located', position: event.position };
  if (event.code === USER_DENIED_GEOLOCATION) return { kind: 'denied' };
  if (state.kind === 'located') return state;
  return { kind: 'unavailable' };
}

/** Where the map opens: the driver's position, else (denied, unavailable, still locating) the default centre. */
export function startView(state: GeoState): { latitude: number; longitude: number; zoom: number } {
  if (state.kind === 'located') return { ...state.position, zoom: LOCATED_ZOOM };
  return DEFAULT_CENTER;
}

/** Whether the map should fall back and say that location is off. */
export function locationOff(state: GeoState): 'denied' | 'unavailable' | null {
  return state.kind === 'denied' || state.kind === 'unavailable' ? state.kind : null;
}
