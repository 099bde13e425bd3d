// The demo station network: plain data, no side effects on import (the e2e tests import DEMO_STATIONS).
// Fictional brands, real-looking addresses; ids are fixed 24-hex strings: 'fc' + ISO numeric country + station number,
// and a product id is its station id with the last four digits replaced by the product's position (1-based).
import type { AvailableItem, Currency, OpeningHours, Price, PriceElement } from '../../contract/stations';

export type CountryCode = 'AT' | 'BE' | 'CH' | 'DE' | 'DK' | 'ES' | 'IT' | 'LU' | 'NL' | 'PL' | 'PT';

export type SeedProduct = {
  id: string;
  name: string;
  facility: 'PUMP' | 'WASH' | 'CHARGER' | 'SHOP';
  type: 'GAS' | 'EV_CHARGE' | 'CAR_WASH' | 'GIFT_CARD';
  automaticFlow: boolean;
  items: AvailableItem[];
  recommendedPrices?: Price[];
};

export type SeedStation = {
  id: string;
  type: 'GAS_STATION' | 'EV_STATION' | 'CAR_WASH' | 'GIFT_CARD';
  name: string;
  brand: string;
  status: 'ONLINE' | 'OFFLINE';
  mtskId: string | null;
  latitude: number;
  longitude: number;
  address: { street: string; houseNumber: string; zip: string; city: string; countryCode: CountryCode };
  partnerName: string | null;
  guestCheckout: boolean;
  pumpsWithoutDisplay: boolean;
  paymentMeans: string[];
  loyaltyPrograms: string[];
  products: SeedProduct[];
  /** Absent or null: open around the clock. */
  openingHours?: OpeningHours;
};

/** Fuel item codes and the names drivers see. */
const FUELS = {
  SUPER_E5: 'SUPER E5',
  SUPER_E10: 'SUPER E10',
  SUPER_PLUS: 'SUPER PLUS',
  DIESEL: 'DIESEL',
  DIESEL_PREMIUM: 'DIESEL PREMIUM',
  HVO100: 'HVO100',
  LPG: 'LPG',
  CNG: 'CNG',
  H2_700: 'H2 700 bar',
  H2_350: 'H2 350 bar',
  SUPER: 'SUPER',
  SUPER_PREMIUM: 'SUPER PREMIUM',
  ADBLUE: 'AdBlue',
  DIESEL_TRUCK: 'DIESEL TRUCK',
  TWO_STROKE_MIX: '2-stroke mix',
  HEATING_OIL: 'HEATING OIL',
} as const;
type FuelCode = keyof typeof FUELS;

/** German price levels (precision 3) of every fuel: a country without its own price scales these by its diesel. */
const REFERENCE_PRICES: Record<FuelCode, number> = {
  SUPER_E5: 1789,
  SUPER_E10: 1729,
  SUPER_PLUS: 1889,
  DIESEL: 1659,
  DIESEL_PREMIUM: 1779,
  HVO100: 1819,
  LPG: 999,
  CNG: 1599,
  H2_700: 13850,
  H2_350: 12850,
  SUPER: 1769,
  SUPER_PREMIUM: 1989,
  ADBLUE: 899,
  DIESEL_TRUCK: 1629,
  TWO_STROKE_MIX: 2290,
  HEATING_OIL: 1049,
};

type CountryData = {
  numeric: string;
  currency: Currency;
  /** Per litre (kg for CNG and hydrogen), precision 3. */
  fuel: Partial<Record<FuelCode, number>>;
  /** Prepay amounts, precision 2. */
  prepay: number[];
  /** EV energy per kWh, precision 2. */
  energy: number;
  /** EV parking per minute after the free time, precision 2. */
  parking: number;
  /** EV session fee, precision 2. */
  flat: number;
  /** Wash packages basic / comfort / premium, precision 2. */
  wash: [number, number, number];
};

