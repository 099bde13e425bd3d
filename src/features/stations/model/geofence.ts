// The geofence (pay-flows.md §2, §9): distance to the station, when to let the driver proceed, when to skip.
import type { Poi } from '../../../../contract/stations';
import { isWashOnly } from './pumps';

/** "It lets the user proceed at 100 m or less." */
export const GEOFENCE_M = 100;
/** "Pressing and holding either button for 5 s bypasses it." */
export const HOLD_TO_BYPASS_MS = 5_000;
/** "Geolocation polling every 5000 ms." */
export const LOCATION_POLL_MS = 5_000;
/** The W3C code for a denied permission (USER_DENIED_GEOLOCATION). */
export const USER_DENIED_GEOLOCATION = 1;

const EARTH_RADIUS_M = 6_371_008.8;

export type LatLon = { latitude: number; longitude: number };

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isNear(position: LatLon, station: LatLon): boolean {
  return distanceM(position, station) <= GEOFENCE_M;
}

/**
 * "It is skipped when the station has only WASH groups, on a wash path, when an orderId or an Amazon checkout-session
 *  id is present, or when a bypass flag is set."
 */
export function skipsGeofence(input: {
  station: Pick<Poi, 'productGroups'>;
  path: string;
  query: { orderId?: string; amazonCheckoutSessionId?: string };
  bypassed: boolean;
}): boolean {
  if (input.bypassed) return true;
  if (input.query.orderId || input.query.amazonCheckoutSessionId) return true;
  if (/\/wash(\/|$)/.test(input.path)) return true;
  return isWashOnly(input.station as Poi);
}

export type GeofenceState =
  /** Location not yet allowed: the reason is shown before the browser asks (issue 16: no prompt on load). */
  | { kind: 'ask' }
  | { kind: 'locating' }
  | { kind: 'denied' }
  | { kind: 'unavailable' }
  | { kind: 'far'; distanceM: number }
  | { kind: 'near' };

export type LocationReading = { position: LatLon } | { errorCode: number } | { ask: true } | null;

export function geofenceState(reading: LocationReading, station: LatLon): GeofenceState {
  if (reading === null) return { kind: 'locating' };
  if ('ask' in reading) return { kind: 'ask' };
  if ('errorCode' in reading)
    return reading.errorCode === USER_DENIED_GEOLOCATION ? { kind: 'denied' } : { kind: 'unavailable' };
  const d = distanceM(reading.position, station);
  return d <= GEOFENCE_M ? { kind: 'near' } : { kind: 'far', distanceM: d };
}

/** "A drive-to-station button that opens a maps app (Android and default: web maps link; iOS: Apple maps link)." */
export function directionsUrl(station: LatLon, userAgent: string): string {
  const destination = `${station.latitude},${station.longitude}`;
  if (/iPhone|iPad|iPod/i.test(userAgent)) return `https://maps.apple.com/?daddr=${destination}&dirflg=d`;
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving`;
}
