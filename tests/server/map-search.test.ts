// The generated network (seed/network.ts) and the map's POI search over it: grid index, price board, opening hours.
import { describe, expect, it } from 'vitest';
import {
  CONNECTOR_STANDARDS,
  FUEL_TYPE_OF_ITEM,
  FUEL_TYPES,
  MAX_RADIUS_M,
  OLDER_PRICE_AGE_MS,
  type PoiWithDistance,
  poiSearchResponse,
  RADIUS_TOO_LARGE_MESSAGE,
} from '../../contract/stations';
import { gridCellOf } from '../../server/db/schema';
import { countryCounts, generateNetwork } from '../../server/seed/network';
import { ROADS, TOWNS } from '../../server/seed/roads';
import { type CountryCode, DEMO_STATIONS, NETWORK } from '../../server/seed/stations';
import { seedNetwork } from '../../server/services/seed';
import { boundingBox, gridCellsOf } from '../../server/services/stations/search-pois';
import { drivers, useServer } from './helpers';
import { createStation, farAwaySpot, pump } from './stations-fixtures';

const NOW = new Date('2031-03-01T08:00:00Z');
const generated = generateNetwork({ count: 2_000, now: NOW });

describe('generated network', () => {
  it('is deterministic: the same seed gives the same stations, another seed other places', () => {
    const again = generateNetwork({ count: 2_000, now: NOW });
    expect(again).toEqual(generated);
    const other = generateNetwork({ count: 50, seed: 7, now: NOW });
    expect(other[0]?.latitude).not.toBe(generated[0]?.latitude);
  });

  it('has exactly `count` stations with unique 24-hex ids that never collide with the demo network', () => {
    expect(generated).toHaveLength(2_000);
    expect(generateNetwork({ count: 123, now: NOW })).toHaveLength(123);
    const ids = [...NETWORK, ...generated].flatMap((s) => [s.id, ...s.products.map((p) => p.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('shares the stations out over all eleven countries', () => {
    const counts = countryCounts(2_000);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(2_000);
    const seen = new Set(generated.map((s) => s.address.countryCode));
    expect([...seen].sort()).toEqual(['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'IT', 'LU', 'NL', 'PL', 'PT']);
  });

  it('puts every station near a real town or on a real road of its country, in that town', () => {
    for (const s of generated) {
      const cc = s.address.countryCode as CountryCode;
      const town = TOWNS[cc].find((t) => t[0] === s.address.city);
      expect(town, s.name).toBeDefined();
      expect(s.address.zip).toBe(town?.[3]);
      const roadside = ROADS.some((r) => r.cc === cc && r.ref === s.address.street);
      // In town: within ~7 km of the centre; on a road: between two of its towns, so within the country's towns' box.
      const lats = TOWNS[cc].map((t) => t[1]);
      const lons = TOWNS[cc].map((t) => t[2]);
      if (!roadside) {
        expect(Math.abs(s.latitude - (town?.[1] ?? 0))).toBeLessThan(0.07);
      }
      expect(s.latitude).toBeGreaterThan(Math.min(...lats) - 0.1);
      expect(s.latitude).toBeLessThan(Math.max(...lats) + 0.1);
      expect(s.longitude).toBeGreaterThan(Math.min(...lons) - 0.15);
      expect(s.longitude).toBeLessThan(Math.max(...lons) + 0.15);
    }
  });

  it('mixes brands, station types, opening states and online/offline', () => {
    const types = new Set(generated.map((s) => s.type));
    expect([...types].sort()).toEqual(['CAR_WASH', 'EV_STATION', 'GAS_STATION']);
    expect(new Set(generated.map((s) => s.brand)).size).toBeGreaterThanOrEqual(8);
    expect(generated.some((s) => s.openingHours === null)).toBe(true);
    expect(generated.some((s) => s.openingHours && s.openingHours.open !== '00:00')).toBe(true);
    expect(generated.some((s) => s.status === 'OFFLINE')).toBe(true);
    expect(generated.filter((s) => s.status === 'OFFLINE').length).toBeLessThan(200);
    expect(generated.some((s) => s.products.some((p) => p.facility === 'WASH'))).toBe(true);
  });

  it('sells every fuel type of the spec somewhere, each price with its update time', () => {
    const sold = new Set<string>();
    for (const s of generated) {
      for (const p of s.products.filter((x) => x.facility === 'PUMP')) {
        for (const item of p.items) {
          const type = FUEL_TYPE_OF_ITEM[item.itemCode];
          expect(type, item.itemCode).toBeDefined();
          sold.add(type as string);
          expect(Date.parse(item.priceUpdatedAt ?? '')).toBeLessThanOrEqual(NOW.getTime());
          expect(Date.parse(item.priceUpdatedAt ?? '')).toBeGreaterThan(NOW.getTime() - 73 * 3_600_000);
        }
      }
    }
    expect([...sold].sort()).toEqual([...FUEL_TYPES].sort());
  });

  it('has EV ports of every connector standard, in several power classes', () => {
    const ports = generated.flatMap((s) => s.products.filter((p) => p.facility === 'CHARGER'));
    const standards = new Set(ports.map((p) => p.items[0]?.details?.standard));
    expect([...standards].sort()).toEqual([...CONNECTOR_STANDARDS].sort());
    const powers = new Set(ports.map((p) => p.items[0]?.details?.power));
    for (const kw of [3.7, 11, 22, 50, 150, 300]) expect(powers).toContain(kw);
  });

  it('gives each station one price per fuel type across its pumps (a price board)', () => {
    for (const s of generated.slice(0, 300)) {
      const prices = new Map<string, number>();
      for (const item of s.products.filter((p) => p.facility === 'PUMP').flatMap((p) => p.items)) {
        const known = prices.get(item.itemCode);
        if (known !== undefined) expect(item.price).toBe(known);
        prices.set(item.itemCode, item.price);
      }
    }
  });
});

describe('grid cells', () => {
  it('numbers 1° cells and covers a search box with the cells it touches', () => {
    expect(gridCellOf(52.5, 13.4)).toBe((52 + 90) * 360 + (13 + 180));
    expect(gridCellOf(-0.5, -0.5)).toBe((-1 + 90) * 360 + (-1 + 180));
    expect(gridCellsOf(boundingBox(52.5, 13.4, 300))).toEqual([gridCellOf(52.5, 13.4)]);
    const wide = gridCellsOf(boundingBox(52.5, 13.4, MAX_RADIUS_M));
    expect(wide.length).toBeGreaterThanOrEqual(9);
    expect(wide.length).toBeLessThanOrEqual(20);
    // A box across a cell border asks for both cells.
    expect(gridCellsOf(boundingBox(52.0001, 13.4, 1000))).toHaveLength(2);
  });
});

describe.each(drivers)('map POI search over the network (%s)', (driver) => {
  const t = useServer(driver);
  const q = (params: string) => t.server.request(`/api/v4/pois/?${params}`);

  it('seeds the demo stations and the generated network once (a second seed inserts nothing)', async () => {
    await seedNetwork({ ctx: t.server.ctx, input: { size: 2_000 } });
    expect((await seedNetwork({ ctx: t.server.ctx, input: { size: 2_000 } })).inserted).toBe(0);
    const demo = await t.server.request(`/api/v4/pois/${DEMO_STATIONS.prepay.id}`);
    expect(demo.status).toBe(200);
  });

  it('finds exactly the stations a brute-force haversine finds, nearest first, at 100 km', async () => {
    await seedNetwork({ ctx: t.server.ctx, input: { size: 2_000 } });
    const all = [...NETWORK, ...generated];
    for (const [lat, lon] of [
      [52.52, 13.405],
      [48.137, 11.575],
      [45.464, 9.19],
      [51.43, 9.7],
    ] as const) {
      const res = await q(
        `lat=${lat}&lon=${lon}&radiusM=${MAX_RADIUS_M}&isRydPay=true&showOlderPrices=true&showEvPois=true`,
      );
      expect(res.status).toBe(200);
      const body = poiSearchResponse.parse(res.body);
      const found = [...body.GAS_STATION, ...body.EV_STATIONS];
      const rad = Math.PI / 180;
      const expected = all
        .filter((s) => {
          const dLat = (s.latitude - lat) * rad;
          const dLon = (s.longitude - lon) * rad;
          const h =
            Math.sin(dLat / 2) ** 2 + Math.cos(lat * rad) * Math.cos(s.latitude * rad) * Math.sin(dLon / 2) ** 2;
          return 2 * 6_371_000 * Math.asin(Math.sqrt(h)) <= MAX_RADIUS_M;
        })
        .map((s) => s.id);
      // Stations of other tests (random far-away spots) are never near these towns, so the sets match exactly.
      expect(new Set(found.map((p) => p._id))).toEqual(new Set(expected));
      expect(found.length).toBeGreaterThan(10);
      for (const group of [body.GAS_STATION, body.EV_STATIONS]) {
        const d = group.map((p) => p.distanceM);
        expect(d).toEqual([...d].sort((a, b) => a - b));
      }
    }
  });

  it('refuses a radius above 100 km with the spec message, and takes exactly 100 km', async () => {
    const over = await q('lat=51.43&lon=9.7&radiusM=100001&isRydPay=true&showOlderPrices=true');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'validation_error', message: RADIUS_TOO_LARGE_MESSAGE });
    expect((await q('lat=51.43&lon=9.7&radiusM=100000&isRydPay=true&showOlderPrices=true')).status).toBe(200);
  });

  it('lists a price board per station: one price per fuel type, with its update time and unit', async () => {
    await seedNetwork({ ctx: t.server.ctx, input: { size: 2_000 } });
    const res = await q('lat=52.52&lon=13.405&radiusM=20000&isRydPay=true&showOlderPrices=true');
    const body = poiSearchResponse.parse(res.body);
    const withBoard = body.GAS_STATION.filter((p) => (p.fuelPrices ?? []).length > 0);
    expect(withBoard.length).toBeGreaterThan(3);
    for (const p of withBoard) {
      const types = (p.fuelPrices ?? []).map((f) => f.fuelType);
      expect(new Set(types).size).toBe(types.length);
      for (const f of p.fuelPrices ?? []) expect(Number.isNaN(Date.parse(f.updatedAt))).toBe(false);
    }
  });

  it('leaves prices older than a day out unless showOlderPrices=true', async () => {
    const spot = farAwaySpot();
    const old = new Date(t.server.ctx.clock.now().getTime() - OLDER_PRICE_AGE_MS - 60_000).toISOString();
    const fresh = new Date(t.server.ctx.clock.now().getTime() - 60_000).toISOString();
    const p = pump('1');
    p.items = p.items.map((i) => ({ ...i, priceUpdatedAt: i.itemCode === 'DIESEL' ? old : fresh }));
    const station = await createStation(t.server.ctx, { ...spot, products: [p] });
    const find = async (extra: string) => {
      const body = poiSearchResponse.parse(
        (await q(`lat=${spot.latitude}&lon=${spot.longitude}&radiusM=500${extra}`)).body,
      );
      return body.GAS_STATION.find((x) => x._id === station.id) as PoiWithDistance;
    };
    expect((await find('&showOlderPrices=true')).fuelPrices?.map((f) => f.fuelType).sort()).toEqual([
      'DIESEL',
      'SUPER E5',
    ]);
    expect((await find('')).fuelPrices?.map((f) => f.fuelType)).toEqual(['SUPER E5']);
    expect((await find('&showOlderPrices=false')).fuelPrices?.map((f) => f.fuelType)).toEqual(['SUPER E5']);
  });

  it('answers opening hours: null for around the clock, a window with its time zone otherwise', async () => {
    await seedNetwork({ ctx: t.server.ctx, input: { size: 2_000 } });
    const withHours = generated.find((s) => s.openingHours && s.type === 'GAS_STATION');
    if (!withHours?.openingHours) throw new Error('the network has no station with opening hours');
    const res = await t.server.request(`/api/v4/pois/${withHours.id}`);
    expect(res.body.openingHours).toEqual(withHours.openingHours);
    const allDay = await t.server.request(`/api/v4/pois/${DEMO_STATIONS.prepay.id}`);
    expect(allDay.body.openingHours).toBeNull();
  });
});
