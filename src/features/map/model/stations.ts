// What the map and the list show of a station under the current filters: whether it matches, its price, its
// availability (the marker's colour), its ports or pumps, and the order of the list.

import { type ConnectorStandard, FUEL_TYPE_OF_ITEM } from '../../../../contract/plain/stations';
import type { FuelPrice, Poi, Price, Product } from '../../../../contract/stations';
import { distanceM, type LatLon } from '../../stations/model/geofence';
import { type MapFilters, minPowerKw } from './filters';
import { type OpeningState, openingState } from './opening';

/** The marker's colour: a pump or port free now, all busy, none working, closed by the hours, or station offline. */
export type Availability = 'available' | 'busy' | 'unavailable' | 'closed' | 'offline';

export type StationView = {
  id: string;
  name: string;
  brand: string;
  latitude: number;
  longitude: number;
  address: string;
  kind: 'fuel' | 'ev' | 'wash';
  availability: Availability;
  opening: OpeningState;
  /** Fuel: the selected fuel's price per litre (or kg); EV: the cheapest matching port's energy price per kWh. */
  price: (Price & { unit: 'LTR' | 'KG' | 'KWH'; updatedAt: string | null }) | null;
  /** Products that count under the filter: pumps selling the fuel, or matching ports. */
  free: number;
  total: number;
  /** EV: the matching ports' standards and powers, e.g. [{standard: 'CCS', power: 150, free: true}]. */
  ports: { standard: ConnectorStandard; power: number; free: boolean }[];
  hasWash: boolean;
};

export type KeptStation = { poi: Poi; fetchedAt: number };

function portOf(p: Product): { standard: ConnectorStandard; power: number } | null {
  const details = p.attributes.availableItems[0]?.details;
  if (p.type !== 'EV_CHARGE' || !details?.standard) return null;
  return { standard: details.standard, power: details.power ?? 0 };
}

function addressOf(poi: Poi): string {
  const a = poi.location.address;
  return [`${a.street}${a.houseNumber ? ` ${a.houseNumber}` : ''}`, `${a.zip} ${a.city}`].filter(Boolean).join(', ');
}

/** Products that count under the filters. */
export function relevantProducts(poi: Poi, filters: MapFilters): Product[] {
  if (filters.mode === 'ev') {
    const min = minPowerKw(filters.power);
    return poi.products.filter((p) => {
      const port = portOf(p);
      return port !== null && port.standard === filters.plug && port.power >= min;
    });
  }
  const board = poi.fuelPrices?.some((f) => f.fuelType === filters.fuel);
  if (!board) return [];
  return poi.products.filter(
    (p) => p.type === 'GAS' && p.attributes.availableItems.some((i) => FUEL_TYPE_OF_ITEM[i.itemCode] === filters.fuel),
  );
}

/** Wash-only stations count under every fuel filter (a driver can pay a wash); EV mode shows charging only. */
function isWashOnly(poi: Poi): boolean {
  return poi.products.length > 0 && poi.products.every((p) => p.type === 'CAR_WASH');
}

/** The station as the map shows it under the filters, or null when it does not match them. */
export function stationView(poi: Poi, filters: MapFilters, now: Date): StationView | null {
  const relevant = relevantProducts(poi, filters);
  const washOnly = filters.mode === 'fuel' && isWashOnly(poi);
  if (relevant.length === 0 && !washOnly) return null;
  const counted = washOnly ? poi.products : relevant;
  const free = counted.filter((p) => p.attributes.status === 'AVAILABLE').length;
  const opening = openingState(poi.openingHours, now);
  let availability: Availability;
  if (poi.status === 'OFFLINE') availability = 'offline';
  else if (opening.kind === 'closed') availability = 'closed';
  else if (free > 0) availability = 'available';
  else if (counted.some((p) => p.attributes.status === 'IN_USE')) availability = 'busy';
  else availability = 'unavailable';

  let price: StationView['price'] = null;
  if (filters.mode === 'fuel' && !washOnly) {
    const f = poi.fuelPrices?.find((x: FuelPrice) => x.fuelType === filters.fuel);
    if (f)
      price = { amount: f.price, currency: f.currency, precision: f.precision, unit: f.unit, updatedAt: f.updatedAt };
  }
  if (filters.mode === 'ev') {
    for (const p of relevant) {
      const item = p.attributes.availableItems[0];
      if (item && (price === null || item.price < price.amount)) {
        price = {
          amount: item.price,
          currency: item.currency,
          precision: item.precision,
          unit: 'KWH',
          updatedAt: null,
        };
      }
    }
  }
  return {
    id: poi._id,
    name: poi.name,
    brand: poi.brand,
    latitude: poi.location.latitude,
    longitude: poi.location.longitude,
    address: addressOf(poi),
    kind: washOnly ? 'wash' : filters.mode,
    availability,
    opening,
    price,
    free,
    total: counted.length,
    ports: relevant.flatMap((p) => {
      const port = portOf(p);
      return port ? [{ ...port, free: p.attributes.status === 'AVAILABLE' }] : [];
    }),
    hasWash: poi.products.some((p) => p.type === 'CAR_WASH'),
  };
}

/** The list's order: nearest first, or cheapest first (stations without a price last, then by distance). */
export function sortStations<T extends { view: StationView; distanceM: number }>(
  rows: readonly T[],
  sort: 'distance' | 'price',
): T[] {
  return [...rows].sort((a, b) => {
    if (sort === 'price') {
      const pa = a.view.price ? a.view.price.amount / 10 ** a.view.price.precision : Number.POSITIVE_INFINITY;
      const pb = b.view.price ? b.view.price.amount / 10 ** b.view.price.precision : Number.POSITIVE_INFINITY;
      if (pa !== pb) return pa - pb;
    }
    return a.distanceM - b.distanceM;
  });
}

/** The rows of the list and the map: matching stations with their distance from `from` (the driver or the centre). */
export function visibleStations(
  kept: readonly KeptStation[],
  filters: MapFilters,
  from: LatLon,
  now: Date,
): { view: StationView; distanceM: number; fetchedAt: number }[] {
  const out: { view: StationView; distanceM: number; fetchedAt: number }[] = [];
  for (const k of kept) {
    const view = stationView(k.poi, filters, now);
    if (view) out.push({ view, distanceM: distanceM(from, view), fetchedAt: k.fetchedAt });
  }
  return out;
}

/** Age buckets for "price from …" and "saved …": under a minute, minutes, hours, days. */
export function ageOf(since: number, now: number): { unit: 'now' | 'minute' | 'hour' | 'day'; value: number } {
  const s = Math.max(0, now - since) / 1000;
  if (s < 60) return { unit: 'now', value: 0 };
  if (s < 3600) return { unit: 'minute', value: Math.floor(s / 60) };
  if (s < 86_400) return { unit: 'hour', value: Math.floor(s / 3600) };
  return { unit: 'day', value: Math.floor(s / 86_400) };
}
