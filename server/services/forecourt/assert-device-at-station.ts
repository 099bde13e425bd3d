import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices } from '../../db/schema';
import { notFound } from '../../errors';

/**
 * The console acts on the station it shows: a device (and so the order it serves) of another station is not found.
 * 404, not 403: which station a device belongs to is nobody else's business.
 */
export async function assertDeviceAtStation({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { stationId: string; productId: string };
}): Promise<void> {
  const [device] = await ctx.db
    .select({ productId: forecourtDevices.productId })
    .from(forecourtDevices)
    .where(and(eq(forecourtDevices.productId, input.productId), eq(forecourtDevices.stationId, input.stationId)));
  if (!device) throw notFound('No such device at this station');
}
