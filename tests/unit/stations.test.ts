// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import type { Poi, Product } from '../../contract/stations';
import { freeParkingHours, priceLines } from '../../src/features/stations/model/ev-pricing';
import {
  directionsUrl,
  distanceM,
  GEOFENCE_M,
  geofenceState,
  HOLD_TO_BYPASS_MS,
  isNear,
  LOCATION_POLL_MS,
  skipsGeofence,
} from '../../src/features/stations/model/geofence';
import { hintFor } from '../../src/features/stations/model/hints';
import {
  chargersOf,
  giftCardsOf,
  isSelectable,
  isWashOnly,
  nearestStationId,
  nextStepFor,
  opensOnPumps,
  orderTypeFor,
  pageAt,
  pageSize,
  pumpsOf,
  sortPumps,
  stationOutcome,
} from '../../src/features/stations/model/pumps';

function product(
  name: string,
  over: Partial<Product> & { status?: Product['attributes']['status']; automaticFlow?: boolean } = {},
): Product {
  return {
    _id: `p-${name}`,
    name,
    facility: over.facility ?? 'PUMP',
    type: over.type ?? 'GAS',
    attributes: {
      status: over.status ?? 'AVAILABLE',
      automaticFlow: over.automaticFlow ?? true,
      availableItems: [{ itemCode: 'SUPER_E5', marketingName: 'Super E5', price: 1789, currency: 'EUR', precision: 3 }],
    },
  };
}

function station(over: Partial<Poi> = {}): Poi {
  return {
    _id: 's1',
    type: 'GAS_STATION',
    name: 'Test',
    brand: 'Nordwind',
    status: 'ONLINE',
    location: { latitude: 52.52, longitude: 13.405, address: { street: 'A', zip: '1', city: 'B', countryCode: 'DE' } },
    address: { countryCode: 'DE' },
    partnerDetails: null,
    features: { guestCheckout: true, pumpsWithoutDisplay: false },
    supportedPaymentMeans: [],
    supportedLoyaltyPrograms: [],
    productGroups: ['FUEL'],
    products: [product('1')],
    vendingMachines: [],
    updatedAt: '2026-11-21T10:00:00Z',
    ...over,
  };
}

