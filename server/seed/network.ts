// The generated part of the network: `count` stations along the real motorways and in the real towns of roads.ts,
// deterministic for a given seed (same ids, brands, prices and places on every start), with price ages relative to
// `now`. Brands and opening states are mixed; gas stations carry a price per fuel type with its update time, EV
// stations ports of every connector standard in power classes, some stations a car wash.
// Ids: 'fc' + ISO numeric country + '1' (the demo network has '0' there) + station number (14 digits) + '0000'.
import type { AvailableItem, ConnectorStandard, OpeningHours } from '../../contract/stations';
import { ROADS, type Road, TOWNS, type Town, townOf } from './roads';
import {
  COUNTRY_DATA,
  type CountryCode,
  chargerProduct,
  fuelItem,
  productIdOf,
  type SeedProduct,
  type SeedStation,
  washProduct,
} from './stations';

/** SEED_NETWORK_SIZE's default: how many stations the seed adds to the named demo stations. */
export const DEFAULT_NETWORK_SIZE = 2_000;
export const DEFAULT_NETWORK_SEED = 20_260_415;

/** Share of the network per country (sums to 100). */
const SHARE: Record<CountryCode, number> = {
  DE: 30,
  IT: 12,
  ES: 12,
  PL: 9,
  NL: 7,
  AT: 6,
  BE: 5,
  PT: 5,
  CH: 5,
  DK: 5,
  LU: 4,
};

const TIME_ZONE: Record<CountryCode, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  CH: 'Europe/Zurich',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  LU: 'Europe/Luxembourg',
  NL: 'Europe/Amsterdam',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
};

/** Common street names per country for stations in town. */
const STREETS: Record<CountryCode, readonly string[]> = {
  DE: ['Hauptstraße', 'Bahnhofstraße', 'Industriestraße', 'Berliner Straße', 'Ringstraße', 'Gewerbestraße'],
  AT: ['Hauptstraße', 'Bundesstraße', 'Wiener Straße', 'Industriestraße', 'Bahnhofstraße'],
  CH: ['Hauptstrasse', 'Bahnhofstrasse', 'Industriestrasse', 'Route de Lausanne', 'Zürcherstrasse'],
  BE: ['Chaussée de Mons', 'Steenweg', 'Rue de la Station', 'Kerkstraat', 'Avenue Louise'],
  LU: ['Route d’Arlon', 'Route de Thionville', 'Rue de la Gare', 'Route d’Esch'],
  NL: ['Stationsweg', 'Rijksstraatweg', 'Industrieweg', 'Hoofdweg', 'Kanaalweg'],
  DK: ['Hovedgaden', 'Vestergade', 'Industrivej', 'Ringvejen', 'Banegårdsgade'],
  PL: ['ul. Główna', 'ul. Przemysłowa', 'al. Jana Pawła II', 'ul. Warszawska', 'ul. Dworcowa'],
  ES: ['Avenida de la Constitución', 'Calle Mayor', 'Carretera Nacional', 'Avenida de Andalucía', 'Calle Real'],
  IT: ['Via Roma', 'Via Nazionale', 'Viale Europa', 'Via Garibaldi', 'Strada Statale'],
  PT: ['Avenida da Liberdade', 'Rua Direita', 'Estrada Nacional', 'Avenida da República', 'Rua do Comércio'],
};

const GAS_BRANDS = ['Nordwind', 'Alpina', 'Meridian', 'Polar Fuel', 'Tankpunkt', 'Via Energia', 'Costa Fuel'];
const EV_BRANDS = ['VoltWay', 'Ampere Go', 'Ladepunkt', 'Greenplug'];
const WASH_BRANDS = ['SplashWash', 'Glanzwerk'];

/** Power classes of the connector standards (kW), as they are sold. */
const POWER: Record<ConnectorStandard, readonly [number, ...number[]]> = {
  TYPE_1: [7],
  TYPE_2: [11, 22, 43],
  TYPE_3: [11, 22],
  CCS: [50, 150, 300],
  SCHUKO: [3.7],
  CHADEMO: [50, 100],
  OTHER: [11],
  TESLA: [150, 250],
};

/** Opening windows of stations that do not open around the clock. */
const HOURS: readonly [string, string][] = [
  ['06:00', '22:00'],
  ['07:00', '21:00'],
  ['05:30', '23:00'],
  ['06:00', '20:00'],
  ['08:00', '20:00'],
];

/** Deterministic pseudo-random numbers (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const chance = (rng: Rng, p: number) => rng() < p;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** How many stations each country gets: shares of `count`, the rounding remainder to the biggest. */
export function countryCounts(count: number): Record<CountryCode, number> {
  const entries = Object.entries(SHARE) as [CountryCode, number][];
  const out = Object.fromEntries(entries.map(([cc, share]) => [cc, Math.floor((count * share) / 100)])) as Record<
    CountryCode,
    number
  >;
  const rest = count - Object.values(out).reduce((a, b) => a + b, 0);
  out.DE += rest;
  return out;
}