/** Per-country price levels (2025-like), in the local currency. */
const COUNTRIES: Record<CountryCode, CountryData> = {
  AT: {
    numeric: '040',
    currency: 'EUR',
    fuel: { SUPER_E5: 1629, SUPER_PLUS: 1789, DIESEL: 1589, DIESEL_PREMIUM: 1699 },
    prepay: [2000, 3000, 5000, 8000],
    energy: 59,
    parking: 10,
    flat: 49,
    wash: [900, 1400, 1900],
  },
  BE: {
    numeric: '056',
    currency: 'EUR',
    fuel: { SUPER_E10: 1749, SUPER_PLUS: 1859, DIESEL: 1799, LPG: 849 },
    prepay: [2000, 3000, 5000, 8000],
    energy: 62,
    parking: 10,
    flat: 50,
    wash: [1000, 1500, 2000],
  },
  CH: {
    numeric: '756',
    currency: 'CHF',
    fuel: { SUPER_E5: 1789, SUPER_PLUS: 1879, DIESEL: 1879 },
    prepay: [3000, 5000, 8000, 10000],
    energy: 65,
    parking: 10,
    flat: 50,
    wash: [1000, 1500, 2200],
  },
  DE: {
    numeric: '276',
    currency: 'EUR',
    fuel: {
      SUPER_E5: 1789,
      SUPER_E10: 1729,
      SUPER_PLUS: 1889,
      DIESEL: 1659,
      DIESEL_PREMIUM: 1779,
      HVO100: 1819,
      LPG: 999,
      CNG: 1599,
      H2_700: 13850,
      H2_350: 12850,
    },
    prepay: [2000, 3000, 5000, 8000],
    energy: 59,
    parking: 10,
    flat: 49,
    wash: [900, 1400, 1900],
  },
  DK: {
    numeric: '208',
    currency: 'DKK',
    fuel: { SUPER_E10: 13490, SUPER_PLUS: 14490, DIESEL: 12290 },
    prepay: [20000, 30000, 50000, 70000],
    energy: 395,
    parking: 75,
    flat: 300,
    wash: [7900, 11900, 15900],
  },
  ES: {
    numeric: '724',
    currency: 'EUR',
    fuel: { SUPER_E5: 1549, SUPER_PLUS: 1699, DIESEL: 1459, DIESEL_PREMIUM: 1559 },
    prepay: [2000, 3000, 5000, 8000],
    energy: 49,
    parking: 8,
    flat: 40,
    wash: [700, 1100, 1500],
  },
  IT: {
    numeric: '380',
    currency: 'EUR',
    fuel: { SUPER_E5: 1799, SUPER_PLUS: 1999, DIESEL: 1699, LPG: 729 },
    prepay: [2000, 3000, 5000, 8000],
    energy: 69,
    parking: 12,
    flat: 50,
    wash: [1000, 1500, 2000],
  },
  LU: {
    numeric: '442',
    currency: 'EUR',
    fuel: { SUPER_E10: 1519, SUPER_PLUS: 1649, DIESEL: 1429 },
    prepay: [2000, 3000, 5000, 8000],
    energy: 55,
    parking: 10,
    flat: 45,
    wash: [900, 1300, 1800],
  },
  NL: {
    numeric: '528',
    currency: 'EUR',
    fuel: { SUPER_E10: 1999, SUPER_PLUS: 2149, DIESEL: 1749, LPG: 899 },
    prepay: [2000, 3000, 5000, 8000],
    energy: 69,
    parking: 10,
    flat: 50,
    wash: [1000, 1500, 2100],
  },
  PL: {
    numeric: '616',
    currency: 'PLN',
    fuel: { SUPER_E5: 5990, SUPER_PLUS: 6690, DIESEL: 6090, LPG: 2990 },
    prepay: [10000, 20000, 30000, 40000],
    energy: 249,
    parking: 40,
    flat: 200,
    wash: [3500, 5000, 7000],
  },
  PT: {
    numeric: '620',
    currency: 'EUR',
    fuel: { SUPER_E5: 1719, SUPER_PLUS: 1869, DIESEL: 1599, LPG: 899 },
    prepay: [2000, 3000, 5000, 8000],
    energy: 55,
    parking: 9,
    flat: 45,
    wash: [800, 1200, 1600],
  },
};

/** The price levels of each country (the generated network in seed/network.ts varies them per station). */
export const COUNTRY_DATA: Readonly<Record<CountryCode, CountryData>> = COUNTRIES;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const stationIdOf = (cc: CountryCode, n: number) => `fc${COUNTRIES[cc].numeric}000000000000${pad(n, 3)}0000`;
export const productIdOf = (stationId: string, position: number) => `${stationId.slice(0, 20)}${pad(position, 4)}`;
const mtsk = (n: number) => `f1e2d3c4-0000-4000-8000-${pad(n, 12)}`;

type ChargerSpec = {
  standard: 'TYPE_1' | 'TYPE_2' | 'TYPE_3' | 'CCS' | 'SCHUKO' | 'CHADEMO' | 'OTHER' | 'TESLA';
  power: number;
  /** Which price elements: energy only, energy + free parking, or every kind with time windows. */
  tariff?: 'energy' | 'parking' | 'full';
};

type StationSpec = {
  cc: CountryCode;
  n: number;
  name: string;
  brand: string;
  type?: SeedStation['type'];
  lat: number;
  lon: number;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  partner?: string;
  guest?: boolean;
  noDisplay?: boolean;
  offline?: boolean;
  mtskNo?: number;
  means?: string[];
  loyalty?: string[];
  /** Pumps "1".."count"; fuels per pump (the same for all when one list is given). */
  pumps?: { count: number; prepay: boolean; fuels: FuelCode[] | ((pump: number) => FuelCode[]) };
  chargers?: ChargerSpec[];
  washes?: number;
  giftCards?: boolean;
};

const DEFAULT_MEANS = ['DIRECT_CREDIT', 'GOOGLE_PAY', 'APPLE_PAY', 'AMAZON_PAY', 'PAYPAL'];

/** A country's price of a fuel: its own, or the German level scaled by its diesel price (ending in 9). */
function fuelPriceOf(cc: CountryCode, code: FuelCode): number {
  const c = COUNTRIES[cc];
  const own = c.fuel[code];
  if (own !== undefined) return own;
  const scale = (c.fuel.DIESEL ?? REFERENCE_PRICES.DIESEL) / REFERENCE_PRICES.DIESEL;
  return Math.round((REFERENCE_PRICES[code] * scale) / 10) * 10 - 1;
}

export function fuelItem(cc: CountryCode, fuel: string): AvailableItem {
  if (!(fuel in FUELS)) throw new Error(`unknown fuel ${fuel}`);
  const code = fuel as FuelCode;
  const c = COUNTRIES[cc];
  const price = fuelPriceOf(cc, code);
  const perKg = code === 'CNG' || code === 'H2_700' || code === 'H2_350';
  return {
    itemCode: code,
    marketingName: FUELS[code],
    price,
    currency: c.currency,
    precision: 3,
    unit: perKg ? 'KG' : 'LTR',
  };
}

