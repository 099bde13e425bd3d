import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices, gridCellOf, stationProducts, stations } from '../../db/schema';
import type { SeedStation } from '../../seed/stations';
import { INITIAL_STATE } from '../forecourt';

const KIND = { PUMP: 'PUMP', CHARGER: 'CONNECTOR', WASH: 'WASH' } as const;
/**
 * Rows per INSERT: a statement holds at most 65,535 parameters (products have 9 columns), and one multi-row statement
 * per batch is what keeps seeding thousands of stations within a second or two on PGlite.
 */
const BATCH = 1_000;
const ID_LOOKUP_BATCH = 5_000;

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Inserts stations with their products and devices; idempotent (existing ids are left as they are, so device states
 * and an operator's changes survive a restart). Returns how many stations were new.
 */
export async function insertStations({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { stations: readonly SeedStation[] };
}): Promise<{ inserted: number }> {
  const list = input.stations;
  if (list.length === 0) return { inserted: 0 };
  const known = new Set<string>();
  for (const part of chunks(list, ID_LOOKUP_BATCH)) {
    const existing = await ctx.db
      .select({ id: stations.id })
      .from(stations)
      .where(
        inArray(
          stations.id,
          part.map((s) => s.id),
        ),
      );
    for (const r of existing) known.add(r.id);
  }
  const fresh = list.filter((s) => !known.has(s.id));
  if (fresh.length === 0) return { inserted: 0 };
  const stationRows = fresh.map((s) => ({
    id: s.id,
    type: s.type,
    name: s.name,
    brand: s.brand,
    status: s.status,
    mtskId: s.mtskId,
    latitude: s.latitude,
    longitude: s.longitude,
    gridCell: gridCellOf(s.latitude, s.longitude),
    countryCode: s.address.countryCode,
    address: s.address,
    partnerName: s.partnerName,
    guestCheckout: s.guestCheckout,
    pumpsWithoutDisplay: s.pumpsWithoutDisplay,
    paymentMeans: s.paymentMeans,
    loyaltyPrograms: s.loyaltyPrograms,
    openingHours: s.openingHours ?? null,
  }));
  const products = fresh.flatMap((s) =>
    s.products.map((p, i) => ({
      id: p.id,
      stationId: s.id,
      position: i + 1,
      name: p.name,
      facility: p.facility,
      type: p.type,
      automaticFlow: p.automaticFlow,
      items: p.items,
      recommendedPrices: p.recommendedPrices ?? null,
    })),
  );
  const devices = fresh.flatMap((s) =>
    s.products.flatMap((p) => {
      if (p.facility === 'SHOP') return [];
      const kind = KIND[p.facility];
      return [{ productId: p.id, stationId: s.id, kind, state: INITIAL_STATE[kind] }];
    }),
  );
  await ctx.db.transaction(async (tx) => {
    for (const part of chunks(stationRows, BATCH)) await tx.insert(stations).values(part).onConflictDoNothing();
    for (const part of chunks(products, BATCH)) await tx.insert(stationProducts).values(part).onConflictDoNothing();
    for (const part of chunks(devices, BATCH)) await tx.insert(forecourtDevices).values(part).onConflictDoNothing();
  });
  return { inserted: fresh.length };
}