type Place = { lat: number; lon: number; town: Town; street: string; houseNumber: string };

/** A point on a road between two of its towns (not in either town), named after the road and its nearer town. */
function onRoad(rng: Rng, road: Road): Place {
  const i = int(rng, 0, road.via.length - 2);
  const a = townOf(road.cc, road.via[i] as string);
  const b = townOf(road.cc, road.via[i + 1] as string);
  const t = 0.1 + rng() * 0.8;
  // A little off the straight line: motorways bend, service areas sit beside them.
  const lat = a[1] + (b[1] - a[1]) * t + (rng() - 0.5) * 0.04;
  const lon = a[2] + (b[2] - a[2]) * t + (rng() - 0.5) * 0.04;
  return {
    lat,
    lon,
    town: t < 0.5 ? a : b,
    street: road.ref,
    houseNumber: `km ${int(rng, 2, 480)}`,
  };
}

/** A point in a town: within about 6 km of its centre (closer for most). */
function inTown(rng: Rng, cc: CountryCode, town: Town): Place {
  const r = 0.06 * Math.sqrt(rng()) * (chance(rng, 0.7) ? 0.5 : 1);
  const angle = rng() * 2 * Math.PI;
  return {
    lat: town[1] + r * Math.sin(angle),
    lon: town[2] + (r * Math.cos(angle)) / Math.cos((town[1] * Math.PI) / 180),
    town,
    street: pick(rng, STREETS[cc]),
    houseNumber: String(int(rng, 1, 240)),
  };
}

/** A town drawn with the first three (the biggest) three times as likely. */
function drawTown(rng: Rng, towns: readonly Town[]): Town {
  const weights = towns.map((_, i) => (i < 3 ? 3 : 1));
  let x = rng() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < towns.length; i++) {
    x -= weights[i] as number;
    if (x < 0) return towns[i] as Town;
  }
  return towns[towns.length - 1] as Town;
}

/** The fuels a gas station sells: the country's usual ones, plus now and then one of the rarer ones. */
function fuelsOf(rng: Rng, cc: CountryCode, truckStop: boolean): string[] {
  const usual = Object.keys(COUNTRY_DATA[cc].fuel).filter((code) => !code.startsWith('H2') && code !== 'CNG');
  const fuels = usual.filter((code) => code === 'DIESEL' || code.startsWith('SUPER') || chance(rng, 0.6));
  const extra: [string, number][] = [
    ['SUPER', 0.15],
    ['SUPER_PREMIUM', 0.25],
    ['ADBLUE', truckStop ? 1 : 0.3],
    ['DIESEL_TRUCK', truckStop ? 1 : 0],
    ['TWO_STROKE_MIX', 0.05],
    ['HEATING_OIL', 0.05],
    ['HVO100', 0.1],
    ['CNG', 0.08],
    ['H2_700', 0.02],
  ];
  for (const [code, p] of extra) if (!fuels.includes(code) && chance(rng, p)) fuels.push(code);
  return fuels;
}

/** A station's own price: the country's level ± 4 %, ending in 9 like a price board; changed up to 3 days ago. */
function localPrice(rng: Rng, item: AvailableItem, now: Date): AvailableItem {
  const level = Math.round((item.price * (0.96 + rng() * 0.08)) / 10) * 10 + 9;
  const age = chance(rng, 0.75) ? rng() * 12 * 3_600_000 : rng() * 72 * 3_600_000;
  return { ...item, price: level, priceUpdatedAt: new Date(now.getTime() - Math.round(age)).toISOString() };
}

function gasProducts(rng: Rng, id: string, cc: CountryCode, now: Date, truckStop: boolean): SeedProduct[] {
  const fuels = fuelsOf(rng, cc, truckStop);
  // One price per fuel type for the whole station (the price board), shared by every pump selling it.
  const items = new Map(fuels.map((code) => [code, localPrice(rng, fuelItem(cc, code), now)]));
  const car = fuels.filter((code) => !['ADBLUE', 'DIESEL_TRUCK', 'HEATING_OIL', 'CNG', 'H2_700'].includes(code));
  const special = fuels.filter((code) => !car.includes(code));
  const count = int(rng, 2, 8);
  const prepay = chance(rng, 0.7);
  const products: SeedProduct[] = [];
  for (let p = 1; p <= count; p++) {
    const codes = p === count && special.length > 0 ? special : car;
    products.push({
      id: productIdOf(id, products.length + 1),
      name: String(p),
      facility: 'PUMP',
      type: 'GAS',
      automaticFlow: prepay,
      items: codes.map((code) => items.get(code) as AvailableItem),
      ...(prepay
        ? {
            recommendedPrices: COUNTRY_DATA[cc].prepay.map((amount) => ({
              amount,
              currency: COUNTRY_DATA[cc].currency,
              precision: 2,
            })),
          }
        : {}),
    });
  }
  return products;
}