describe('pumps (pay-flows.md §2)', () => {
  it('sorts pump names numeric-aware', () => {
    const names = sortPumps(
      ['10', '2', '1', '12', '3'].map((n) => ({ name: n })),
      'en',
    ).map((p) => p.name);
    expect(names).toEqual(['1', '2', '3', '10', '12']);
  });
  it('orders number names as the numeric collator does (leading zeros, beyond 2^53)', () => {
    const names = ['10', '007', '9', '7', '0', '100000000000000000001', '99999999999999999999', '08', '1'];
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const expected = [...names].sort((a, b) => collator.compare(a, b));
    expect(
      sortPumps(
        names.map((n) => ({ name: n })),
        'en',
      ).map((p) => p.name),
    ).toEqual(expected);
  });
  it('sorts mixed names locale-aware', () => {
    const names = sortPumps(
      ['b2', 'A10', 'a2', 'Ä1'].map((n) => ({ name: n })),
      'de',
    ).map((p) => p.name);
    expect(names).toEqual(['Ä1', 'a2', 'A10', 'b2']);
  });
  it('page size is 9 with a wash and 12 without', () => {
    expect(pageSize(true)).toBe(9);
    expect(pageSize(false)).toBe(12);
  });
  it('pages emit start and end index', () => {
    expect(pageAt(14, 12, 0)).toEqual({ start: 0, end: 12, page: 0, pages: 2 });
    expect(pageAt(14, 12, 1)).toEqual({ start: 12, end: 14, page: 1, pages: 2 });
    expect(pageAt(14, 9, 1)).toEqual({ start: 9, end: 14, page: 1, pages: 2 });
    expect(pageAt(14, 9, 5)).toEqual({ start: 9, end: 14, page: 1, pages: 2 });
    expect(pageAt(0, 9, 0)).toEqual({ start: 0, end: 0, page: 0, pages: 1 });
    expect(pageAt(9, 9, -1)).toEqual({ start: 0, end: 9, page: 0, pages: 1 });
  });
  it.each(['IN_USE', 'OUT_OF_ORDER', 'UNAVAILABLE'] as const)('a %s pump is not selectable', (status) => {
    expect(isSelectable(product('1', { status }))).toBe(false);
  });
  it('an AVAILABLE pump is selectable', () => {
    expect(isSelectable(product('1'))).toBe(true);
  });
  it('order type is prepay with automaticFlow, else postpay; gift card stations always postpay', () => {
    expect(orderTypeFor(station(), product('1', { automaticFlow: true }))).toBe('PREPAY');
    expect(orderTypeFor(station(), product('1', { automaticFlow: false }))).toBe('POSTPAY');
    expect(orderTypeFor(station({ type: 'GIFT_CARD' }), product('1', { automaticFlow: true }))).toBe('POSTPAY');
  });
  it('splits products into pumps and chargers', () => {
    const s = station({ products: [product('1'), product('A', { facility: 'CHARGER', type: 'EV_CHARGE' })] });
    expect(pumpsOf(s).map((p) => p.name)).toEqual(['1']);
    expect(chargersOf(s).map((p) => p.name)).toEqual(['A']);
  });
  it('a station with only WASH groups is wash-only', () => {
    expect(isWashOnly(station({ productGroups: ['WASH'] }))).toBe(true);
    expect(isWashOnly(station({ productGroups: ['FUEL', 'WASH'] }))).toBe(false);
    expect(isWashOnly(station({ productGroups: [] }))).toBe(false);
  });
  it('choosing leads to the step of the product', () => {
    const s = station();
    expect(nextStepFor(s, product('1'))).toEqual({ kind: 'prepay', productId: 'p-1' });
    expect(nextStepFor(s, product('1', { automaticFlow: false }))).toEqual({ kind: 'postpay', productId: 'p-1' });
    expect(nextStepFor(s, product('W', { facility: 'WASH', type: 'CAR_WASH' }))).toEqual({ kind: 'wash' });
    expect(nextStepFor(s, product('C', { facility: 'CHARGER', type: 'EV_CHARGE' }))).toEqual({
      kind: 'ev',
      productId: 'p-C',
      fuelTypeId: 'SUPER_E5',
    });
  });
});

describe('station outcomes (pay-flows.md §4, §8)', () => {
  it('an OFFLINE station goes to the STATION_OFFLINE error page', () => {
    expect(stationOutcome(station({ status: 'OFFLINE' }), {})).toEqual({ kind: 'error', type: 'STATION_OFFLINE' });
  });
  it('an offline station with an orderId is tolerated', () => {
    expect(stationOutcome(station({ status: 'OFFLINE' }), { orderId: 'o1' })).toEqual({ kind: 'ok' });
  });
  it('a station without products goes to NO_PUMPS', () => {
    expect(stationOutcome(station({ products: [] }), {})).toEqual({ kind: 'error', type: 'NO_PUMPS' });
  });
  it('a gift-card or shop station without products goes back to the map', () => {
    expect(stationOutcome(station({ products: [], type: 'GIFT_CARD' }), {})).toEqual({ kind: 'map' });
    expect(stationOutcome(station({ products: [], type: 'SHOP' }), {})).toEqual({ kind: 'map' });
  });
  it('the nearby search picks the nearest station, or the one with the mtskid', () => {
    const result = {
      GAS_STATION: [
        { _id: 'far', mtsKId: 'm-far', distanceM: 250 },
        { _id: 'near', mtsKId: null, distanceM: 40 },
      ],
      EV_STATIONS: [{ _id: 'ev', mtsKId: null, distanceM: 90 }],
    };
    expect(nearestStationId(result)).toBe('near');
    expect(nearestStationId(result, 'm-far')).toBe('far');
    expect(nearestStationId(result, 'unknown')).toBeNull();
    expect(nearestStationId({ GAS_STATION: [], EV_STATIONS: [] })).toBeNull();
  });
});

