// The driver answered the issuer's 3-D Secure challenge page: the right code finishes the authorization (hold, pump
// released), deny or a third wrong code fails the order. One transaction, the challenge closed in it: a double submit
// answers once.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { forecourtDevices, orders, type PspSessionRow, paymentMethods } from '../../db/schema';
import { holdAndRelease } from './authorize-order';
import { pricedKind, settlePriced } from './authorize-priced';
import { chargerRefusal, holdAndAuthorizeCharger, isChargeOrder } from './ev-charging';
import { applyTransition } from './transitions';

export const CHALLENGE_FAILED_MESSAGE = 'Payment declined: 3-D Secure authentication failed';
export const MBWAY_DECLINED_MESSAGE = 'Payment declined: the MB WAY payment was refused on the phone';
export const MBWAY_TIMEOUT_MESSAGE = 'Payment failed: MB WAY was not approved in time';

export type ChallengeAnswer =
  | { kind: 'redirect'; to: string }
  | { kind: 'wrong-code'; left: number }
  /** The challenge is over already (answered, expired, the order moved on). */
  | { kind: 'gone' };

export async function answerChallenge({
  ctx,
  input,
}: {
  ctx: AppContext;
  /** redirect: a Bluecode / Payconiq payment, approved or refused on that method's page (no code). */
  input: { visit: PspSessionRow; action: 'approve' | 'deny' | 'timeout'; code: string; redirect?: { name: string } };
}): Promise<ChallengeAnswer> {
  const { visit } = input;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx): Promise<ChallengeAnswer> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, visit.orderId ?? ''))
      .limit(1);
    if (!order) return { kind: 'gone' };
    // The pump first, then the order (the lock order of every pump move).
    await tx
      .select({ state: forecourtDevices.state })
      .from(forecourtDevices)
      .where(eq(forecourtDevices.productId, order.productId))
      .for('update');
    if (order.state !== 'PAYMENT_PENDING') return { kind: 'gone' };
    // The provider takes the page's answer once: a wrong code with attempts left asks again.
    const taken = await ctx.payments.takeAnswer(tx, {
      visit,
      action: input.action,
      code: input.code,
      redirect: input.redirect,
      now,
    });
    if (taken.kind !== 'answered') return taken;
    const mbway = visit.kind === 'MBWAY_PAYMENT';
    const { outcome } = taken;
    const amount = order.authorizeAmount ?? 0;
    const fail = async (message: string) => {
      await applyTransition({
        tx,
        input: {
          orderId: order.id,
          from: 'PAYMENT_PENDING',
          to: 'FAILED',
          now,
          actionCodeText: 'PAYMENT_DECLINED',
          description: `${mbway ? 'MB WAY' : (input.redirect?.name ?? '3-D Secure')}: ${message}`,
          message,
          patch: { errorMessage: message, userInteractionUrl: null },
        },
      });
      await ctx.payments.decline(tx, { orderId: order.id, amount, currency: order.currency, now });
      return {
        kind: 'redirect' as const,
        to: ctx.payments.returnTo(visit, { approved: false, errorDescription: message }),
      };
    };
    if (outcome === 'timeout') return fail(MBWAY_TIMEOUT_MESSAGE);
    if (input.redirect && outcome === 'deny') return fail(`Payment declined: refused in ${input.redirect.name}`);
    if (outcome !== 'approve') return fail(mbway ? MBWAY_DECLINED_MESSAGE : CHALLENGE_FAILED_MESSAGE);
    const [method] = await tx
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.id, order.paymentMethodId ?? ''))
      .limit(1);
    const [device] = await tx
      .select({ state: forecourtDevices.state })
      .from(forecourtDevices)
      .where(eq(forecourtDevices.productId, order.productId));
    if (!method) return fail('Payment declined: the payment method is no longer available');
    const approved = { ...method, behavior: 'approve' as const };
    // A priced order (postpay fill, wash package) waited in PAYMENT_PENDING with its total known: settle it.
    const priced = order.orderType === 'POSTPAY' ? await pricedKind(tx, order) : null;
    if (priced) {
      await settlePriced({
        tx,
        payments: ctx.payments,
        input: { row: order, kind: priced, method: approved, amount, now },
      });
    } else if (isChargeOrder(order)) {
      // EV: hold the pre-authorization and start the charger (plug in next) — unless it went offline meanwhile.
      const refused = await chargerRefusal(tx, order.productId);
      if (refused) return fail(`Payment failed: ${refused.toLowerCase()}`);
      await holdAndAuthorizeCharger({
        ctx,
        tx,
        input: { row: order, from: 'PAYMENT_PENDING', method: approved, amount, now },
      });
    } else {
      // The pump was taken while the driver answered: nothing is held, the payment fails.
      if (device && device.state !== 'IDLE') return fail('Payment failed: the pump is in use');
      await holdAndRelease({ ctx, tx, input: { row: order, from: 'PAYMENT_PENDING', method: approved, amount, now } });
    }
    return {
      kind: 'redirect',
      to: ctx.payments.returnTo(visit, { approved: true, paymentId: order.id }),
    };
  });
}

/** The simulator's tick: MB WAY payments the phone did not answer in time fail their orders (MBWAY_APPROVAL_SECONDS). */
export async function expireMbwayPayments({ ctx, input }: { ctx: AppContext; input: { now: Date } }): Promise<void> {
  for (const visit of await ctx.payments.mbway.expired(ctx, input.now)) {
    try {
      await answerChallenge({ ctx, input: { visit, action: 'timeout', code: '' } });
    } catch (err) {
      ctx.log.error(`mbway: payment ${visit.orderId} could not be timed out`, err);
    }
  }
}
