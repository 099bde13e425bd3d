// POST /v4/order/{id}/cancel. Before fuel flows (CREATED, PAYMENT_AUTHORIZED, PRODUCT_PENDING with the pump released
// or the nozzle lifted but not dispensing): the pump is put back, the whole hold released, CANCELLED. While
// dispensing: the nozzle is hung up and what was dispensed is invoiced (maybe 0) via complete-dispensing.ts
// (PRODUCT_ACQUIRED -> ... -> COMPLETED). The answer is the order after the step. Terminal or acquired: 409.
import { eq } from 'drizzle-orm';
import { isTerminal, type Order } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { type DeviceRow, forecourtDevices, type OrderRow, orders } from '../../db/schema';
import { DomainError, isDomainError, notFound } from '../../errors';
import { cancelRelease, hangUp } from '../forecourt';
import { completeDispensing } from './complete-dispensing';
import { cancelCharge, isChargeOrder } from './ev-charging';
import { findOrder, loadOwnOrderRow } from './load-order';
import { applyTransition } from './transitions';

async function deviceOf({ ctx, input: row }: { ctx: AppContext; input: OrderRow }): Promise<DeviceRow | undefined> {
  const [device] = await ctx.db.select().from(forecourtDevices).where(eq(forecourtDevices.productId, row.productId));
  return device?.orderId === row.id ? device : undefined;
}

async function cancelWithoutPump({ ctx, input: row }: { ctx: AppContext; input: OrderRow }): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await applyTransition({
      tx,
      input: {
        orderId: row.id,
        from: row.state,
        to: 'CANCELLED',
        now,
        actionCodeText: 'CANCELLED_BY_USER',
        description: row.authorizeAmount ? 'Cancelled before fuel flowed; the hold was released' : 'Cancelled',
      },
    });
    if (moved) await ctx.payments.release(tx, { orderId: row.id, now });
    return moved !== undefined;
  });
}

/** Hangs up the pump dispensing for an order and invoices what flowed. Shared by cancel and acquire/stop. */
export async function hangUpOrderPump({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; productId: string };
}): Promise<void> {
  await hangUp({ ctx, input: { productId: input.productId } });
  await completeDispensing({ ctx, input: { orderId: input.orderId } });
}

export async function cancelOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; orderId: string };
}): Promise<Order> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const row = await loadOwnOrderRow({ ctx, input: { orderId: input.orderId, userId: input.session.userId } });
    if (isTerminal(row.state)) throw new DomainError('conflict', 'conflict', `The order is already ${row.state}`);
    // A postpay fill is in the tank: it is paid, not cancelled (the driver pays here or at the till).
    if (row.orderType === 'POSTPAY' && row.state === 'PAYMENT_PENDING' && (row.quantityMl ?? 0) > 0) {
      throw new DomainError('conflict', 'conflict', 'The fuel has been dispensed: the order can only be paid');
    }
    if (row.state === 'PRODUCT_SUPPLYING' && row.orderType === 'POSTPAY') {
      // Fuel flows: hang up; what flowed is to be paid (PAYMENT_PENDING).
      const device = await deviceOf({ ctx, input: row });
      if (device?.state === 'DISPENSING')
        await hangUpOrderPump({ ctx, input: { orderId: row.id, productId: device.productId } });
      const after = await findOrder({ ctx, input: { orderId: row.id } });
      if (!after) throw notFound('No such order');
      return after.json;
    }
    if (!['CREATED', 'PAYMENT_PENDING', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING'].includes(row.state)) {
      throw new DomainError('conflict', 'conflict', `The order is ${row.state}: the product was already acquired`);
    }
    if (isChargeOrder(row) && row.state !== 'CREATED') {
      // EV: withdraw the session before charging (hold released), or stop a running charge (the energy is paid).
      try {
        if (!(await cancelCharge({ ctx, input: { row } })) && !(await cancelWithoutPump({ ctx, input: row }))) continue;
      } catch (err) {
        if (isDomainError(err, 'conflict')) continue;
        throw err;
      }
      const after = await findOrder({ ctx, input: { orderId: row.id } });
      if (!after) throw notFound('No such order');
      return after.json;
    }
    const device = await deviceOf({ ctx, input: row });
    try {
      if (!device || device.state === 'IDLE') {
        // No pump is busy for it — but a fill may have ended without its invoice (a fault, a failed completion):
        // invoice what flowed rather than release it all. Only an order that never had a session is simply cancelled.
        await ctx.db.update(orders).set({ cancelRequestedAt: ctx.clock.now() }).where(eq(orders.id, row.id));
        const outcome = await completeDispensing({ ctx, input: { orderId: row.id } });
        if (outcome === 'not-ended')
          throw new DomainError('conflict', 'conflict', 'The pump is still busy with this order');
        if (outcome === 'skipped' && !(await cancelWithoutPump({ ctx, input: row }))) continue; // it moved meanwhile: look again
      } else if (device.state === 'RELEASED' || device.state === 'NOZZLE_LIFTED') {
        // Nothing flowed yet: a zero fill of a cancelled order ends CANCELLED (complete-dispensing.ts).
        await ctx.db.update(orders).set({ cancelRequestedAt: ctx.clock.now() }).where(eq(orders.id, row.id));
        if (device.state === 'RELEASED') await cancelRelease({ ctx, input: { productId: device.productId } });
        else await hangUp({ ctx, input: { productId: device.productId } });
        await completeDispensing({ ctx, input: { orderId: row.id } });
      } else if (device.state === 'DISPENSING') {
        await hangUpOrderPump({ ctx, input: { orderId: row.id, productId: device.productId } });
      } else {
        // HUNG_UP: the fill is over; invoice it.
        await completeDispensing({ ctx, input: { orderId: row.id } });
      }
    } catch (err) {
      // The driver (or the simulator) moved the pump between our read and our command: look again.
      if (isDomainError(err, 'conflict')) continue;
      throw err;
    }
    const after = await findOrder({ ctx, input: { orderId: row.id } });
    if (!after) throw notFound('No such order');
    return after.json;
  }
  throw new DomainError('conflict', 'conflict', 'The order keeps changing; try again');
}
