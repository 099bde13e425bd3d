// Invariants of the demo network (server/seed/stations.ts) and its seed.
import { describe, expect, it } from 'vitest';
import { CONNECTOR_STANDARDS, FACILITIES, HINT_RULES, PRODUCT_TYPES, poi as poiSchema } from '../../contract/stations';
import { type CountryCode, DEMO_STATIONS, NETWORK, type SeedStation } from '../../server/seed/stations';
import { seedNetwork } from '../../server/services/seed';
import { drivers, useServer } from './helpers';

/** Rough bounding boxes [south, west, north, east]. */
const BOXES: Record<CountryCode, [number, number, number, number]> = {
  AT: [46.37, 9.53, 49.02, 17.16],
  BE: [49.5, 2.54, 51.51, 6.41],
  CH: [45.82, 5.96, 47.81, 10.49],
  DE: [47.27, 5.87, 55.06, 15.04],
  DK: [54.56, 8.07, 57.75, 15.2],
  ES: [36.0, -9.3, 43.79, 3.32],
  IT: [36.6, 6.6, 47.1, 18.5],
  LU: [49.45, 5.73, 50.18, 6.53],
  NL: [50.75, 3.36, 53.55, 7.23],
  PL: [49.0, 14.12, 54.84, 24.15],
  PT: [36.96, -9.5, 42.15, -6.19],
};
const CURRENCY: Record<CountryCode, string> = {
  AT: 'EUR',
  BE: 'EUR',
  CH: 'CHF',
  DE: 'EUR',
  DK: 'DKK',
  ES: 'EUR',
  IT: 'EUR',
  LU: 'EUR',
  NL: 'EUR',
  PL: 'PLN',
  PT: 'EUR',
};
const TYPE_OF_FACILITY = { PUMP: 'GAS', CHARGER: 'EV_CHARGE', WASH: 'CAR_WASH', SHOP: 'GIFT_CARD' } as const;

const byId = (id: string) => NETWORK.find((s) => s.id === id) as SeedStation;
const pumps = (s: SeedStation) => s.products.filter((p) => p.facility === 'PUMP');
const allItems = NETWORK.flatMap((s) => s.products.flatMap((p) => p.items.map((i) => ({ s, p, i }))));

