// The map's rules (features/map/model): filters in the URL and storage, the search radius, geolocation, opening
// hours, what a station shows under a filter, the list's order.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FUEL_TYPES, MAX_RADIUS_M, type Poi, type Product, RADIUS_TOO_LARGE_MESSAGE } from '../../contract/stations';
import { HOME_PATH, MAP_IS_HOME } from '../../src/app/leave';
import { isFullWidth, titleFor } from '../../src/app/shell-rules';
import { openDb } from '../../src/db';
import {
  DEFAULT_FILTERS,
  DEFAULT_FUEL,
  DEFAULT_PLUG,
  DEFAULT_POWER,
  filtersToSearch,
  filtersToStore,
  mapSearch,
  minPowerKw,
  parseStoredFilters,
  resolveFilters,
} from '../../src/features/map/model/filters';
import {
  DEFAULT_CENTER,
  geoTransition,
  LOCATED_ZOOM,
  LOCATION_POLL_MS,
  locationOff,
  startView,
} from '../../src/features/map/model/geolocation';
import { localMinutes, openingState } from '../../src/features/map/model/opening';
import { areaFor, inArea, MIN_RADIUS_M, needsNewSearch } from '../../src/features/map/model/radius';
import { ageOf, sortStations, stationView, visibleStations } from '../../src/features/map/model/stations';

describe('map constants (shell-and-account.md §9)', () => {
  it('"Default map centre: longitude 9.7, latitude 51.43, zoom 4.7"', () => {
    expect(DEFAULT_CENTER).toEqual({ longitude: 9.7, latitude: 51.43, zoom: 4.7 });
  });
  it('"Geolocation polling every 5000 ms"', () => expect(LOCATION_POLL_MS).toBe(5000));
  it('"Default fuel filter SUPER E5" and the 15-item fuel list in order', () => {
    expect(DEFAULT_FUEL).toBe('SUPER E5');
    expect(FUEL_TYPES).toEqual([
      'SUPER E5',
      'SUPER E10',
      'DIESEL',
      'SUPER PLUS',
      'SUPER PREMIUM',
      'SUPER',
      'DIESEL PREMIUM',
      'TWO_STROKE_MIX',
      'CNG',
      'LPG',
      'HEATING OIL',
      'ADBLUE',
      'HYDROGEN',
      'DIESEL SYNTHETIC',
      'DIESEL TRUCK',
    ]);
  });
  it('"EV default plug CCS, power All"', () => {
    expect(DEFAULT_PLUG).toBe('CCS');
    expect(DEFAULT_POWER).toBe('ALL');
  });
  it('"Map radius maximum 100000 m", refused with the spec message', () => {
    expect(MAX_RADIUS_M).toBe(100_000);
    expect(RADIUS_TOO_LARGE_MESSAGE).toMatch(/100 km/);
  });
});

