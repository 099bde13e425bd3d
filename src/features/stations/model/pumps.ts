// Pump selection rules (pay-flows.md §2, §5): sort, page, selectable.
import type { Poi, Product } from '../../../../contract/stations';
import { hintFor } from './hints';

/** "Page size is 9 when a wash exists, otherwise 12." */
export const PAGE_SIZE_WITH_WASH = 9;
export const PAGE_SIZE_WITHOUT_WASH = 12;

const DIGITS = /^[0-9]+$/;
/** Two digit strings by their value, as the numeric collator orders them (leading zeros do not count). */
function compareNumbers(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}
const collators = new Map<string, Intl.Collator>();

/** "Pumps are in a grid sorted by name (numeric-aware, locale-aware)." */
export function sortPumps<T extends { name: string }>(pumps: readonly T[], locale: string): T[] {
  // Pump names are numbers nearly always: ordered as numbers without building an ICU collator, whose construction
  // took ~10 ms of every render of the grid on a slow phone (kept per locale for the other names).
  if (pumps.every((pump) => DIGITS.test(pump.name))) return [...pumps].sort((a, b) => compareNumbers(a.name, b.name));
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return [...pumps].sort((a, b) => collator.compare(a.name, b.name));
}

export function pageSize(hasWash: boolean): number {
  return hasWash ? PAGE_SIZE_WITH_WASH : PAGE_SIZE_WITHOUT_WASH;
}

export type Page = { start: number; end: number; page: number; pages: number };

/** "A paging control with previous and next emits start and end index" (end exclusive). */
export function pageAt(total: number, size: number, page: number): Page {
  const pages = Math.max(1, Math.ceil(total / size));
  const clamped = Math.min(Math.max(0, page), pages - 1);
  const start = clamped * size;
  return { start, end: Math.min(total, start + size), page: clamped, pages };
}

/** "A pump or EV port is selectable only when AVAILABLE." */
export function isSelectable(product: Product): boolean {
  return product.attributes.status === 'AVAILABLE';
}

export function pumpsOf(station: Poi): Product[] {
  return station.products.filter((p) => p.facility === 'PUMP' && p.type === 'GAS');
}

export function chargersOf(station: Poi): Product[] {
  return station.products.filter((p) => p.facility === 'CHARGER' || p.type === 'EV_CHARGE');
}

export function washesOf(station: Poi): Product[] {
  return station.products.filter((p) => p.facility === 'WASH' || p.type === 'CAR_WASH');
}

/** The gift cards a station sells (shown to guests, and to accounts whose giftCardShop flag allows them). */
export function giftCardsOf(station: Poi): Product[] {
  return station.products.filter((p) => p.type === 'GIFT_CARD');
}

export function hasWash(station: Poi): boolean {
  return washesOf(station).length > 0 || station.productGroups.includes('WASH');
}

/** Only WASH groups: the station is a car wash (icon, geofence skip). */
export function isWashOnly(station: Poi): boolean {
  return station.productGroups.length > 0 && station.productGroups.every((g) => g === 'WASH');
}

/** "Order type: prepay if the pump's automaticFlow is set, otherwise postpay. Gift card stations are always postpay." */
export function orderTypeFor(station: Poi, product: Product): 'PREPAY' | 'POSTPAY' {
  if (station.type === 'GIFT_CARD') return 'POSTPAY';
  return product.attributes.automaticFlow ? 'PREPAY' : 'POSTPAY';
}

export type StationOutcome = { kind: 'ok' } | { kind: 'error'; type: 'STATION_OFFLINE' | 'NO_PUMPS' } | { kind: 'map' };

/**
 * pay-flows.md §4 and §8: "An OFFLINE status sends the user to the error page. An offline station with an orderId is
 * tolerated." "NO_PUMPS (station has no products): error page; a gift-card or shop-brand station goes back to /map."
 */
export function stationOutcome(station: Poi, query: { orderId?: string }): StationOutcome {
  if (station.status === 'OFFLINE' && !query.orderId) return { kind: 'error', type: 'STATION_OFFLINE' };
  if (station.products.length === 0) {
    return station.type === 'GIFT_CARD' || station.type === 'SHOP'
      ? { kind: 'map' }
      : { kind: 'error', type: 'NO_PUMPS' };
  }
  return { kind: 'ok' };
}

/**
 * Whether a new visitor's first screen at this station (a station link, no order) is its pump selection: not when the
 * app sends the visitor on (an offline station, nothing to pay at: the error page or the map) or shows a brand's hint
 * first. The server sends such a first screen as HTML (src/ssr/station-page.tsx).
 */
export function opensOnPumps(station: Poi): boolean {
  return stationOutcome(station, {}).kind === 'ok' && hintFor(station) === null;
}

/** The nearest station of a nearby search (gas stations and EV stations alike), or the one with the given mtskid. */
export function nearestStationId(
  result: {
    GAS_STATION: Array<Pick<Poi, '_id' | 'mtsKId'> & { distanceM: number }>;
    EV_STATIONS: Array<Pick<Poi, '_id' | 'mtsKId'> & { distanceM: number }>;
  },
  mtskid?: string,
): string | null {
  const all = [...result.GAS_STATION, ...result.EV_STATIONS]
    .filter((s) => !mtskid || s.mtsKId === mtskid)
    .sort((a, b) => a.distanceM - b.distanceM);
  return all[0]?._id ?? null;
}

export type NextStep =
  | { kind: 'prepay'; productId: string }
  | { kind: 'postpay'; productId: string }
  | { kind: 'wash' }
  | { kind: 'ev'; productId: string; fuelTypeId: string | undefined };

/** Where choosing a product leads (pay-flows.md §2, §4): the flow of its order type. */
export function nextStepFor(station: Poi, product: Product): NextStep {
  if (product.facility === 'WASH' || product.type === 'CAR_WASH') return { kind: 'wash' };
  if (product.facility === 'CHARGER' || product.type === 'EV_CHARGE') {
    return { kind: 'ev', productId: product._id, fuelTypeId: product.attributes.availableItems[0]?.itemCode };
  }
  return orderTypeFor(station, product) === 'PREPAY'
    ? { kind: 'prepay', productId: product._id }
    : { kind: 'postpay', productId: product._id };
}
