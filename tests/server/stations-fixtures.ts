// Test stations: each test makes its own (random ids, a random spot far from the seeded network), so tests never
// depend on or disturb each other's device states.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../server/context';
import type { SeedProduct, SeedStation } from '../../server/seed/stations';
import { insertStations } from '../../server/services/stations';

export const hexId = () => randomBytes(12).toString('hex');

/** A spot in the South Pacific (no seeded station within thousands of km), different per call. */
export function farAwaySpot(): { latitude: number; longitude: number } {
  return { latitude: -45 + Math.random() * 20, longitude: -140 + Math.random() * 20 };
}

export function pump(name: string, opts: { prepay?: boolean; price?: number } = {}): SeedProduct {
  return {
    id: hexId(),
    name,
    facility: 'PUMP',
    type: 'GAS',
    automaticFlow: opts.prepay ?? true,
    items: [
      {
        itemCode: 'SUPER_E5',
        marketingName: 'SUPER E5',
        price: opts.price ?? 1789,
        currency: 'EUR',
        precision: 3,
        unit: 'LTR',
      },
      { itemCode: 'DIESEL', marketingName: 'DIESEL', price: 1659, currency: 'EUR', precision: 3, unit: 'LTR' },
    ],
    recommendedPrices: [2000, 3000, 5000, 8000].map((amount) => ({ amount, currency: 'EUR' as const, precision: 2 })),
  };
}

export function charger(name: string, power = 50, energy = 59): SeedProduct {
  return {
    id: hexId(),
    name,
    facility: 'CHARGER',
    type: 'EV_CHARGE',
    automaticFlow: true,
    items: [
      {
        itemCode: `CCS_${power}`,
        marketingName: `CCS ${power} kW`,
        price: energy,
        currency: 'EUR',
        precision: 2,
        unit: 'KWH',
        details: { standard: 'CCS', power },
        priceElements: [{ priceComponents: [{ type: 'ENERGY', price: energy, precision: 2, unit: 'KWH' }] }],
      },
    ],
  };
}

export function washBay(name: string): SeedProduct {
  return {
    id: hexId(),
    name,
    facility: 'WASH',
    type: 'CAR_WASH',
    automaticFlow: false,
    items: [
      {
        itemCode: 'WASH_BASIC',
        marketingName: 'Basic',
        price: 900,
        currency: 'EUR',
        precision: 2,
        unit: 'COUNT',
        descriptionLines: ['Foam wash'],
      },
    ],
  };
}

export async function createStation(
  ctx: AppContext,
  overrides: Partial<SeedStation> & { products?: SeedProduct[] } = {},
): Promise<SeedStation> {
  const spot = farAwaySpot();
  const station: SeedStation = {
    id: hexId(),
    type: 'GAS_STATION',
    name: `Test station ${randomBytes(2).toString('hex')}`,
    brand: 'Teststation',
    status: 'ONLINE',
    mtskId: null,
    ...spot,
    address: { street: 'Teststraße', houseNumber: '1', zip: '12345', city: 'Testhausen', countryCode: 'DE' },
    partnerName: null,
    guestCheckout: true,
    pumpsWithoutDisplay: false,
    paymentMeans: ['DIRECT_CREDIT'],
    loyaltyPrograms: [],
    products: [pump('1'), pump('2')],
    ...overrides,
  };
  await insertStations({ ctx, input: { stations: [station] } });
  return station;
}