describe('filters: URL, then storage, then defaults', () => {
  const parse = (q: Record<string, string>) => mapSearch.parse(q);
  it.each([
    ['nothing anywhere → SUPER E5', {}, null, DEFAULT_FILTERS],
    ['the URL fuel', { fuel: 'DIESEL' }, null, { mode: 'fuel', fuel: 'DIESEL' }],
    ['EV mode from the URL with the defaults', { ev: 'true' }, null, { mode: 'ev', plug: 'CCS', power: 'ALL' }],
    [
      'EV mode with plug and power',
      { ev: 'true', plug: 'CHADEMO', power: '50' },
      null,
      { mode: 'ev', plug: 'CHADEMO', power: '50' },
    ],
    ['the URL beats storage', { fuel: 'LPG' }, { mode: 'ev', plug: 'TYPE_2' }, { mode: 'fuel', fuel: 'LPG' }],
    [
      'storage when the URL says nothing',
      {},
      { mode: 'ev', plug: 'TYPE_2' },
      { mode: 'ev', plug: 'TYPE_2', power: 'ALL' },
    ],
    ['stored fuel', {}, { mode: 'fuel', fuel: 'DIESEL' }, { mode: 'fuel', fuel: 'DIESEL' }],
    [
      'a URL plug alone means EV mode, the stored power kept',
      { plug: 'TESLA' },
      { mode: 'fuel', power: '150' },
      { mode: 'ev', plug: 'TESLA', power: '150' },
    ],
    ['ev=false with a fuel', { ev: 'false', fuel: 'CNG' }, null, { mode: 'fuel', fuel: 'CNG' }],
  ] as const)('%s', (_name, query, stored, expected) => {
    expect(resolveFilters(parse(query as Record<string, string>), stored as never)).toEqual(expected);
  });

  it.each([
    ['a typed ?ev=true (the router parses it to a boolean)', true, true],
    ["an older link's string 'true'", 'true', true],
    ['a typed ?ev=false', false, false],
    ["the string 'false'", 'false', false],
    ['anything else', 'yes', undefined],
    ['a number', 1, undefined],
  ] as const)('reads ev from %s', (_name, ev, expected) => {
    expect(mapSearch.parse({ ev }).ev).toBe(expected);
  });

  it('a typed ?ev=true opens EV mode with the defaults, ?ev=false with a fuel the fuel mode', () => {
    expect(resolveFilters(mapSearch.parse({ ev: true }), null)).toEqual({ mode: 'ev', plug: 'CCS', power: 'ALL' });
    expect(resolveFilters(mapSearch.parse({ ev: false, fuel: 'CNG' }), null)).toEqual({ mode: 'fuel', fuel: 'CNG' });
  });

  it('drops malformed URL values instead of failing (fuel, plug, power, view, sort)', () => {
    expect(
      mapSearch.parse({ fuel: 'PETROL', plug: 'USB', power: '7', view: 'globe', sort: 'name', ev: 'yes' }),
    ).toEqual({});
    expect(resolveFilters(mapSearch.parse({ fuel: 'PETROL' }), null)).toEqual(DEFAULT_FILTERS);
  });

  it('writes the current mode to the URL and clears the other mode', () => {
    expect(filtersToSearch({ mode: 'fuel', fuel: 'DIESEL' })).toEqual({
      fuel: 'DIESEL',
      ev: undefined,
      plug: undefined,
      power: undefined,
    });
    expect(filtersToSearch({ mode: 'ev', plug: 'CHADEMO', power: 'ALL' })).toEqual({
      ev: true,
      plug: 'CHADEMO',
      power: 'ALL',
      fuel: undefined,
    });
  });

  it('stores the current filters and keeps the other mode’s last choice', () => {
    const fuel = filtersToStore({ mode: 'fuel', fuel: 'DIESEL' }, null);
    const ev = filtersToStore({ mode: 'ev', plug: 'TYPE_2', power: '22' }, fuel);
    expect(ev).toEqual({ mode: 'ev', fuel: 'DIESEL', plug: 'TYPE_2', power: '22' });
    expect(parseStoredFilters(JSON.stringify(ev))).toEqual(ev);
  });

  it.each([null, '', 'not json', '{"mode":"boat"}', '[]'])('reads unusable storage %j as none', (raw) => {
    expect(parseStoredFilters(raw)).toBeNull();
  });

  it.each([
    ['ALL', 0],
    ['11', 11],
    ['22', 22],
    ['50', 50],
    ['150', 150],
  ] as const)('power class %s means at least %i kW', (power, kw) => expect(minPowerKw(power)).toBe(kw));
});

describe('search radius from the visible area', () => {
  const c = { latitude: 52.52, longitude: 13.405 };
  it('reaches the farthest visible corner', () => {
    const corner = { latitude: 52.53, longitude: 13.42 };
    const area = areaFor(c, [corner, { latitude: 52.51, longitude: 13.39 }]);
    expect(area.radiusM).toBeGreaterThan(1490);
    expect(area.radiusM).toBeLessThan(1520);
    expect(inArea(area, corner)).toBe(true);
  });
  it('is capped at 100 km: the app never asks for more', () => {
    const area = areaFor({ latitude: 51.43, longitude: 9.7 }, [{ latitude: 56, longitude: 20 }]);
    expect(area.radiusM).toBe(100_000);
  });
  it(`is at least ${MIN_RADIUS_M} m at the highest zoom`, () => {
    expect(areaFor(c, [{ latitude: 52.5201, longitude: 13.4051 }]).radiusM).toBe(MIN_RADIUS_M);
  });
  it('rounds the centre to 5 decimals for stable searches', () => {
    expect(areaFor({ latitude: 52.5200049, longitude: 13.4050001 }, [c])).toMatchObject({
      latitude: 52.52,
      longitude: 13.405,
    });
  });
  it.each([
    ['a small pan stays in the searched area', { latitude: 52.521, longitude: 13.405, radiusM: 2000 }, false],
    [
      'a pan by more than a quarter radius offers a new search',
      { latitude: 52.53, longitude: 13.405, radiusM: 2000 },
      true,
    ],
    [
      'zooming out past 1.5 × the radius offers a new search',
      { latitude: 52.52, longitude: 13.405, radiusM: 3100 },
      true,
    ],
    ['zooming in does not', { latitude: 52.52, longitude: 13.405, radiusM: 800 }, false],
  ])('%s', (_name, visible, expected) => {
    expect(needsNewSearch({ latitude: 52.52, longitude: 13.405, radiusM: 2000 }, visible)).toBe(expected);
  });
  it('does not offer a bigger search when the searched one is already at 100 km', () => {
    const max = { latitude: 51.43, longitude: 9.7, radiusM: 100_000 };
    expect(needsNewSearch(max, { ...max, radiusM: 100_000 })).toBe(false);
  });
});

