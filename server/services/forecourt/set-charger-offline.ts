import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices, ocppBuiltinChargers } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { announce, stationTopic } from '../events';

/**
 * The network cable of a built-in charge point comes out (or goes back): it drops its OCPP connection and keeps
 * charging, queueing its meter values and transaction end until it is back (server/forecourt/charge-points.ts).
 */
export async function setChargerOffline({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; offline: boolean };
}): Promise<{ productId: string; offline: boolean }> {
  const [device] = await ctx.db
    .select({ kind: forecourtDevices.kind, stationId: forecourtDevices.stationId })
    .from(forecourtDevices)
    .where(eq(forecourtDevices.productId, input.productId));
  if (!device) throw notFound('No such device');
  if (device.kind !== 'CONNECTOR')
    throw new DomainError('conflict', 'conflict', 'Only a charger has a connection of its own');
  await ctx.db
    .insert(ocppBuiltinChargers)
    .values({ productId: input.productId, offline: input.offline })
    .onConflictDoUpdate({ target: ocppBuiltinChargers.productId, set: { offline: input.offline } });
  await announce(ctx.db, [stationTopic(device.stationId)]);
  return { productId: input.productId, offline: input.offline };
}
