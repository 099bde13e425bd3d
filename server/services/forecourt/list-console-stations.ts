import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stations } from '../../db/schema';

export type ConsoleStation = {
  id: string;
  name: string;
  brand: string;
  city: string;
  countryCode: string;
  status: 'ONLINE' | 'OFFLINE';
};

/** Every station, for the console's station picker (country, then name). */
export async function listConsoleStations({ ctx }: { ctx: AppContext }): Promise<ConsoleStation[]> {
  const rows = await ctx.db
    .select({
      id: stations.id,
      name: stations.name,
      brand: stations.brand,
      address: stations.address,
      countryCode: stations.countryCode,
      status: stations.status,
    })
    .from(stations)
    .orderBy(asc(stations.countryCode), asc(stations.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    brand: r.brand,
    city: r.address.city,
    countryCode: r.countryCode,
    status: r.status,
  }));
}