function priceElements(cc: CountryCode, tariff: ChargerSpec['tariff']): PriceElement[] {
  const c = COUNTRIES[cc];
  const energy: PriceElement = { priceComponents: [{ type: 'ENERGY', price: c.energy, precision: 2, unit: 'KWH' }] };
  if (tariff === 'energy') return [energy];
  const freeParking: PriceElement = {
    restrictions: { maxDuration: 120 },
    priceComponents: [{ type: 'PARKING_TIME', price: 0, precision: 2, unit: 'MIN' }],
  };
  if (tariff === 'parking') return [energy, freeParking];
  return [
    energy,
    {
      restrictions: { startTime: '22:00', endTime: '06:00' },
      priceComponents: [{ type: 'ENERGY', price: c.energy - 10, precision: 2, unit: 'KWH' }],
    },
    { priceComponents: [{ type: 'FLAT', price: c.flat, precision: 2, unit: 'COUNT' }] },
    freeParking,
    {
      restrictions: { startTime: '08:00', endTime: '20:00' },
      priceComponents: [{ type: 'PARKING_TIME', price: c.parking, precision: 2, unit: 'MIN' }],
    },
    {
      restrictions: { startTime: '07:00', endTime: '22:00', maxDuration: 240 },
      priceComponents: [{ type: 'TIME', price: Math.max(1, Math.round(c.parking / 2)), precision: 2, unit: 'MIN' }],
    },
  ];
}

const WASH_PACKAGES = [
  { code: 'WASH_BASIC', name: 'Basic', lines: ['Pre-wash', 'Foam wash', 'Air dry'] },
  { code: 'WASH_COMFORT', name: 'Comfort', lines: ['Pre-wash', 'Foam wash', 'Underbody wash', 'Hot wax', 'Air dry'] },
  {
    code: 'WASH_PREMIUM',
    name: 'Premium',
    lines: ['Pre-wash', 'Active foam', 'Wheel cleaning', 'Underbody wash', 'Ceramic wax', 'Shine dry'],
  },
];

/** An EV charging port with one item: its connector standard, power and price elements. */
export function chargerProduct(cc: CountryCode, id: string, name: string, ch: ChargerSpec): SeedProduct {
  const c = COUNTRIES[cc];
  return {
    id,
    name,
    facility: 'CHARGER',
    type: 'EV_CHARGE',
    automaticFlow: true,
    items: [
      {
        itemCode: `${ch.standard}_${ch.power}`,
        marketingName: `${ch.standard.replace('_', ' ')} ${ch.power} kW`,
        price: c.energy,
        currency: c.currency,
        precision: 2,
        unit: 'KWH',
        details: { standard: ch.standard, power: ch.power },
        priceElements: priceElements(cc, ch.tariff ?? 'parking'),
      },
    ],
  };
}

/** A wash bay selling the three wash packages. */
export function washProduct(cc: CountryCode, id: string, name: string): SeedProduct {
  const c = COUNTRIES[cc];
  return {
    id,
    name,
    facility: 'WASH',
    type: 'CAR_WASH',
    automaticFlow: false,
    items: WASH_PACKAGES.map((p, k) => ({
      itemCode: p.code,
      marketingName: p.name,
      price: c.wash[k] as number,
      currency: c.currency,
      precision: 2,
      unit: 'COUNT',
      descriptionLines: p.lines,
    })),
  };
}

function build(s: StationSpec): SeedStation {
  const id = stationIdOf(s.cc, s.n);
  const c = COUNTRIES[s.cc];
  const products: SeedProduct[] = [];
  const next = () => productIdOf(id, products.length + 1);
  if (s.pumps) {
    const { count, prepay, fuels } = s.pumps;
    for (let i = 1; i <= count; i++) {
      const codes = typeof fuels === 'function' ? fuels(i) : fuels;
      products.push({
        id: next(),
        name: String(i),
        facility: 'PUMP',
        type: 'GAS',
        automaticFlow: prepay,
        items: codes.map((code) => fuelItem(s.cc, code)),
        ...(prepay
          ? { recommendedPrices: c.prepay.map((amount) => ({ amount, currency: c.currency, precision: 2 })) }
          : {}),
      });
    }
  }
  (s.chargers ?? []).forEach((ch, i) => {
    products.push(chargerProduct(s.cc, next(), String(i + 1), ch));
  });
  for (let i = 1; i <= (s.washes ?? 0); i++) products.push(washProduct(s.cc, next(), `Bay ${i}`));
  if (s.giftCards) {
    for (const [name, amounts] of [
      ['Gift card', [2500, 5000, 10000]],
      ['Fuel voucher', [2000, 4000]],
    ] as const) {
      products.push({
        id: next(),
        name,
        facility: 'SHOP',
        type: 'GIFT_CARD',
        automaticFlow: false,
        items: amounts.map((amount) => ({
          itemCode: `${name === 'Gift card' ? 'GIFT' : 'VOUCHER'}_${amount}`,
          marketingName: `${name} ${amount / 100} ${c.currency}`,
          price: amount,
          currency: c.currency,
          precision: 2,
          unit: 'COUNT',
        })),
      });
    }
  }
  const type: SeedStation['type'] =
    s.type ?? (s.chargers && !s.pumps ? 'EV_STATION' : s.washes && !s.pumps ? 'CAR_WASH' : 'GAS_STATION');
  return {
    id,
    type,
    name: s.name,
    brand: s.brand,
    status: s.offline ? 'OFFLINE' : 'ONLINE',
    mtskId: s.mtskNo ? mtsk(s.mtskNo) : null,
    latitude: s.lat,
    longitude: s.lon,
    address: { street: s.street, houseNumber: s.houseNumber, zip: s.zip, city: s.city, countryCode: s.cc },
    partnerName: s.partner ?? null,
    guestCheckout: s.guest ?? false,
    pumpsWithoutDisplay: s.noDisplay ?? false,
    paymentMeans: s.means ?? DEFAULT_MEANS,
    loyaltyPrograms: s.loyalty ?? [],
    products,
  };
}

