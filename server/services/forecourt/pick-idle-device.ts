import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DeviceKind, forecourtDevices, stations } from '../../db/schema';
import { INITIAL_STATE } from './transitions';

/** A random idle device of an online station (ambient traffic), skipping the given stations. */
export async function pickIdleDevice({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { kind: DeviceKind; excludeStationIds: string[] };
}): Promise<{ productId: string } | undefined> {
  const where = [
    eq(forecourtDevices.kind, input.kind),
    eq(forecourtDevices.state, INITIAL_STATE[input.kind]),
    eq(stations.status, 'ONLINE'),
  ];
  if (input.excludeStationIds.length > 0) where.push(notInArray(forecourtDevices.stationId, input.excludeStationIds));
  const [row] = await ctx.db
    .select({ productId: forecourtDevices.productId })
    .from(forecourtDevices)
    .innerJoin(stations, eq(stations.id, forecourtDevices.stationId))
    .where(and(...where))
    .orderBy(sql`random()`)
    .limit(1);
  return row;
}
