import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stations } from '../../db/schema';
import { notFound } from '../../errors';
import { announce, stationTopic } from '../events';

/** The station's connection to us comes and goes: ONLINE <-> OFFLINE (the POI then reads OFFLINE, products UNAVAILABLE). */
export async function setStationOnline({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { stationId: string; online: boolean };
}): Promise<{ stationId: string; status: 'ONLINE' | 'OFFLINE' }> {
  const status = input.online ? 'ONLINE' : 'OFFLINE';
  const rows = await ctx.db
    .update(stations)
    .set({ status, updatedAt: ctx.clock.now() })
    .where(eq(stations.id, input.stationId))
    .returning({ id: stations.id });
  if (rows.length === 0) throw notFound('No such station');
  await announce(ctx.db, [stationTopic(input.stationId)]);
  return { stationId: input.stationId, status };
}