describe('geolocation (§4: on failure fall back to the default location)', () => {
  const here = { latitude: 48.1, longitude: 11.5 };
  it.each([
    ['a fix locates', { kind: 'locating' }, { type: 'fix', position: here }, { kind: 'located', position: here }],
    ['code 1 is USER_DENIED_GEOLOCATION', { kind: 'locating' }, { type: 'error', code: 1 }, { kind: 'denied' }],
    ['other codes are unavailable', { kind: 'locating' }, { type: 'error', code: 2 }, { kind: 'unavailable' }],
    ['a timeout too', { kind: 'locating' }, { type: 'error', code: 3 }, { kind: 'unavailable' }],
    [
      'a failed poll keeps the last fix',
      { kind: 'located', position: here },
      { type: 'error', code: 3 },
      { kind: 'located', position: here },
    ],
    [
      'a refusal after a fix is respected',
      { kind: 'located', position: here },
      { type: 'error', code: 1 },
      { kind: 'denied' },
    ],
    [
      'a fix after a refusal locates again',
      { kind: 'denied' },
      { type: 'fix', position: here },
      { kind: 'located', position: here },
    ],
  ] as const)('%s', (_n, state, event, expected) => {
    expect(geoTransition(state as never, event as never)).toEqual(expected);
  });
  it('opens at the driver, else at the default centre', () => {
    expect(startView({ kind: 'located', position: here })).toEqual({ ...here, zoom: LOCATED_ZOOM });
    for (const kind of ['denied', 'unavailable', 'locating'] as const)
      expect(startView({ kind } as never)).toEqual(DEFAULT_CENTER);
  });
  it('says why location is off', () => {
    expect(locationOff({ kind: 'denied' })).toBe('denied');
    expect(locationOff({ kind: 'unavailable' })).toBe('unavailable');
    expect(locationOff({ kind: 'locating' })).toBeNull();
    expect(locationOff({ kind: 'located', position: here })).toBeNull();
  });
});

describe('opening hours in the station’s time zone', () => {
  const hours = { open: '06:00', close: '22:00', timeZone: 'Europe/Berlin' };
  it.each([
    ['null is around the clock', null, '2031-03-01T03:00:00Z', { kind: 'always' }],
    ['missing is unknown (an older kept answer)', undefined, '2031-03-01T03:00:00Z', { kind: 'unknown' }],
    ['07:00 Berlin (06:00 UTC) is open', hours, '2031-03-01T06:00:00Z', { kind: 'open', closesAt: '22:00' }],
    ['05:59 Berlin is closed', hours, '2031-03-01T04:59:00Z', { kind: 'closed', opensAt: '06:00' }],
    ['22:00 Berlin is closed', hours, '2031-03-01T21:00:00Z', { kind: 'closed', opensAt: '06:00' }],
    ['summer time counts (06:30 CEST = 04:30 UTC)', hours, '2031-07-01T04:30:00Z', { kind: 'open', closesAt: '22:00' }],
    [
      'a window over midnight: 23:30 is open',
      { open: '20:00', close: '02:00', timeZone: 'Europe/Lisbon' },
      '2031-03-01T23:30:00Z',
      { kind: 'open', closesAt: '02:00' },
    ],
    [
      'a window over midnight: 03:00 is closed',
      { open: '20:00', close: '02:00', timeZone: 'Europe/Lisbon' },
      '2031-03-01T03:00:00Z',
      { kind: 'closed', opensAt: '20:00' },
    ],
  ] as const)('%s', (_n, h, at, expected) => {
    expect(openingState(h as never, new Date(at))).toEqual(expected);
  });
  it('reads the wall clock of the zone', () => {
    expect(localMinutes(new Date('2031-03-01T12:15:00Z'), 'Europe/Lisbon')).toBe(12 * 60 + 15);
    expect(localMinutes(new Date('2031-03-01T12:15:00Z'), 'Europe/Warsaw')).toBe(13 * 60 + 15);
  });
});

