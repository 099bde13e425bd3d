// Run on each simulator tick (through the forecourt's tick hook): moves fuel orders on from what the forecourt
// says. Also the crash-safety net: an order whose pump session ended while the server was down (or whose completion
// failed) is found here and acquired; acquired orders become READY_FOR_INVOICE, then COMPLETED, a few simulated
// seconds apart.
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices, forecourtSessions, orders } from '../../db/schema';
import { expireMbwayPayments } from './answer-challenge';
import { completeDispensing } from './complete-dispensing';
import { EXPIRED_MESSAGE, INVOICE_STEP_S } from './constants';
import { applyTransition } from './transitions';

export async function advanceOrders({ ctx, input = {} }: { ctx: AppContext; input?: { now?: Date } }): Promise<void> {
  const now = input.now ?? ctx.clock.now();
  // 1. Sessions that ended without their order being acquired (sessionEnded did not run, or failed).
  const ended = await ctx.db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(forecourtSessions, eq(forecourtSessions.orderId, orders.id))
    .where(
      and(
        inArray(orders.state, ['PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'PRODUCT_SUPPLYING']),
        isNotNull(forecourtSessions.endedAt),
      ),
    );
  for (const { id } of ended)
    await each({ ctx, input: { orderId: id }, step: () => completeDispensing({ ctx, input: { orderId: id } }) });

  // 2. A postpay fill under way: fuel flows (PRODUCT_SUPPLYING), the app shows it.
  const flowing = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(forecourtDevices, eq(forecourtDevices.orderId, orders.id))
    .where(
      and(
        eq(orders.state, 'PRODUCT_PENDING'),
        eq(orders.orderType, 'POSTPAY'),
        eq(forecourtDevices.state, 'DISPENSING'),
      ),
    );
  for (const { id } of flowing) {
    await each({
      ctx,
      input: { orderId: id },
      step: () =>
        ctx.db.transaction((tx) =>
          applyTransition({
            tx,
            input: {
              orderId: id,
              from: 'PRODUCT_PENDING',
              to: 'PRODUCT_SUPPLYING',
              now,
              actionCodeText: 'FUELLING',
              description: 'Fuel is flowing',
            },
          }),
        ),
    });
  }

  // 3. An unpaid postpay order expires (pay-flows.md §4 Postpay flow: "if the order is FAILED and its message
  // contains expired, show the expired-order error").
  // A station may have its own expiry (TEST_KNOBS): the query takes the shortest, each order is held to its station's.
  const expiryOf = (poiId: string) => ctx.knobs.postpayExpirySeconds.get(poiId) ?? ctx.env.postpayExpirySeconds;
  const shortest = Math.min(ctx.env.postpayExpirySeconds, ...ctx.knobs.postpayExpirySeconds.values());
  const unpaid = await ctx.db
    .select({ id: orders.id, poiId: orders.poiId, since: orders.stateChangedAt })
    .from(orders)
    .where(
      and(
        eq(orders.state, 'PAYMENT_PENDING'),
        eq(orders.orderType, 'POSTPAY'),
        lt(orders.stateChangedAt, new Date(now.getTime() - shortest * 1000)),
      ),
    );
  for (const { id, poiId, since } of unpaid) {
    const expirySeconds = expiryOf(poiId);
    if (since.getTime() >= now.getTime() - expirySeconds * 1000) continue;
    await each({
      ctx,
      input: { orderId: id },
      step: () =>
        ctx.db.transaction((tx) =>
          applyTransition({
            tx,
            input: {
              orderId: id,
              from: 'PAYMENT_PENDING',
              to: 'FAILED',
              now,
              actionCodeText: 'ORDER_EXPIRED',
              description: `Not paid within ${expirySeconds} s`,
              message: EXPIRED_MESSAGE,
              patch: { errorMessage: EXPIRED_MESSAGE },
            },
          }),
        ),
    });
  }

  // 3b. An MB WAY payment the phone did not approve in time fails (issue 11).
  await expireMbwayPayments({ ctx, input: { now } });

  // 4. The invoice steps, for every product (fuel, wash).
  const speed = ctx.env.forecourt.speed;
  const steps = [
    { from: 'PRODUCT_ACQUIRED', to: 'READY_FOR_INVOICE', after: INVOICE_STEP_S.readyForInvoice },
    { from: 'READY_FOR_INVOICE', to: 'COMPLETED', after: INVOICE_STEP_S.completed },
  ] as const;
  for (const step of steps) {
    const due = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.state, step.from),
          lt(orders.stateChangedAt, new Date(now.getTime() - (step.after * 1000) / speed + 1)),
        ),
      );
    for (const { id } of due) {
      await each({
        ctx,
        input: { orderId: id },
        step: () =>
          ctx.db.transaction((tx) =>
            applyTransition({
              tx,
              input: {
                orderId: id,
                from: step.from,
                to: step.to,
                now,
                actionCodeText: step.to,
                description: step.to === 'COMPLETED' ? 'Invoice issued' : 'Ready for invoice',
              },
            }),
          ),
      });
    }
  }
}

/** One order's step: a failure is logged and retried by the next tick, and does not hold up the other orders. */
async function each({
  ctx,
  input,
  step,
}: {
  ctx: AppContext;
  input: { orderId: string };
  step: () => Promise<unknown>;
}): Promise<void> {
  const { orderId } = input;
  try {
    await step();
  } catch (err) {
    ctx.log.error(`advance-orders: order ${orderId} failed; the next tick tries again`, err);
  }
}
