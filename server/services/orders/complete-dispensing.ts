// The forecourt session of a prepay fuel order has ended (nozzle hung up, release withdrawn, fault): the final
// volume and amount are known. Capture the amount (<= hold) and release the rest, or void the hold when nothing
// was dispensed; a zero fill after a cancel ends CANCELLED. Called right after the session ends (the forecourt's
// sessionEnded hook, by cancel and by the watchdog) AND by the reconciliation of advance-orders.ts, so it must be
// idempotent: the guarded transition lets exactly one caller win.
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtSessions, type OrderRow, orders, stationProducts } from '../../db/schema';
import { completeCharging, isChargeOrder } from './ev-charging';
import { cancelAndRelease, captureAcquired } from './hold-settle';
import { applyTransition } from './transitions';

export type CompletionOutcome = 'acquired' | 'cancelled' | 'not-ended' | 'skipped';

export async function completeDispensing({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string };
}): Promise<CompletionOutcome> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (row && isChargeOrder(row)) return completeCharging({ ctx, input: { orderId: row.id } });
  if (row?.orderType === 'POSTPAY') return completePostpayFill({ ctx, input: { row } });
  if (!row || (row.state !== 'PAYMENT_AUTHORIZED' && row.state !== 'PRODUCT_PENDING')) return 'skipped';
  const [session] = await ctx.db
    .select()
    .from(forecourtSessions)
    .where(and(eq(forecourtSessions.orderId, row.id), eq(forecourtSessions.productId, row.productId)))
    .orderBy(desc(forecourtSessions.startedAt))
    .limit(1);
  if (!session) return 'skipped';
  if (!session.endedAt) return 'not-ended';
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // The order row first (the lock order of every order step: order, then hold), read again under the lock: a cancel
    // that raced the hang-up has set cancelRequestedAt by now.
    const [current] = await tx
      .select({ cancelRequestedAt: orders.cancelRequestedAt })
      .from(orders)
      .where(eq(orders.id, row.id))
      .for('update');
    let from = row.state;
    if (from === 'PAYMENT_AUTHORIZED') {
      const moved = await applyTransition({
        tx,
        input: {
          orderId: row.id,
          from,
          to: 'PRODUCT_PENDING',
          now,
          actionCodeText: 'PUMP_RELEASED',
          description: `${row.productName} released`,
          patch: { forecourtSessionId: session.id },
        },
      });
      if (!moved) return 'skipped';
      from = 'PRODUCT_PENDING';
    }
    const amount = Math.min(session.amount, await ctx.payments.held(tx, { orderId: row.id, lock: true }));
    if (amount === 0 && current?.cancelRequestedAt) {
      const cancelled = await cancelAndRelease({
        tx,
        payments: ctx.payments,
        input: {
          row,
          from,
          now,
          actionCodeText: 'CANCELLED_BY_USER',
          description: 'Cancelled before fuel was dispensed; the hold was released',
          patch: { forecourtSessionId: session.id, quantityMl: 0 },
        },
      });
      return cancelled ? 'cancelled' : 'skipped';
    }
    const litres = (session.quantity / 1000).toFixed(2);
    // The fill's price stays the order's total before discounts; the card is charged the total after them.
    const acquired = await captureAcquired({
      tx,
      payments: ctx.payments,
      input: {
        row,
        from,
        now,
        amount,
        productType: 'GAS',
        quantityMilli: session.quantity,
        description:
          amount > 0 ? `${litres} l dispensed; ${amount} captured` : 'Nothing was dispensed; the hold was voided',
        patch: { forecourtSessionId: session.id, quantityMl: session.quantity, totalAmount: amount },
      },
    });
    return acquired ? 'acquired' : 'skipped';
  });
}

/**
 * A postpay fill ended (pay-flows.md §4 Postpay flow): what flowed is what the driver pays, so the order waits for its
 * payment (PAYMENT_PENDING, the fill's fuel, litres and amount on it). Nothing flowed: nothing to pay, CANCELLED.
 */
async function completePostpayFill({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { row: OrderRow };
}): Promise<CompletionOutcome> {
  const { row } = input;
  if (row.state !== 'PRODUCT_PENDING' && row.state !== 'PRODUCT_SUPPLYING') return 'skipped';
  const [session] = await ctx.db
    .select()
    .from(forecourtSessions)
    .where(and(eq(forecourtSessions.orderId, row.id), eq(forecourtSessions.productId, row.productId)))
    .orderBy(desc(forecourtSessions.startedAt))
    .limit(1);
  if (!session) return 'skipped';
  if (!session.endedAt) return 'not-ended';
  const now = ctx.clock.now();
  if (session.amount === 0) {
    const moved = await ctx.db.transaction((tx) =>
      applyTransition({
        tx,
        input: {
          orderId: row.id,
          from: row.state,
          to: 'CANCELLED',
          now,
          actionCodeText: row.cancelRequestedAt ? 'CANCELLED_BY_USER' : 'NOTHING_DISPENSED',
          description: 'The nozzle went back before fuel was dispensed: nothing to pay',
          patch: { forecourtSessionId: session.id, quantityMl: 0, totalAmount: 0 },
        },
      }),
    );
    return moved ? 'cancelled' : 'skipped';
  }
  // The fuel the driver actually took (the nozzle decides, not the app).
  const [product] = await ctx.db
    .select({ items: stationProducts.items })
    .from(stationProducts)
    .where(eq(stationProducts.id, row.productId));
  const item = product?.items.find((i) => i.itemCode === session.itemCode);
  const litres = (session.quantity / 1000).toFixed(2);
  const moved = await ctx.db.transaction((tx) =>
    applyTransition({
      tx,
      input: {
        orderId: row.id,
        from: row.state,
        to: 'PAYMENT_PENDING',
        now,
        actionCodeText: 'PAYMENT_PENDING',
        description: `${litres} l dispensed; ${session.amount} to pay`,
        patch: {
          forecourtSessionId: session.id,
          quantityMl: session.quantity,
          totalAmount: session.amount,
          ...(item
            ? {
                itemCode: item.itemCode,
                itemName: item.marketingName,
                unit: item.unit ?? row.unit,
                unitPrice: item.price,
                unitPrecision: item.precision,
              }
            : {}),
        },
      },
    }),
  );
  return moved ? 'acquired' : 'skipped';
}