function product(id: string, type: Product['type'], status: Product['attributes']['status'], items: object[]): Product {
  return {
    _id: id,
    name: id,
    facility: type === 'GAS' ? 'PUMP' : type === 'EV_CHARGE' ? 'CHARGER' : 'WASH',
    type,
    attributes: { status, automaticFlow: true, availableItems: items as never },
  };
}
const fuelItem = (code: string, price: number) => ({
  itemCode: code,
  marketingName: code,
  price,
  currency: 'EUR',
  precision: 3,
});
const port = (standard: string, power: number, price = 59) => ({
  itemCode: `${standard}_${power}`,
  marketingName: standard,
  price,
  currency: 'EUR',
  precision: 2,
  unit: 'KWH',
  details: { standard, power },
});
function poi(id: string, products: Product[], extra: Partial<Poi> = {}): Poi {
  return {
    _id: id,
    type: 'GAS_STATION',
    name: `Station ${id}`,
    brand: 'Brand',
    status: 'ONLINE',
    location: {
      latitude: 52.5,
      longitude: 13.4,
      address: { street: 'Hauptstraße', houseNumber: '1', zip: '10117', city: 'Berlin', countryCode: 'DE' },
    },
    address: { countryCode: 'DE' },
    partnerDetails: null,
    features: { guestCheckout: true, pumpsWithoutDisplay: false },
    supportedPaymentMeans: [],
    supportedLoyaltyPrograms: [],
    productGroups: [],
    products,
    vendingMachines: [],
    updatedAt: '2031-03-01T07:00:00Z',
    fuelPrices: products
      .filter((p) => p.type === 'GAS')
      .flatMap((p) => p.attributes.availableItems)
      .map((i) => ({
        fuelType: (i.itemCode === 'DIESEL' ? 'DIESEL' : 'SUPER E5') as never,
        price: i.price,
        currency: 'EUR' as const,
        precision: 3,
        unit: 'LTR' as const,
        updatedAt: '2031-03-01T06:00:00Z',
      })),
    openingHours: null,
    ...extra,
  };
}
const NOW = new Date('2031-03-01T08:00:00Z');
const fuel = { mode: 'fuel', fuel: 'SUPER E5' } as const;

describe('a station under the filters', () => {
  const gas = poi('a', [
    product('p1', 'GAS', 'IN_USE', [fuelItem('SUPER_E5', 1789), fuelItem('DIESEL', 1659)]),
    product('p2', 'GAS', 'AVAILABLE', [fuelItem('SUPER_E5', 1789)]),
  ]);
  const ev = poi('e', [
    product('c1', 'EV_CHARGE', 'AVAILABLE', [port('CCS', 150, 59)]),
    product('c2', 'EV_CHARGE', 'IN_USE', [port('CHADEMO', 50, 49)]),
    product('c3', 'EV_CHARGE', 'AVAILABLE', [port('TYPE_2', 22, 39)]),
  ]);

  it('shows the selected fuel’s price with its update time', () => {
    expect(stationView(gas, fuel, NOW)?.price).toEqual({
      amount: 1789,
      currency: 'EUR',
      precision: 3,
      unit: 'LTR',
      updatedAt: '2031-03-01T06:00:00Z',
    });
    expect(stationView(gas, { mode: 'fuel', fuel: 'DIESEL' }, NOW)?.price?.amount).toBe(1659);
  });
  it('leaves out a station that does not sell the fuel', () => {
    expect(stationView(gas, { mode: 'fuel', fuel: 'LPG' }, NOW)).toBeNull();
  });
  it('counts the pumps selling the fuel and how many are free', () => {
    expect(stationView(gas, fuel, NOW)).toMatchObject({ free: 1, total: 2, availability: 'available' });
    expect(stationView(gas, { mode: 'fuel', fuel: 'DIESEL' }, NOW)).toMatchObject({
      free: 0,
      total: 1,
      availability: 'busy',
    });
  });
  it('EV mode shows only ports of the plug type, at least the power class, priced per kWh', () => {
    const v = stationView(ev, { mode: 'ev', plug: 'CHADEMO', power: 'ALL' }, NOW);
    expect(v?.ports).toEqual([{ standard: 'CHADEMO', power: 50, free: false }]);
    expect(v?.price).toMatchObject({ amount: 49, unit: 'KWH', updatedAt: null });
    expect(v?.availability).toBe('busy');
    expect(stationView(ev, { mode: 'ev', plug: 'CCS', power: '150' }, NOW)?.ports).toHaveLength(1);
    expect(stationView(ev, { mode: 'ev', plug: 'CHADEMO', power: '150' }, NOW)).toBeNull();
    expect(stationView(gas, { mode: 'ev', plug: 'CCS', power: 'ALL' }, NOW)).toBeNull();
  });
  it('colours offline and closed stations whatever their pumps say', () => {
    expect(stationView({ ...gas, status: 'OFFLINE' }, fuel, NOW)?.availability).toBe('offline');
    const closed = { ...gas, openingHours: { open: '22:00', close: '05:00', timeZone: 'Europe/Berlin' } };
    expect(stationView(closed, fuel, NOW)).toMatchObject({ availability: 'closed', opening: { kind: 'closed' } });
  });
  it('says out of order when no counted pump works', () => {
    const broken = poi('b', [product('p', 'GAS', 'OUT_OF_ORDER', [fuelItem('SUPER_E5', 1700)])]);
    expect(stationView(broken, fuel, NOW)?.availability).toBe('unavailable');
  });
  it('shows a wash-only station under every fuel filter, without a price, not in EV mode', () => {
    const wash = poi('w', [product('w1', 'CAR_WASH', 'AVAILABLE', [])], { fuelPrices: [] });
    expect(stationView(wash, fuel, NOW)).toMatchObject({ kind: 'wash', price: null, availability: 'available' });
    expect(stationView(wash, { mode: 'ev', plug: 'CCS', power: 'ALL' }, NOW)).toBeNull();
  });
});

