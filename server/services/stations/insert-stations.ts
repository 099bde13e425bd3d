import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices, stationProducts, stations } from '../../db/schema';
import type { SeedStation } from '../../seed/stations';
import { INITIAL_STATE } from '../forecourt';

const KIND = { PUMP: 'PUMP', CHARGER: 'CONNECTOR', WASH: 'WASH' } as const;

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
  const existing = await ctx.db
    .select({ id: stations.id })
    .from(stations)
    .where(
      inArray(
        stations.id,
        list.map((s) => s.id),
      ),
    );
  const known = new Set(existing.map((r) => r.id));
  const fresh = list.filter((s) => !known.has(s.id));
  if (fresh.length === 0) return { inserted: 0 };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(stations)
      .values(
        fresh.map((s) => ({
          id: s.id,
          type: s.type,
          name: s.name,
          brand: s.brand,
          status: s.status,
          mtskId: s.mtskId,
          latitude: s.latitude,
          longitude: s.longitude,
          countryCode: s.address.countryCode,
          address: s.address,
          partnerName: s.partnerName,
          guestCheckout: s.guestCheckout,
          pumpsWithoutDisplay: s.pumpsWithoutDisplay,
          paymentMeans: s.paymentMeans,
          loyaltyPrograms: s.loyaltyPrograms,
        })),
      )
      .onConflictDoNothing();
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
    if (products.length > 0) await tx.insert(stationProducts).values(products).onConflictDoNothing();
    const devices = fresh.flatMap((s) =>
      s.products.flatMap((p) => {
        if (p.facility === 'SHOP') return [];
        const kind = KIND[p.facility];
        return [{ productId: p.id, stationId: s.id, kind, state: INITIAL_STATE[kind] }];
      }),
    );
    if (devices.length > 0) await tx.insert(forecourtDevices).values(devices).onConflictDoNothing();
  });
  return { inserted: fresh.length };
}
