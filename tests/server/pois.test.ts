import { beforeAll, describe, expect, it } from 'vitest';
import {
  placesResponse,
  poi as poiSchema,
  poiSearchResponse,
  RADIUS_TOO_LARGE_MESSAGE,
  shop as shopSchema,
} from '../../contract/stations';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { seedNetwork } from '../../server/services/seed';
import { drivers, useServer } from './helpers';
import { charger, createStation, farAwaySpot, pump } from './stations-fixtures';

/** A point `metres` north of the given one. */
const north = (p: { latitude: number; longitude: number }, metres: number) => ({
  latitude: p.latitude + metres / 111_195,
  longitude: p.longitude,
});

describe.each(drivers)('POI API (%s)', (driver) => {
  const t = useServer(driver);
  beforeAll(async () => {
    await seedNetwork({ ctx: t.server.ctx });
  });

  describe('GET /v4/pois/{id}', () => {
    it('answers a seeded station in the contract shape, without a session', async () => {
      const res = await t.server.request(`/api/v4/pois/${DEMO_STATIONS.prepay.id}`);
      expect(res.status).toBe(200);
      const poi = poiSchema.parse(res.body);
      expect(poi).toMatchObject({
        _id: DEMO_STATIONS.prepay.id,
        name: DEMO_STATIONS.prepay.name,
        status: 'ONLINE',
        features: { guestCheckout: true },
        productGroups: ['FUEL'],
        location: { latitude: DEMO_STATIONS.prepay.latitude, address: { countryCode: 'DE', city: 'Berlin' } },
      });
      expect(poi.products).toHaveLength(10);
      expect(poi.products[0]?.attributes).toMatchObject({
        automaticFlow: true,
        deviceState: 'IDLE',
        priceAuthorizationLimitsAutomaticFlow: {
          recommendedPrices: [2000, 3000, 5000, 8000].map((amount) => ({ amount, currency: 'EUR', precision: 2 })),
        },
      });
      expect(res.headers.get('cache-control')).toBe('no-cache');
    });

    it('shows the OFFLINE station as OFFLINE with unavailable products', async () => {
      const res = await t.server.request(`/api/v4/pois/${DEMO_STATIONS.offline.id}`);
      expect(res.body.status).toBe('OFFLINE');
      expect(
        res.body.products.every((p: { attributes: { status: string } }) => p.attributes.status === 'UNAVAILABLE'),
      ).toBe(true);
    });

    it('answers 404 not_found for an unknown id', async () => {
      for (const id of ['000000000000000000000000', 'nope', DEMO_STATIONS.prepay.id.replace('fc', 'fd')]) {
        const res = await t.server.request(`/api/v4/pois/${id}`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    });
  });

  describe('GET /v4/pois/?lat&lon&radiusM', () => {
    const q = (params: string) => t.server.request(`/api/v4/pois/?${params}`);

    it.each([
      ['lat=abc&lon=13&radiusM=1000', 'lat'],
      ['lat=91&lon=13&radiusM=1000', 'lat'],
      ['lat=52&lon=181&radiusM=1000', 'lon'],
      ['lat=&lon=13&radiusM=1000', 'lat'],
      ['lon=13&radiusM=1000', 'lat'],
      ['lat=52&lon=13&radiusM=-5', 'radiusM'],
      ['lat=52&lon=13&radiusM=1000&foo=1', 'foo'],
    ])('rejects %s with 400 validation_error naming %s', async (params, path) => {
      const res = await q(params);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    });

    it('rejects a radius above 100 km with the exact message', async () => {
      const res = await q('lat=52.5&lon=13.4&radiusM=100001');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_error', message: RADIUS_TOO_LARGE_MESSAGE });
      expect((await q('lat=52.5&lon=13.4&radiusM=100000')).status).toBe(200);
    });

    it('accepts the listed parameters (also without the trailing slash)', async () => {
      const res = await t.server.request(
        '/api/v4/pois?lat=52.5&lon=13.4&radiusM=1000&isRydPay=true&showOlderPrices=true&showEvPois=true&mtskid=x',
      );
      expect(res.status).toBe(200);
      expect(poiSearchResponse.parse(res.body)).toEqual({ GAS_STATION: [], EV_STATIONS: [] });
    });

    it('answers the stations within the radius, nearest first, with distanceM', async () => {
      const base = farAwaySpot();
      const far = await createStation(t.server.ctx, { ...north(base, 1500) });
      const mid = await createStation(t.server.ctx, { ...north(base, 600) });
      const near = await createStation(t.server.ctx, { ...north(base, 50) });
      const edge = await createStation(t.server.ctx, { ...north(base, 950) });
      const res = await q(`lat=${base.latitude}&lon=${base.longitude}&radiusM=1000&isRydPay=true&showOlderPrices=true`);
      expect(res.status).toBe(200);
      const body = poiSearchResponse.parse(res.body);
      expect(body.GAS_STATION.map((p) => p._id)).toEqual([near.id, mid.id, edge.id]);
      expect(body.GAS_STATION.map((p) => p.distanceM)).toEqual([50, 600, 950].map((m) => expect.closeTo(m, -1)));
      expect(body.GAS_STATION.some((p) => p._id === far.id)).toBe(false);
    });

    it('adds EV stations only with showEvPois=true, and always in the 300 m nearby search', async () => {
      const base = farAwaySpot();
      const gas = await createStation(t.server.ctx, { ...north(base, 20) });
      const ev = await createStation(t.server.ctx, {
        ...north(base, 120),
        type: 'EV_STATION',
        products: [charger('1')],
      });
      const at = `lat=${base.latitude}&lon=${base.longitude}`;
      const without = poiSearchResponse.parse((await q(`${at}&radiusM=1000`)).body);
      expect(without.GAS_STATION.map((p) => p._id)).toEqual([gas.id]);
      expect(without.EV_STATIONS).toEqual([]);
      const withEv = poiSearchResponse.parse((await q(`${at}&radiusM=1000&showEvPois=true`)).body);
      expect(withEv.EV_STATIONS.map((p) => p._id)).toEqual([ev.id]);
      expect(withEv.EV_STATIONS[0]?.productGroups).toEqual(['EV']);
      const nearby = poiSearchResponse.parse((await q(`${at}&radiusM=300`)).body);
      expect(nearby.GAS_STATION.map((p) => p._id)).toEqual([gas.id]);
      expect(nearby.EV_STATIONS.map((p) => p._id)).toEqual([ev.id]);
      const narrow = poiSearchResponse.parse((await q(`${at}&radiusM=100&showEvPois=true`)).body);
      expect(narrow.EV_STATIONS).toEqual([]);
    });

    it('narrows to one station with mtskid', async () => {
      const base = farAwaySpot();
      const a = await createStation(t.server.ctx, { ...north(base, 10), mtskId: `mtsk-${base.latitude}` });
      await createStation(t.server.ctx, { ...north(base, 30) });
      const body = poiSearchResponse.parse(
        (await q(`lat=${base.latitude}&lon=${base.longitude}&radiusM=1000&mtskid=mtsk-${base.latitude}`)).body,
      );
      expect(body.GAS_STATION.map((p) => p._id)).toEqual([a.id]);
    });

    it('finds the demo prepay station and its EV neighbour with the nearby search', async () => {
      const { latitude, longitude } = DEMO_STATIONS.prepay;
      const body = poiSearchResponse.parse((await q(`lat=${latitude}&lon=${longitude}&radiusM=300`)).body);
      expect(body.GAS_STATION[0]?._id).toBe(DEMO_STATIONS.prepay.id);
      expect(body.EV_STATIONS[0]?._id).toBe(DEMO_STATIONS.ev.id);
    });
  });

  describe('GET /v4/shops/{id}', () => {
    it('answers the gift-card shop with GIFT_CARD products', async () => {
      const res = await t.server.request(`/api/v4/shops/${DEMO_STATIONS.giftShop.id}`);
      expect(res.status).toBe(200);
      const s = shopSchema.parse(res.body);
      expect(s._id).toBe(DEMO_STATIONS.giftShop.id);
      expect(s.products.length).toBeGreaterThan(0);
      for (const p of s.products) {
        expect(p.type).toBe('GIFT_CARD');
        expect(p.attributes.availableItems.every((i) => i.price > 0 && i.currency === 'EUR')).toBe(true);
      }
    });

    it('answers 404 for a station that is not a shop and for unknown ids', async () => {
      expect((await t.server.request(`/api/v4/shops/${DEMO_STATIONS.prepay.id}`)).status).toBe(404);
      const res = await t.server.request('/api/v4/shops/ffffffffffffffffffffffff');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    });
  });

  describe('GET /v4/places', () => {
    it.each([
      'vendingMachinesTypes[]=CAR_WASH',
      'vendingMachinesTypes%5B%5D=CAR_WASH',
      'vendingMachinesTypes=CAR_WASH',
    ])('lists the car washes for %s', async (params) => {
      const res = await t.server.request(`/api/v4/places?${params}`);
      expect(res.status).toBe(200);
      const places = placesResponse.parse(res.body);
      const ids = places.map((p) => p._id);
      expect(ids).toContain(DEMO_STATIONS.washOnly.id);
      expect(ids).toContain(DEMO_STATIONS.manyPumps.id);
      expect(ids).not.toContain(DEMO_STATIONS.prepay.id);
      for (const p of places) expect(p.vendingMachines.every((m) => m.type === 'CAR_WASH')).toBe(true);
    });

    it('rejects unknown types and unknown parameters', async () => {
      expect((await t.server.request('/api/v4/places?vendingMachinesTypes[]=ROCKET')).status).toBe(400);
      expect((await t.server.request('/api/v4/places?vendingMachinesTypes[]=CAR_WASH&x=1')).status).toBe(400);
    });
  });

  it('reflects a pump of a test station in the POI (no cross-test state)', async () => {
    const s = await createStation(t.server.ctx, { products: [pump('1', { prepay: false })] });
    const res = await t.server.request(`/api/v4/pois/${s.id}`);
    expect(poiSchema.parse(res.body).products[0]?.attributes).toMatchObject({
      status: 'AVAILABLE',
      automaticFlow: false,
    });
  });
});