const CAR = ['SUPER_E5', 'SUPER_E10', 'DIESEL', 'SUPER_PLUS'] as FuelCode[];
const CAR_NO_E10 = ['SUPER_E5', 'DIESEL', 'SUPER_PLUS'] as FuelCode[];
const CAR_E10 = ['SUPER_E10', 'DIESEL', 'SUPER_PLUS'] as FuelCode[];

const SPECS: StationSpec[] = [
  // Germany
  {
    cc: 'DE',
    n: 1,
    name: 'Nordwind Berlin Invalidenstraße',
    brand: 'Nordwind',
    lat: 52.531,
    lon: 13.384,
    street: 'Invalidenstraße',
    houseNumber: '112',
    zip: '10115',
    city: 'Berlin',
    guest: true,
    mtskNo: 1,
    loyalty: ['NORDWIND_CLUB'],
    pumps: { count: 10, prepay: true, fuels: (p) => (p <= 8 ? CAR : ['DIESEL', 'DIESEL_PREMIUM', 'HVO100']) },
  },
  {
    cc: 'DE',
    n: 2,
    name: 'VoltWay Berlin Invalidenstraße',
    brand: 'VoltWay',
    lat: 52.5318,
    lon: 13.3852,
    street: 'Invalidenstraße',
    houseNumber: '118',
    zip: '10115',
    city: 'Berlin',
    guest: true,
    chargers: [
      { standard: 'CCS', power: 150, tariff: 'full' },
      { standard: 'CCS', power: 300, tariff: 'full' },
      { standard: 'TYPE_2', power: 22, tariff: 'full' },
      { standard: 'CHADEMO', power: 50, tariff: 'full' },
      { standard: 'TESLA', power: 250, tariff: 'parking' },
    ],
  },
  {
    cc: 'DE',
    n: 3,
    name: 'Alpina München Leopoldstraße',
    brand: 'Alpina',
    lat: 48.1745,
    lon: 11.587,
    street: 'Leopoldstraße',
    houseNumber: '180',
    zip: '80804',
    city: 'München',
    guest: true,
    noDisplay: true,
    mtskNo: 3,
    loyalty: ['ALPINA_POINTS'],
    pumps: { count: 6, prepay: false, fuels: CAR },
  },
  {
    cc: 'DE',
    n: 4,
    name: 'Nordwind Hamburg Billstedt',
    brand: 'Nordwind',
    lat: 53.541,
    lon: 10.099,
    street: 'Billstedter Hauptstraße',
    houseNumber: '50',
    zip: '22111',
    city: 'Hamburg',
    guest: true,
    mtskNo: 4,
    pumps: { count: 14, prepay: true, fuels: (p) => (p <= 12 ? CAR : ['DIESEL', 'LPG']) },
    washes: 1,
  },
  {
    cc: 'DE',
    n: 5,
    name: 'Autohof Süd Ingolstadt',
    brand: 'Autohof Süd',
    lat: 48.753,
    lon: 11.461,
    street: 'Manchinger Straße',
    houseNumber: '120',
    zip: '85053',
    city: 'Ingolstadt',
    mtskNo: 5,
    // A truck stop: it takes fuel cards too (shell-and-account.md §5 fuel card checkout with its second factor).
    means: [...DEFAULT_MEANS, 'FUEL_CARD'],
    pumps: { count: 8, prepay: true, fuels: (p) => (p <= 4 ? CAR : ['DIESEL', 'DIESEL_PREMIUM']) },
  },
  {
    cc: 'DE',
    n: 6,
    name: 'NordTank Bremen Stresemannstraße',
    brand: 'NordTank',
    partner: 'NordTank',
    lat: 53.08,
    lon: 8.845,
    street: 'Stresemannstraße',
    houseNumber: '48',
    zip: '28207',
    city: 'Bremen',
    guest: true,
    mtskNo: 6,
    pumps: { count: 6, prepay: true, fuels: CAR },
  },
  {
    cc: 'DE',
    n: 7,
    name: 'Bavaria Energie Nürnberg Frankenstraße',
    brand: 'Bavaria Energie',
    partner: 'Bavaria Energie',
    lat: 49.431,
    lon: 11.086,
    street: 'Frankenstraße',
    houseNumber: '150',
    zip: '90461',
    city: 'Nürnberg',
    mtskNo: 7,
    pumps: { count: 4, prepay: true, fuels: CAR },
    chargers: [{ standard: 'TYPE_2', power: 11, tariff: 'energy' }],
  },
  {
    cc: 'DE',
    n: 8,
    name: 'HydroGo Köln Rodenkirchen',
    brand: 'HydroGo',
    partner: 'HydroGo',
    lat: 50.874,
    lon: 6.988,
    street: 'Industriestraße',
    houseNumber: '161',
    zip: '50999',
    city: 'Köln',
    guest: true,
    noDisplay: true,
    pumps: { count: 2, prepay: true, fuels: (p) => (p === 1 ? ['H2_700'] : ['H2_350']) },
  },
  {
    cc: 'DE',
    n: 9,
    name: 'SplashWash Frankfurt Hanauer Landstraße',
    brand: 'SplashWash',
    lat: 50.114,
    lon: 8.721,
    street: 'Hanauer Landstraße',
    houseNumber: '210',
    zip: '60314',
    city: 'Frankfurt am Main',
    guest: true,
    washes: 2,
  },
  {
    cc: 'DE',
    n: 10,
    name: 'Nordwind Geschenkkarten Stuttgart',
    brand: 'Nordwind',
    type: 'GIFT_CARD',
    lat: 48.778,
    lon: 9.178,
    street: 'Königstraße',
    houseNumber: '28',
    zip: '70173',
    city: 'Stuttgart',
    giftCards: true,
  },
  {
    cc: 'DE',
    n: 11,
    name: 'Baltic Energy Rostock',
    brand: 'Baltic Energy',
    lat: 54.0925,
    lon: 12.118,
    street: 'Hamburger Straße',
    houseNumber: '30',
    zip: '18069',
    city: 'Rostock',
    mtskNo: 11,
  },
  {
    cc: 'DE',
    n: 12,
    name: 'Alpina Leipzig Prager Straße',
    brand: 'Alpina',
    lat: 51.328,
    lon: 12.406,
    street: 'Prager Straße',
    houseNumber: '120',
    zip: '04317',
    city: 'Leipzig',
    offline: true,
    mtskNo: 12,
    pumps: { count: 6, prepay: true, fuels: CAR },
  },
  // Austria
  {
    cc: 'AT',
    n: 1,
    name: 'Alpina Wien Triester Straße',
    brand: 'Alpina',
    lat: 48.164,
    lon: 16.348,
    street: 'Triester Straße',
    houseNumber: '150',
    zip: '1100',
    city: 'Wien',
    guest: true,
    means: [...DEFAULT_MEANS, 'BLUECODE'],
    pumps: { count: 8, prepay: true, fuels: CAR_NO_E10 },
    washes: 1,
  },
  {
    cc: 'AT',
    n: 2,
    name: 'Rasthof Alpenblick Salzburg',
    brand: 'Rasthof Alpenblick',
    lat: 47.795,
    lon: 13.02,
    street: 'Innsbrucker Bundesstraße',
    houseNumber: '95',
    zip: '5020',
    city: 'Salzburg',
    pumps: { count: 6, prepay: false, fuels: CAR_NO_E10 },
  },
  {
    cc: 'AT',
    n: 3,
    name: 'Alpina Graz Kärntner Straße',
    brand: 'Alpina',
    lat: 47.042,
    lon: 15.421,
    street: 'Kärntner Straße',
    houseNumber: '200',
    zip: '8053',
    city: 'Graz',
    noDisplay: true,
    pumps: { count: 4, prepay: false, fuels: ['SUPER_E5', 'DIESEL', 'DIESEL_PREMIUM'] },
  },
  {
    cc: 'AT',
    n: 4,
    name: 'VoltWay Linz Wiener Straße',
    brand: 'VoltWay',
    lat: 48.265,
    lon: 14.305,
    street: 'Wiener Straße',
    houseNumber: '300',
    zip: '4030',
    city: 'Linz',
    guest: true,
    chargers: [
      { standard: 'CCS', power: 150 },
      { standard: 'TYPE_2', power: 22 },
      { standard: 'SCHUKO', power: 3.7, tariff: 'energy' },
    ],
  },
  // Belgium
  {
    cc: 'BE',
    n: 1,
    name: 'Lowland Fuel Anderlecht',
    brand: 'Lowland Fuel',
    lat: 50.83,
    lon: 4.3,
    street: 'Chaussée de Mons',
    houseNumber: '500',
    zip: '1070',
    city: 'Anderlecht',
    guest: true,
    means: [...DEFAULT_MEANS, 'PAYCONIQ'],
    pumps: { count: 6, prepay: true, fuels: CAR_E10 },
  },
  {
    cc: 'BE',
    n: 2,
    name: 'Lowland Fuel Antwerpen Noorderlaan',
    brand: 'Lowland Fuel',
    lat: 51.25,
    lon: 4.41,
    street: 'Noorderlaan',
    houseNumber: '100',
    zip: '2030',
    city: 'Antwerpen',
    means: [...DEFAULT_MEANS, 'PAYCONIQ'],
    pumps: { count: 8, prepay: false, fuels: (p) => (p <= 6 ? CAR_E10 : ['DIESEL', 'LPG']) },
  },
  {
    cc: 'BE',
    n: 3,
    name: 'VoltWay Gent Kortrijksesteenweg',
    brand: 'VoltWay',
    lat: 51.025,
    lon: 3.704,
    street: 'Kortrijksesteenweg',
    houseNumber: '1000',
    zip: '9000',
    city: 'Gent',
    guest: true,
    chargers: [
      { standard: 'CCS', power: 175 },
      { standard: 'TYPE_2', power: 22 },
      { standard: 'TESLA', power: 150 },
    ],
  },
  {
    cc: 'BE',
    n: 4,
    name: 'Lowland Fuel Liège Rue de Herve',
    brand: 'Lowland Fuel',
    lat: 50.633,
    lon: 5.605,
    street: 'Rue de Herve',
    houseNumber: '200',
    zip: '4030',
    city: 'Liège',
    guest: true,
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: CAR_E10 },
    washes: 2,
  },
  // Switzerland
  {
    cc: 'CH',
    n: 1,
    name: 'Alpina Zürich Hardturmstrasse',
    brand: 'Alpina',
    lat: 47.393,
    lon: 8.515,
    street: 'Hardturmstrasse',
    houseNumber: '120',
    zip: '8005',
    city: 'Zürich',
    guest: true,
    pumps: { count: 8, prepay: true, fuels: CAR_NO_E10 },
    washes: 1,
  },
  {
    cc: 'CH',
    n: 2,
    name: 'Alpina Bern Freiburgstrasse',
    brand: 'Alpina',
    lat: 46.94,
    lon: 7.398,
    street: 'Freiburgstrasse',
    houseNumber: '400',
    zip: '3018',
    city: 'Bern',
    pumps: { count: 6, prepay: false, fuels: CAR_NO_E10 },
  },
  {
    cc: 'CH',
    n: 3,
    name: 'Alpina Genève Route de Meyrin',
    brand: 'Alpina',
    lat: 46.219,
    lon: 6.107,
    street: 'Route de Meyrin',
    houseNumber: '150',
    zip: '1203',
    city: 'Genève',
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: CAR_NO_E10 },
  },
  {
    cc: 'CH',
    n: 4,
    name: 'VoltWay Luzern Baselstrasse',
    brand: 'VoltWay',
    lat: 47.05,
    lon: 8.296,
    street: 'Baselstrasse',
    houseNumber: '80',
    zip: '6003',
    city: 'Luzern',
    guest: true,
    chargers: [
      { standard: 'CCS', power: 150, tariff: 'full' },
      { standard: 'TYPE_2', power: 22 },
      { standard: 'TESLA', power: 250 },
    ],
  },
  // Denmark
  {
    cc: 'DK',
    n: 1,
    name: 'Baltic Energy København Amagerbrogade',
    brand: 'Baltic Energy',
    lat: 55.657,
    lon: 12.602,
    street: 'Amagerbrogade',
    houseNumber: '200',
    zip: '2300',
    city: 'København S',
    guest: true,
    pumps: { count: 6, prepay: true, fuels: CAR_E10 },
    washes: 1,
  },
  {
    cc: 'DK',
    n: 2,
    name: 'Baltic Energy Aarhus Viborgvej',
    brand: 'Baltic Energy',
    lat: 56.162,
    lon: 10.173,
    street: 'Viborgvej',
    houseNumber: '100',
    zip: '8210',
    city: 'Aarhus V',
    pumps: { count: 4, prepay: false, fuels: CAR_E10 },
  },
  {
    cc: 'DK',
    n: 3,
    name: 'Baltic Energy Odense Middelfartvej',
    brand: 'Baltic Energy',
    lat: 55.395,
    lon: 10.351,
    street: 'Middelfartvej',
    houseNumber: '50',
    zip: '5200',
    city: 'Odense V',
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: CAR_E10 },
    chargers: [{ standard: 'CCS', power: 100 }],
  },
  {
    cc: 'DK',
    n: 4,
    name: 'VoltWay Aalborg Hobrovej',
    brand: 'VoltWay',
    lat: 57.015,
    lon: 9.905,
    street: 'Hobrovej',
    houseNumber: '300',
    zip: '9200',
    city: 'Aalborg SV',
    guest: true,
    chargers: [
      { standard: 'CHADEMO', power: 50 },
      { standard: 'CCS', power: 150, tariff: 'full' },
      { standard: 'TYPE_2', power: 43 },
    ],
  },
  // Spain
  {
    cc: 'ES',
    n: 1,
    name: 'Costa Fuel Madrid Calle de Alcalá',
    brand: 'Costa Fuel',
    lat: 40.44,
    lon: -3.638,
    street: 'Calle de Alcalá',
    houseNumber: '500',
    zip: '28027',
    city: 'Madrid',
    guest: true,
    loyalty: ['COSTA_MILES'],
    pumps: { count: 8, prepay: true, fuels: CAR_NO_E10 },
  },
  {
    cc: 'ES',
    n: 2,
    name: 'Costa Fuel Barcelona Carrer de Sants',
    brand: 'Costa Fuel',
    lat: 41.376,
    lon: 2.133,
    street: 'Carrer de Sants',
    houseNumber: '200',
    zip: '08028',
    city: 'Barcelona',
    loyalty: ['COSTA_MILES'],
    pumps: { count: 6, prepay: false, fuels: CAR_NO_E10 },
  },
  {
    cc: 'ES',
    n: 3,
    name: 'Costa Fuel València Avinguda del Cid',
    brand: 'Costa Fuel',
    lat: 39.47,
    lon: -0.4,
    street: 'Avinguda del Cid',
    houseNumber: '100',
    zip: '46018',
    city: 'València',
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: ['SUPER_E5', 'DIESEL', 'DIESEL_PREMIUM'] },
    washes: 1,
  },
  {
    cc: 'ES',
    n: 4,
    name: 'VoltWay Sevilla Avenida de Kansas City',
    brand: 'VoltWay',
    lat: 37.392,
    lon: -5.967,
    street: 'Avenida de Kansas City',
    houseNumber: '50',
    zip: '41007',
    city: 'Sevilla',
    guest: true,
    chargers: [
      { standard: 'CCS', power: 100 },
      { standard: 'TYPE_2', power: 22 },
    ],
  },
  // Italy
  {
    cc: 'IT',
    n: 1,
    name: 'Costa Fuel Milano Viale Monza',
    brand: 'Costa Fuel',
    lat: 45.506,
    lon: 9.225,
    street: 'Viale Monza',
    houseNumber: '200',
    zip: '20127',
    city: 'Milano',
    guest: true,
    pumps: { count: 6, prepay: true, fuels: (p) => (p <= 5 ? CAR_NO_E10 : ['LPG']) },
  },
  {
    cc: 'IT',
    n: 2,
    name: 'Costa Fuel Roma Via Tiburtina',
    brand: 'Costa Fuel',
    lat: 41.91,
    lon: 12.55,
    street: 'Via Tiburtina',
    houseNumber: '500',
    zip: '00159',
    city: 'Roma',
    pumps: { count: 6, prepay: false, fuels: CAR_NO_E10 },
    washes: 1,
  },
  {
    cc: 'IT',
    n: 3,
    name: 'Alpina Bolzano Via Galvani',
    brand: 'Alpina',
    lat: 46.479,
    lon: 11.32,
    street: 'Via Galvani',
    houseNumber: '10',
    zip: '39100',
    city: 'Bolzano',
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: CAR_NO_E10 },
  },
  {
    cc: 'IT',
    n: 4,
    name: 'VoltWay Torino Corso Giulio Cesare',
    brand: 'VoltWay',
    lat: 45.097,
    lon: 7.696,
    street: 'Corso Giulio Cesare',
    houseNumber: '200',
    zip: '10155',
    city: 'Torino',
    guest: true,
    chargers: [
      { standard: 'TYPE_3', power: 22 },
      { standard: 'TYPE_2', power: 22 },
      { standard: 'CCS', power: 150 },
    ],
  },
  // Luxembourg
  {
    cc: 'LU',
    n: 1,
    name: "Lowland Fuel Strassen Route d'Arlon",
    brand: 'Lowland Fuel',
    lat: 49.62,
    lon: 6.075,
    street: "Route d'Arlon",
    houseNumber: '250',
    zip: '8010',
    city: 'Strassen',
    guest: true,
    pumps: { count: 8, prepay: true, fuels: CAR_E10 },
    washes: 1,
  },
  {
    cc: 'LU',
    n: 2,
    name: 'Lowland Fuel Esch-sur-Alzette',
    brand: 'Lowland Fuel',
    lat: 49.496,
    lon: 5.98,
    street: 'Boulevard J.F. Kennedy',
    houseNumber: '50',
    zip: '4170',
    city: 'Esch-sur-Alzette',
    pumps: { count: 4, prepay: false, fuels: CAR_E10 },
  },
  {
    cc: 'LU',
    n: 3,
    name: 'Nordwind Wasserbillig Route de Trèves',
    brand: 'Nordwind',
    lat: 49.714,
    lon: 6.499,
    street: 'Route de Trèves',
    houseNumber: '20',
    zip: '6633',
    city: 'Wasserbillig',
    noDisplay: true,
    pumps: { count: 12, prepay: false, fuels: (p) => (p <= 8 ? CAR_E10 : ['DIESEL']) },
  },
  {
    cc: 'LU',
    n: 4,
    name: 'VoltWay Ettelbruck Avenue Salentiny',
    brand: 'VoltWay',
    lat: 49.848,
    lon: 6.104,
    street: 'Avenue Salentiny',
    houseNumber: '20',
    zip: '9080',
    city: 'Ettelbruck',
    chargers: [
      { standard: 'TYPE_2', power: 22 },
      { standard: 'SCHUKO', power: 2.3, tariff: 'energy' },
    ],
  },
  // Netherlands
  {
    cc: 'NL',
    n: 1,
    name: 'Lowland Fuel Amsterdam Klaprozenweg',
    brand: 'Lowland Fuel',
    lat: 52.397,
    lon: 4.912,
    street: 'Klaprozenweg',
    houseNumber: '100',
    zip: '1033 NN',
    city: 'Amsterdam',
    guest: true,
    pumps: { count: 6, prepay: true, fuels: CAR_E10 },
  },
  {
    cc: 'NL',
    n: 2,
    name: 'Lowland Fuel Rotterdam Maashavenkade',
    brand: 'Lowland Fuel',
    lat: 51.9,
    lon: 4.484,
    street: 'Maashavenkade',
    houseNumber: '100',
    zip: '3072 AA',
    city: 'Rotterdam',
    pumps: { count: 6, prepay: false, fuels: (p) => (p <= 5 ? CAR_E10 : ['LPG']) },
    washes: 1,
  },
  {
    cc: 'NL',
    n: 3,
    name: 'Lowland Fuel Utrecht Europalaan',
    brand: 'Lowland Fuel',
    lat: 52.068,
    lon: 5.108,
    street: 'Europalaan',
    houseNumber: '200',
    zip: '3526 KS',
    city: 'Utrecht',
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: CAR_E10 },
  },
  {
    cc: 'NL',
    n: 4,
    name: 'VoltWay Eindhoven Meerenakkerweg',
    brand: 'VoltWay',
    lat: 51.416,
    lon: 5.44,
    street: 'Meerenakkerweg',
    houseNumber: '1',
    zip: '5652 AR',
    city: 'Eindhoven',
    guest: true,
    chargers: [
      { standard: 'TYPE_1', power: 7.4, tariff: 'energy' },
      { standard: 'TYPE_2', power: 22 },
      { standard: 'CCS', power: 300, tariff: 'full' },
      { standard: 'TESLA', power: 250 },
    ],
  },
  // Poland
  {
    cc: 'PL',
    n: 1,
    name: 'Baltic Energy Warszawa Aleje Jerozolimskie',
    brand: 'Baltic Energy',
    lat: 52.205,
    lon: 20.945,
    street: 'Aleje Jerozolimskie',
    houseNumber: '200',
    zip: '02-222',
    city: 'Warszawa',
    guest: true,
    pumps: { count: 8, prepay: true, fuels: (p) => (p <= 7 ? CAR_NO_E10 : ['LPG']) },
    washes: 1,
  },
  {
    cc: 'PL',
    n: 2,
    name: 'Baltic Energy Kraków Zakopiańska',
    brand: 'Baltic Energy',
    lat: 50.018,
    lon: 19.93,
    street: 'ul. Zakopiańska',
    houseNumber: '100',
    zip: '30-418',
    city: 'Kraków',
    pumps: { count: 6, prepay: false, fuels: CAR_NO_E10 },
  },
  {
    cc: 'PL',
    n: 3,
    name: 'Baltic Energy Gdańsk Grunwaldzka',
    brand: 'Baltic Energy',
    lat: 54.39,
    lon: 18.59,
    street: 'ul. Grunwaldzka',
    houseNumber: '300',
    zip: '80-314',
    city: 'Gdańsk',
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: CAR_NO_E10 },
  },
  {
    cc: 'PL',
    n: 4,
    name: 'VoltWay Poznań Głogowska',
    brand: 'VoltWay',
    lat: 52.385,
    lon: 16.89,
    street: 'ul. Głogowska',
    houseNumber: '200',
    zip: '60-104',
    city: 'Poznań',
    guest: true,
    chargers: [
      { standard: 'CCS', power: 150 },
      { standard: 'CHADEMO', power: 50 },
      { standard: 'TYPE_2', power: 22 },
    ],
  },
  // Portugal
  {
    cc: 'PT',
    n: 1,
    name: 'Costa Fuel Lisboa Avenida Almirante Reis',
    brand: 'Costa Fuel',
    lat: 38.733,
    lon: -9.135,
    street: 'Avenida Almirante Reis',
    houseNumber: '200',
    zip: '1000-055',
    city: 'Lisboa',
    guest: true,
    means: [...DEFAULT_MEANS, 'MBWAY'],
    pumps: { count: 6, prepay: true, fuels: CAR_NO_E10 },
  },
  {
    cc: 'PT',
    n: 2,
    name: 'Costa Fuel Porto Rua de Costa Cabral',
    brand: 'Costa Fuel',
    lat: 41.17,
    lon: -8.595,
    street: 'Rua de Costa Cabral',
    houseNumber: '500',
    zip: '4200-211',
    city: 'Porto',
    means: [...DEFAULT_MEANS, 'MBWAY'],
    pumps: { count: 6, prepay: false, fuels: (p) => (p <= 5 ? CAR_NO_E10 : ['LPG']) },
    washes: 1,
  },
  {
    cc: 'PT',
    n: 3,
    name: 'Costa Fuel Faro EN125',
    brand: 'Costa Fuel',
    lat: 37.03,
    lon: -7.95,
    street: 'Estrada Nacional 125',
    houseNumber: '1',
    zip: '8005-146',
    city: 'Faro',
    noDisplay: true,
    pumps: { count: 4, prepay: true, fuels: CAR_NO_E10 },
  },
  {
    cc: 'PT',
    n: 4,
    name: 'VoltWay Coimbra Avenida Fernão de Magalhães',
    brand: 'VoltWay',
    lat: 40.212,
    lon: -8.433,
    street: 'Avenida Fernão de Magalhães',
    houseNumber: '300',
    zip: '3000-175',
    city: 'Coimbra',
    guest: true,
    chargers: [
      { standard: 'OTHER', power: 11, tariff: 'energy' },
      { standard: 'TYPE_2', power: 22 },
      { standard: 'CCS', power: 120 },
    ],
  },
];

