import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { placesResponse } from '../../../contract/stations';
import type { AppContext } from '../../context';
import { stationProducts, stations } from '../../db/schema';

/** Vending machine type of each product type (car washes are the only vending machines so far). */
const MACHINE_TYPE: Record<string, string> = { CAR_WASH: 'CAR_WASH' };

/** GET /v4/places?vendingMachinesTypes[]=CAR_WASH: stations with vending machines of the given types. */
export async function listPlaces({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { types: string[] };
}): Promise<z.infer<typeof placesResponse>> {
  const productTypes = Object.entries(MACHINE_TYPE)
    .filter(([, machine]) => input.types.includes(machine))
    .map(([productType]) => productType as 'CAR_WASH');
  if (productTypes.length === 0) return [];
  const machines = await ctx.db
    .select({
      id: stationProducts.id,
      stationId: stationProducts.stationId,
      type: stationProducts.type,
      automaticFlow: stationProducts.automaticFlow,
    })
    .from(stationProducts)
    .where(inArray(stationProducts.type, productTypes))
    .orderBy(asc(stationProducts.stationId), asc(stationProducts.position));
  const ids = [...new Set(machines.map((m) => m.stationId))];
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(stations).where(inArray(stations.id, ids)).orderBy(asc(stations.id));
  return rows.map((s) => ({
    _id: s.id,
    name: s.name,
    brand: s.brand,
    location: { latitude: s.latitude, longitude: s.longitude },
    vendingMachines: machines
      .filter((m) => m.stationId === s.id)
      .map((m) => ({ id: m.id, type: MACHINE_TYPE[m.type] as string, automaticFlow: m.automaticFlow })),
  }));
}
