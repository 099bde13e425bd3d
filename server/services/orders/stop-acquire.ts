// PUT /v4/order/{id}/acquire/stop: for a fuel order that is dispensing, like the dispensing cancel (hang up, invoice
// what was dispensed); for an EV order that is charging, the charge stops and is priced (ev-charging.ts).
import { eq } from 'drizzle-orm';
import type { Order } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { forecourtDevices } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { hangUpOrderPump } from './cancel-order';
import { isChargeOrder, stopCharge } from './ev-charging';
import { findOrder, loadOwnOrderRow } from './load-order';

export async function stopAcquire({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; orderId: string };
}): Promise<Order> {
  const row = await loadOwnOrderRow({ ctx, input: { orderId: input.orderId, userId: input.session.userId } });
  if (isChargeOrder(row)) {
    await stopCharge({ ctx, input: { row } });
    const stopped = await findOrder({ ctx, input: { orderId: row.id } });
    if (!stopped) throw notFound('No such order');
    return stopped.json;
  }
  const [device] = await ctx.db.select().from(forecourtDevices).where(eq(forecourtDevices.productId, row.productId));
  if (
    row.state !== 'PRODUCT_PENDING' ||
    !device ||
    device.orderId !== row.id ||
    (device.state !== 'DISPENSING' && device.state !== 'NOZZLE_LIFTED')
  ) {
    throw new DomainError('conflict', 'conflict', `Nothing is being dispensed for this order (${row.state})`);
  }
  await hangUpOrderPump({ ctx, input: { orderId: row.id, productId: device.productId } });
  const after = await findOrder({ ctx, input: { orderId: row.id } });
  if (!after) throw notFound('No such order');
  return after.json;
}