/** Ports of a charging site: every standard turns up across the network, fast sites mostly CCS. */
function evProducts(rng: Rng, id: string, cc: CountryCode, fast: boolean, first: number): SeedProduct[] {
  const standards: ConnectorStandard[] = fast
    ? ['CCS', 'CCS', 'CCS', 'CHADEMO', 'TESLA', 'TYPE_2']
    : ['TYPE_2', 'TYPE_2', 'TYPE_2', 'TYPE_1', 'TYPE_3', 'SCHUKO', 'OTHER', 'CCS'];
  const count = fast ? int(rng, 2, 8) : int(rng, 2, 6);
  const products: SeedProduct[] = [];
  for (let i = 0; i < count; i++) {
    const standard = pick(rng, standards);
    const power = pick(rng, POWER[standard]);
    const tariff = pick(rng, ['energy', 'parking', 'full'] as const);
    products.push(
      chargerProduct(cc, productIdOf(id, first + products.length), String(i + 1), { standard, power, tariff }),
    );
  }
  return products;
}

function hoursOf(rng: Rng, cc: CountryCode, roadside: boolean): OpeningHours {
  if (roadside || chance(rng, 0.45)) return null;
  const [open, close] = pick(rng, HOURS);
  return { open, close, timeZone: TIME_ZONE[cc] };
}

function generatedId(cc: CountryCode, n: number): string {
  return `fc${COUNTRY_DATA[cc].numeric}1${String(n).padStart(14, '0')}0000`;
}

/** The generated network: `count` stations, the same for the same seed. */
export function generateNetwork({
  count = DEFAULT_NETWORK_SIZE,
  seed = DEFAULT_NETWORK_SEED,
  now = new Date(),
}: {
  count?: number;
  seed?: number;
  now?: Date;
} = {}): SeedStation[] {
  const out: SeedStation[] = [];
  const counts = countryCounts(count);
  for (const [cc, n] of Object.entries(counts) as [CountryCode, number][]) {
    // One stream per country: changing one country's share leaves the others' stations where they were.
    const rng = random(seed + COUNTRY_DATA[cc].numeric.charCodeAt(0) * 7919 + Number(COUNTRY_DATA[cc].numeric));
    const roads = ROADS.filter((r) => r.cc === cc);
    for (let k = 1; k <= n; k++) {
      const id = generatedId(cc, k);
      const roadside = chance(rng, 0.35);
      const place = roadside ? onRoad(rng, pick(rng, roads)) : inTown(rng, cc, drawTown(rng, TOWNS[cc]));
      const kind = rng();
      let type: SeedStation['type'];
      let brand: string;
      let products: SeedProduct[];
      if (kind < 0.66) {
        type = 'GAS_STATION';
        brand = pick(rng, GAS_BRANDS);
        products = gasProducts(rng, id, cc, now, roadside && chance(rng, 0.5));
        if (chance(rng, 0.25)) products.push(washProduct(cc, productIdOf(id, products.length + 1), 'Bay 1'));
        if (chance(rng, 0.15)) products.push(...evProducts(rng, id, cc, true, products.length + 1));
      } else if (kind < 0.92) {
        type = 'EV_STATION';
        brand = pick(rng, EV_BRANDS);
        products = evProducts(rng, id, cc, roadside || chance(rng, 0.4), 1);
      } else {
        type = 'CAR_WASH';
        brand = pick(rng, WASH_BRANDS);
        const bays = int(rng, 1, 3);
        products = Array.from({ length: bays }, (_, i) => washProduct(cc, productIdOf(id, i + 1), `Bay ${i + 1}`));
      }
      const town = place.town[0];
      out.push({
        id,
        type,
        name: `${brand} ${town} ${roadside ? place.street : place.street.replace(/^(ul\.|al\.) /, '')}`,
        brand,
        status: chance(rng, 0.03) ? 'OFFLINE' : 'ONLINE',
        mtskId: null,
        latitude: Math.round(place.lat * 1e5) / 1e5,
        longitude: Math.round(place.lon * 1e5) / 1e5,
        address: {
          street: place.street,
          houseNumber: place.houseNumber,
          zip: place.town[3],
          city: town,
          countryCode: cc,
        },
        partnerName: null,
        guestCheckout: chance(rng, 0.5),
        pumpsWithoutDisplay: type === 'GAS_STATION' && chance(rng, 0.1),
        paymentMeans: ['DIRECT_CREDIT', 'GOOGLE_PAY', 'APPLE_PAY', 'PAYPAL', ...(cc === 'PT' ? ['MBWAY'] : [])],
        loyaltyPrograms: [],
        products,
        openingHours: type === 'EV_STATION' ? null : hoursOf(rng, cc, roadside),
      });
    }
  }
  return out;
}
