// Reads stations with their products and device states and shapes them as the contract's Poi.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  FUEL_TYPE_OF_ITEM,
  type FuelPrice,
  OLDER_PRICE_AGE_MS,
  type Poi,
  type Product,
} from '../../../contract/stations';
import type { AppContext } from '../../context';
import {
  type DeviceRow,
  forecourtDevices,
  ocppChargePoints,
  ocppConnectors,
  type StationProductRow,
  type StationRow,
  stationProducts,
  stations,
} from '../../db/schema';
import { productStatus } from '../forecourt';
import { portStatus } from '../ocpp';

const GROUP_OF = { GAS: 'FUEL', EV_CHARGE: 'EV', CAR_WASH: 'WASH', GIFT_CARD: 'GIFT_CARD' } as const;

export type ProductWithDevice = {
  product: StationProductRow;
  device: DeviceRow | null;
  /** An EV port's charge point connector (OCPP): its last status, and whether a charge point is connected. */
  port?: { status: string | null; connectionId: string | null } | null;
};

export function toProductJson(p: ProductWithDevice, online: boolean): Product {
  const { product, device } = p;
  // An EV port is what its charge point says (server/ocpp); without a connected one it is unavailable.
  const isPort = product.facility === 'CHARGER';
  const link = p.port ? { online: p.port.connectionId !== null, status: p.port.status } : undefined;
  return {
    _id: product.id,
    name: product.name,
    facility: product.facility,
    type: product.type,
    attributes: {
      status: isPort ? portStatus(link, online) : productStatus(device?.state, online),
      automaticFlow: product.automaticFlow,
      availableItems: product.items,
      ...(product.recommendedPrices
        ? { priceAuthorizationLimitsAutomaticFlow: { recommendedPrices: product.recommendedPrices } }
        : {}),
      ...(isPort
        ? { deviceState: link?.online ? (link.status ?? 'Unavailable') : 'Offline' }
        : device
          ? { deviceState: device.state }
          : {}),
    },
  };
}

/**
 * The station's price board: per fuel type the cheapest pump item and when it changed (the item's priceUpdatedAt, else
 * the station's updatedAt). `olderThan` drops prices unchanged since before it (a search without showOlderPrices).
 */
export function fuelPricesOf(station: StationRow, products: ProductWithDevice[], olderThan?: Date): FuelPrice[] {
  const byType = new Map<string, FuelPrice>();
  for (const { product } of products) {
    if (product.type !== 'GAS') continue;
    for (const item of product.items) {
      const fuelType = FUEL_TYPE_OF_ITEM[item.itemCode];
      if (!fuelType) continue;
      const updatedAt = item.priceUpdatedAt ?? station.updatedAt.toISOString();
      if (olderThan && Date.parse(updatedAt) < olderThan.getTime()) continue;
      const known = byType.get(fuelType);
      if (known && known.price <= item.price) continue;
      byType.set(fuelType, {
        fuelType,
        price: item.price,
        currency: item.currency,
        precision: item.precision,
        unit: item.unit === 'KG' ? 'KG' : 'LTR',
        updatedAt,
      });
    }
  }
  return [...byType.values()];
}

/** The cut-off of showOlderPrices: prices unchanged for longer than OLDER_PRICE_AGE_MS. */
export function olderPriceCutoff(now: Date): Date {
  return new Date(now.getTime() - OLDER_PRICE_AGE_MS);
}

export function toPoiJson(station: StationRow, products: ProductWithDevice[], options: { olderThan?: Date } = {}): Poi {
  const online = station.status === 'ONLINE';
  const groups = [...new Set(products.map((p) => GROUP_OF[p.product.type]))];
  let updatedAt = station.updatedAt;
  for (const p of products) {
    if (p.device && p.device.stateChangedAt > updatedAt) updatedAt = p.device.stateChangedAt;
  }
  return {
    _id: station.id,
    type: station.type,
    name: station.name,
    brand: station.brand,
    status: station.status,
    mtsKId: station.mtskId,
    location: {
      latitude: station.latitude,
      longitude: station.longitude,
      address: { ...station.address, countryCode: station.countryCode },
    },
    address: { countryCode: station.countryCode },
    partnerDetails: station.partnerName
      ? { partnerName: station.partnerName, address: { countryCode: station.countryCode } }
      : null,
    features: { guestCheckout: station.guestCheckout, pumpsWithoutDisplay: station.pumpsWithoutDisplay },
    supportedPaymentMeans: station.paymentMeans,
    supportedLoyaltyPrograms: station.loyaltyPrograms,
    productGroups: groups,
    products: products.map((p) => toProductJson(p, online)),
    vendingMachines: products
      .filter((p) => p.product.type === 'CAR_WASH')
      .map((p) => ({ id: p.product.id, type: 'CAR_WASH', automaticFlow: p.product.automaticFlow })),
    updatedAt: updatedAt.toISOString(),
    fuelPrices: fuelPricesOf(station, products, options.olderThan),
    openingHours: station.openingHours ?? null,
  };
}

/** Products (in position order) with their devices, grouped by station id. */
export async function loadProducts({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { stationIds: string[] };
}): Promise<Map<string, ProductWithDevice[]>> {
  const { stationIds } = input;
  const byStation = new Map<string, ProductWithDevice[]>();
  if (stationIds.length === 0) return byStation;
  const rows = await ctx.db
    .select({
      product: stationProducts,
      device: forecourtDevices,
      port: { status: ocppConnectors.status, connectionId: ocppChargePoints.connectionId },
    })
    .from(stationProducts)
    .leftJoin(forecourtDevices, eq(forecourtDevices.productId, stationProducts.id))
    .leftJoin(ocppConnectors, eq(ocppConnectors.productId, stationProducts.id))
    .leftJoin(ocppChargePoints, eq(ocppChargePoints.id, ocppConnectors.chargePointId))
    .where(
      stationIds.length === 1
        ? eq(stationProducts.stationId, stationIds[0] as string)
        : inArray(stationProducts.stationId, stationIds),
    )
    .orderBy(asc(stationProducts.stationId), asc(stationProducts.position));
  for (const row of rows) {
    const list = byStation.get(row.product.stationId) ?? [];
    list.push(row);
    byStation.set(row.product.stationId, list);
  }
  return byStation;
}

export async function loadStation({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string };
}): Promise<StationRow | undefined> {
  const [row] = await ctx.db.select().from(stations).where(eq(stations.id, input.id));
  return row;
}