/** The whole demo network (what the seed inserts). */
export const NETWORK: readonly SeedStation[] = SPECS.map(build);

const pick = (cc: CountryCode, n: number) => {
  const s = NETWORK.find((x) => x.id === stationIdOf(cc, n));
  if (!s) throw new Error(`demo station ${cc} ${n} missing`);
  return { id: s.id, name: s.name, latitude: s.latitude, longitude: s.longitude };
};

/** Stations the e2e tests and the README link to. Stable across restarts. */
export const DEMO_STATIONS = {
  /** Berlin, 10 prepay pumps, guest checkout; the EV station is 110 m away (the 300 m nearby search finds both). */
  prepay: pick('DE', 1),
  /** München, 6 postpay pumps, pumpsWithoutDisplay (prices shown in the fuel list). */
  postpay: pick('DE', 3),
  /** Berlin, 5 connectors (CCS 150/300, TYPE_2, CHADEMO, TESLA) with every price element kind. */
  ev: pick('DE', 2),
  /** Frankfurt, only WASH (2 bays). */
  washOnly: pick('DE', 9),
  /** Hamburg, 14 prepay pumps and a wash bay (paging with page size 9). */
  manyPumps: pick('DE', 4),
  /** Leipzig, status OFFLINE. */
  offline: pick('DE', 12),
  /** Rostock, no products. */
  noProducts: pick('DE', 11),
  /** Stuttgart, type GIFT_CARD with gift card products. */
  giftShop: pick('DE', 10),
  /** Ingolstadt, brand "Autohof Süd": cannotUsePhoneOutsideCar. */
  hintPhone: pick('DE', 5),
  /** The same Ingolstadt truck stop: 8 prepay pumps, takes FUEL_CARD (with its second factor at checkout). */
  fuelCard: pick('DE', 5),
  /** Bremen, partner NordTank: prePayHint. */
  hintPrePay: pick('DE', 6),
  /** Köln, partner HydroGo with hydrogen: h2LegalHint. */
  hintH2: pick('DE', 8),
  /** Lisboa, 6 prepay pumps, takes MB WAY and PayPal. */
  lisbon: pick('PT', 1),
  /** Anderlecht, 6 prepay pumps, takes Payconiq (a redirect method). */
  payconiq: pick('BE', 1),
  /** Wien, 8 prepay pumps, takes Bluecode (a redirect method). */
  bluecode: pick('AT', 1),
} as const;