describe('the list', () => {
  const row = (id: string, d: number, price: number | null) => ({
    view: { id, price: price === null ? null : { amount: price, precision: 3 } } as never,
    distanceM: d,
  });
  const rows = [
    row('far-cheap', 900, 1600),
    row('near-dear', 100, 1900),
    row('mid-none', 500, null),
    row('mid', 400, 1700),
  ];
  it('sorts nearest first', () => {
    expect(sortStations(rows, 'distance').map((r) => (r.view as { id: string }).id)).toEqual([
      'near-dear',
      'mid',
      'mid-none',
      'far-cheap',
    ]);
  });
  it('sorts cheapest first, stations without a price last', () => {
    expect(sortStations(rows, 'price').map((r) => (r.view as { id: string }).id)).toEqual([
      'far-cheap',
      'mid',
      'near-dear',
      'mid-none',
    ]);
  });
  it('keeps the matching stations with their distance from the driver and their age', () => {
    const kept = [
      { poi: poi('a', [product('p', 'GAS', 'AVAILABLE', [fuelItem('SUPER_E5', 1789)])]), fetchedAt: 5 },
      { poi: poi('b', [product('p', 'GAS', 'AVAILABLE', [fuelItem('DIESEL', 1659)])]), fetchedAt: 6 },
    ];
    const out = visibleStations(kept, fuel, { latitude: 52.5, longitude: 13.41 }, NOW);
    expect(out.map((r) => r.view.id)).toEqual(['a']);
    expect(out[0]?.fetchedAt).toBe(5);
    expect(out[0]?.distanceM).toBeGreaterThan(600);
  });
  it.each([
    [0, { unit: 'now', value: 0 }],
    [59_000, { unit: 'now', value: 0 }],
    [5 * 60_000, { unit: 'minute', value: 5 }],
    [3 * 3_600_000 + 1, { unit: 'hour', value: 3 }],
    [2 * 86_400_000, { unit: 'day', value: 2 }],
  ] as const)('an age of %i ms reads as %j', (ms, expected) => {
    expect(ageOf(1_000_000, 1_000_000 + ms)).toEqual(expected);
  });
});

describe('kept stations (Dexie)', () => {
  it('has a table for the map’s stations, searched by latitude', async () => {
    const db = openDb(`map-test-${Math.random()}`);
    await db.mapStations.bulkPut([
      { id: 'a', latitude: 52.5, longitude: 13.4, fetchedAt: 1, poi: {} as Poi },
      { id: 'b', latitude: 48.1, longitude: 11.5, fetchedAt: 2, poi: {} as Poi },
    ]);
    const band = await db.mapStations.where('latitude').between(52, 53).toArray();
    expect(band.map((s) => s.id)).toEqual(['a']);
    db.close();
  });
});

describe('the map in the shell (shell-and-account.md §2.1 "/map … Full-width layout, no top-bar title")', () => {
  it('is the home every exit leads to', () => {
    expect(HOME_PATH).toBe('/map');
    expect(MAP_IS_HOME).toBe(true);
  });
  it('has no title and the full width', () => {
    expect(titleFor('/map')).toBeNull();
    expect(isFullWidth('/map')).toBe(true);
    expect(isFullWidth('/settings')).toBe(false);
    expect(isFullWidth('/pay')).toBe(false);
  });
});