describe('demo network data', () => {
  it('has at least 40 stations in all 11 countries, with unique 24-hex ids', () => {
    expect(NETWORK.length).toBeGreaterThanOrEqual(40);
    const countries = new Set(NETWORK.map((s) => s.address.countryCode));
    expect([...countries].sort()).toEqual(['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'IT', 'LU', 'NL', 'PL', 'PT']);
    const ids = [...NETWORK.map((s) => s.id), ...NETWORK.flatMap((s) => s.products.map((p) => p.id))];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('puts every station inside its country, with a real-looking address', () => {
    for (const s of NETWORK) {
      const [south, west, north, east] = BOXES[s.address.countryCode];
      expect(s.latitude, s.name).toBeGreaterThanOrEqual(south);
      expect(s.latitude, s.name).toBeLessThanOrEqual(north);
      expect(s.longitude, s.name).toBeGreaterThanOrEqual(west);
      expect(s.longitude, s.name).toBeLessThanOrEqual(east);
      expect(s.address.street.length, s.name).toBeGreaterThan(3);
      expect(s.address.houseNumber, s.name).toMatch(/^\d+/);
      expect(s.address.zip, s.name).toMatch(/\d/);
      expect(s.address.city.length, s.name).toBeGreaterThan(1);
    }
  });

  it('gives every product a known facility and a matching type', () => {
    for (const s of NETWORK) {
      for (const p of s.products) {
        expect(FACILITIES).toContain(p.facility);
        expect(PRODUCT_TYPES).toContain(p.type);
        expect(p.type, `${s.name} ${p.name}`).toBe(TYPE_OF_FACILITY[p.facility]);
        expect(p.items.length).toBeGreaterThan(0);
      }
    }
  });

  it('prices every item in the local currency with a precision (fuel at 3 decimals)', () => {
    for (const { s, p, i } of allItems) {
      expect(i.currency, `${s.name} ${i.itemCode}`).toBe(CURRENCY[s.address.countryCode]);
      expect(Number.isInteger(i.precision)).toBe(true);
      expect(i.price).toBeGreaterThan(0);
      if (p.type === 'GAS') expect(i.precision).toBe(3);
      for (const r of p.recommendedPrices ?? []) expect(r).toMatchObject({ currency: i.currency, precision: 2 });
    }
  });

  it('has prepay pumps with recommended prices and postpay pumps without, named "1".."n"', () => {
    for (const s of NETWORK) {
      pumps(s).forEach((p, k) => {
        expect(p.name).toBe(String(k + 1));
        expect(Boolean(p.recommendedPrices?.length), `${s.name} ${p.name}`).toBe(p.automaticFlow);
      });
    }
    expect(NETWORK.some((s) => pumps(s).some((p) => !p.automaticFlow))).toBe(true);
    expect(NETWORK.some((s) => pumps(s).length > 12)).toBe(true);
    expect(NETWORK.some((s) => pumps(s).length > 9 && pumps(s).length <= 12)).toBe(true);
  });

  it('has stations with and without guestCheckout and pumpsWithoutDisplay', () => {
    for (const key of ['guestCheckout', 'pumpsWithoutDisplay'] as const) {
      expect(NETWORK.some((s) => s[key])).toBe(true);
      expect(NETWORK.some((s) => !s[key])).toBe(true);
    }
  });

  it('offers every connector standard, with power and price elements incl. free parking', () => {
    const ev = allItems.filter(({ p }) => p.type === 'EV_CHARGE');
    const standards = new Set(ev.map(({ i }) => i.details?.standard));
    for (const std of CONNECTOR_STANDARDS) expect(standards, std).toContain(std);
    for (const { i } of ev) {
      expect(i.details?.power).toBeGreaterThan(0);
      expect(i.priceElements?.length).toBeGreaterThan(0);
    }
    const components = ev.flatMap(({ i }) => (i.priceElements ?? []).flatMap((e) => e.priceComponents));
    for (const [type, unit] of [
      ['ENERGY', 'KWH'],
      ['PARKING_TIME', 'MIN'],
      ['FLAT', 'COUNT'],
      ['TIME', 'MIN'],
    ]) {
      expect(
        components.some((c) => c.type === type && c.unit === unit),
        type,
      ).toBe(true);
    }
    const elements = ev.flatMap(({ i }) => i.priceElements ?? []);
    expect(elements.some((e) => e.restrictions?.startTime && e.restrictions.endTime)).toBe(true);
    expect(
      elements.some(
        (e) => e.restrictions?.maxDuration && e.priceComponents.some((c) => c.type === 'PARKING_TIME' && c.price === 0),
      ),
    ).toBe(true);
  });

  it('has wash packages with descriptions and a gift-card shop with amounts', () => {
    const washes = allItems.filter(({ p }) => p.type === 'CAR_WASH');
    expect(washes.length).toBeGreaterThan(0);
    for (const { i } of washes) expect(i.descriptionLines?.length).toBeGreaterThan(0);
    const gifts = allItems.filter(({ p }) => p.type === 'GIFT_CARD');
    expect(gifts.length).toBeGreaterThan(0);
    for (const { s } of gifts) expect(s.type).toBe('GIFT_CARD');
  });

  it('triggers every hint rule', () => {
    for (const marker of HINT_RULES.cannotUsePhoneOutsideCarMarkers) {
      expect(
        NETWORK.some((s) => s.brand.toLowerCase().includes(marker.toLowerCase())),
        marker,
      ).toBe(true);
    }
    for (const partner of HINT_RULES.prePayHintPartners) {
      expect(
        NETWORK.some((s) => s.partnerName === partner && s.address.countryCode === 'DE'),
        partner,
      ).toBe(true);
    }
    for (const partner of HINT_RULES.h2LegalHintPartners) {
      const h2 = NETWORK.filter((s) => s.partnerName === partner);
      expect(h2.some((s) => s.products.some((p) => p.items.some((i) => i.itemCode.startsWith('H2'))))).toBe(true);
    }
  });

  it('has exactly one of each special station: offline, no products, wash-only, gift shop', () => {
    expect(NETWORK.filter((s) => s.status === 'OFFLINE').map((s) => s.id)).toEqual([DEMO_STATIONS.offline.id]);
    expect(NETWORK.filter((s) => s.products.length === 0).map((s) => s.id)).toEqual([DEMO_STATIONS.noProducts.id]);
    const washOnly = NETWORK.filter((s) => s.products.length > 0 && s.products.every((p) => p.type === 'CAR_WASH'));
    expect(washOnly.map((s) => s.id)).toEqual([DEMO_STATIONS.washOnly.id]);
    expect(NETWORK.filter((s) => s.type === 'GIFT_CARD').map((s) => s.id)).toEqual([DEMO_STATIONS.giftShop.id]);
  });

  it('describes DEMO_STATIONS as documented', () => {
    for (const d of Object.values(DEMO_STATIONS)) {
      expect(byId(d.id)).toMatchObject({ name: d.name, latitude: d.latitude, longitude: d.longitude });
    }
    const prepay = byId(DEMO_STATIONS.prepay.id);
    expect(prepay).toMatchObject({ guestCheckout: true, address: { countryCode: 'DE' } });
    expect(pumps(prepay).length).toBeGreaterThanOrEqual(8);
    expect(pumps(prepay).every((p) => p.automaticFlow)).toBe(true);
    expect(pumps(byId(DEMO_STATIONS.postpay.id)).every((p) => !p.automaticFlow)).toBe(true);
    const ev = byId(DEMO_STATIONS.ev.id).products.map((p) => p.items[0]?.details?.standard);
    expect(ev).toEqual(expect.arrayContaining(['CCS', 'TYPE_2']));
    const many = byId(DEMO_STATIONS.manyPumps.id);
    expect(pumps(many)).toHaveLength(14);
    expect(many.products.some((p) => p.type === 'CAR_WASH')).toBe(true);
    expect(byId(DEMO_STATIONS.hintPhone.id).brand).toMatch(/Autohof|Rasthof/);
    expect(byId(DEMO_STATIONS.hintPrePay.id).partnerName).toBe('NordTank');
    expect(byId(DEMO_STATIONS.hintH2.id).partnerName).toBe('HydroGo');
  });
});

describe.each(drivers)('network seed (%s)', (driver) => {
  const t = useServer(driver);

  it('is idempotent and every seeded station reads back in the contract shape', async () => {
    await seedNetwork({ ctx: t.server.ctx });
    expect(await seedNetwork({ ctx: t.server.ctx })).toEqual({ inserted: 0 });
    for (const s of NETWORK) {
      const res = await t.server.request(`/api/v4/pois/${s.id}`);
      expect(res.status, s.name).toBe(200);
      const poi = poiSchema.parse(res.body);
      expect(poi.products.map((p) => p._id)).toEqual(s.products.map((p) => p.id));
      expect(poi.status).toBe(s.status);
    }
    const wash = poiSchema.parse((await t.server.request(`/api/v4/pois/${DEMO_STATIONS.washOnly.id}`)).body);
    expect(wash.productGroups).toEqual(['WASH']);
    expect(wash.vendingMachines.length).toBe(2);
  });
});