describe('geofence (pay-flows.md §2, §9)', () => {
  const berlin = { latitude: 52.52, longitude: 13.405 };
  it('constants: 100 m, 5 s hold, 5 s location polling', () => {
    expect(GEOFENCE_M).toBe(100);
    expect(HOLD_TO_BYPASS_MS).toBe(5000);
    expect(LOCATION_POLL_MS).toBe(5000);
  });
  it('measures great-circle distances', () => {
    expect(distanceM(berlin, berlin)).toBe(0);
    // Berlin – Munich is about 504 km.
    expect(distanceM(berlin, { latitude: 48.137, longitude: 11.575 }) / 1000).toBeCloseTo(504, -1);
    // 0.0009° of latitude is about 100 m.
    expect(distanceM(berlin, { latitude: 52.5209, longitude: 13.405 })).toBeCloseTo(100, 0);
  });
  it('lets the driver proceed at 100 m or less', () => {
    expect(isNear({ latitude: 52.52089, longitude: 13.405 }, berlin)).toBe(true);
    expect(isNear({ latitude: 52.52091, longitude: 13.405 }, berlin)).toBe(false);
  });
  it('states: ask (not yet allowed), locating, denied (code 1), unavailable, far with distance, near', () => {
    expect(geofenceState({ ask: true }, berlin)).toEqual({ kind: 'ask' });
    expect(geofenceState(null, berlin)).toEqual({ kind: 'locating' });
    expect(geofenceState({ errorCode: 1 }, berlin)).toEqual({ kind: 'denied' });
    expect(geofenceState({ errorCode: 2 }, berlin)).toEqual({ kind: 'unavailable' });
    expect(geofenceState({ errorCode: 3 }, berlin)).toEqual({ kind: 'unavailable' });
    expect(geofenceState({ position: berlin }, berlin)).toEqual({ kind: 'near' });
    const far = geofenceState({ position: { latitude: 52.53, longitude: 13.405 } }, berlin);
    expect(far.kind).toBe('far');
  });
  const base = { station: { productGroups: ['FUEL' as const] }, path: '/pay/pump', query: {}, bypassed: false };
  it('is not skipped at a fuel station without flags', () => {
    expect(skipsGeofence(base)).toBe(false);
  });
  it('is skipped for WASH-only stations', () => {
    expect(skipsGeofence({ ...base, station: { productGroups: ['WASH'] } })).toBe(true);
  });
  it('is skipped on a wash path', () => {
    expect(skipsGeofence({ ...base, path: '/pay/postpay/wash' })).toBe(true);
    expect(skipsGeofence({ ...base, path: '/pay/wash/finish' })).toBe(true);
  });
  it('is skipped with an orderId or an Amazon checkout-session id', () => {
    expect(skipsGeofence({ ...base, query: { orderId: 'o' } })).toBe(true);
    expect(skipsGeofence({ ...base, query: { amazonCheckoutSessionId: 'a' } })).toBe(true);
  });
  it('is skipped with the bypass flag', () => {
    expect(skipsGeofence({ ...base, bypassed: true })).toBe(true);
  });
  it('drive-to-station opens Apple Maps on iOS and web maps otherwise', () => {
    expect(directionsUrl(berlin, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toMatch(
      /^https:\/\/maps\.apple\.com\/\?daddr=52\.52,13\.405/,
    );
    expect(directionsUrl(berlin, 'Mozilla/5.0 (Linux; Android 14)')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=52\.52,13\.405/,
    );
  });
});

describe('gift cards (pay-flows.md §6)', () => {
  it('are the products of type GIFT_CARD', () => {
    const card = product('G', { type: 'GIFT_CARD', facility: 'SHOP' });
    expect(giftCardsOf(station({ products: [product('1'), card] }))).toEqual([card]);
    expect(giftCardsOf(station())).toEqual([]);
  });
});

describe("a station link's first screen (issue 16: sent as HTML when it is the pump selection)", () => {
  it('is the pump selection for an online station with something to pay at and no hint', () => {
    expect(opensOnPumps(station())).toBe(true);
    const charger = product('C1', { facility: 'CHARGER', type: 'EV_CHARGE' });
    expect(opensOnPumps(station({ type: 'EV_STATION', products: [charger] }))).toBe(true);
  });
  it('is not when the app sends the visitor on: offline, nothing to pay at', () => {
    expect(opensOnPumps(station({ status: 'OFFLINE' }))).toBe(false);
    expect(opensOnPumps(station({ products: [] }))).toBe(false);
    expect(opensOnPumps(station({ products: [], type: 'GIFT_CARD' }))).toBe(false);
  });
  it("is not when a brand's hint comes first", () => {
    expect(opensOnPumps(station({ brand: 'Autohof Nord' }))).toBe(false);
    const partner = { partnerName: 'NordTank', address: { countryCode: 'DE' } } as Poi['partnerDetails'];
    expect(opensOnPumps(station({ partnerDetails: partner }))).toBe(false);
  });
});

describe('hint screens (pay-flows.md §2)', () => {
  it('cannotUsePhoneOutsideCar when the brand contains a marker', () => {
    expect(hintFor({ brand: 'Autohof Nord', partnerDetails: null })).toBe('cannotUsePhoneOutsideCar');
    expect(hintFor({ brand: 'Nordwind Rasthof', partnerDetails: null })).toBe('cannotUsePhoneOutsideCar');
    expect(hintFor({ brand: 'AUTOHOF', partnerDetails: null })).toBe('cannotUsePhoneOutsideCar');
  });
  it('prePayHint for the two German partners', () => {
    const p = (partnerName: string) => ({ partnerName, address: { countryCode: 'DE' } });
    expect(hintFor({ brand: 'X', partnerDetails: p('NordTank') })).toBe('prePayHint');
    expect(hintFor({ brand: 'X', partnerDetails: p('Bavaria Energie') })).toBe('prePayHint');
    expect(hintFor({ brand: 'X', partnerDetails: p('HydroGo') })).toBe('h2LegalHint');
    expect(hintFor({ brand: 'X', partnerDetails: p('Other') })).toBeNull();
  });
  it('no hint for other brands', () => {
    expect(hintFor({ brand: 'Nordwind', partnerDetails: null })).toBeNull();
  });
});

describe('EV price elements (pay-flows.md §3, §5)', () => {
  const item = {
    currency: 'EUR' as const,
    priceElements: [
      { priceComponents: [{ type: 'ENERGY' as const, price: 590, precision: 3, unit: 'KWH' as const }] },
      {
        restrictions: { startTime: '22:00', endTime: '06:00' },
        priceComponents: [{ type: 'ENERGY' as const, price: 490, precision: 3, unit: 'KWH' as const }],
      },
      { priceComponents: [{ type: 'FLAT' as const, price: 100, precision: 2, unit: 'COUNT' as const }] },
      {
        restrictions: { maxDuration: 120 },
        priceComponents: [{ type: 'PARKING_TIME' as const, price: 0, precision: 2, unit: 'MIN' as const }],
      },
      {
        restrictions: { maxDuration: 240 },
        priceComponents: [{ type: 'TIME' as const, price: 10, precision: 2, unit: 'MIN' as const }],
      },
    ],
  };
  it('turns every component into a line with unit, window and price', () => {
    const lines = priceLines(item);
    expect(lines.map((l) => [l.type, l.unit, l.window, l.price.amount])).toEqual([
      ['ENERGY', 'kWh', null, 590],
      ['ENERGY', 'kWh', { start: '22:00', end: '06:00' }, 490],
      ['FLAT', 'session', null, 100],
      ['PARKING_TIME', 'min', null, 0],
      ['TIME', 'min', null, 10],
    ]);
    expect(lines[4]!.maxDurationMin).toBe(240);
  });
  it('free parking shows maxDuration / 60 in whole hours when the price is zero or less', () => {
    expect(priceLines(item)[3]!.freeHours).toBe(2);
    expect(freeParkingHours({ price: 0 }, 90)).toBe(1);
    expect(freeParkingHours({ price: -5 }, 180)).toBe(3);
    expect(freeParkingHours({ price: 10 }, 120)).toBeNull();
    expect(freeParkingHours({ price: 0 }, undefined)).toBeNull();
  });
  it('an item without price elements has no lines', () => {
    expect(priceLines({ currency: 'EUR' })).toEqual([]);
  });
});
