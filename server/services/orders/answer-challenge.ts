// The driver answered the issuer's 3-D Secure challenge page: the right code finishes the authorization (hold, pump
// released), deny or a third wrong code fails the order. One transaction, the challenge closed in it: a double submit
// answers once.
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import {
  forecourtDevices,
  orders,
  type PspSessionRow,
  paymentLedger,
  paymentMethods,
  pspSessions,
} from '../../db/schema';
import {
  CHALLENGE_MAX_ATTEMPTS,
  challengeReturn,
  newResultIndicators,
  SANDBOX_3DS_CODE,
} from '../../psp/challenge-session';
import { expiredMbwayPayments } from '../../psp/method-pages';
import { AMOUNT_PRECISION } from '../forecourt';
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
    const [open] = await tx
      .select()
      .from(pspSessions)
      .where(and(eq(pspSessions.id, visit.id), eq(pspSessions.status, 'OPEN')))
      .for('update');
    if (!open || order.state !== 'PAYMENT_PENDING') return { kind: 'gone' };

    // The MB WAY phone (no code: approve, decline, or no answer in time) or the 3-D Secure page (a code).
    const mbway = visit.kind === 'MBWAY_PAYMENT';
    const action = mbway && open.expiresAt <= now ? 'timeout' : input.action;
    const wrong = action === 'approve' && !mbway && !input.redirect && input.code.trim() !== SANDBOX_3DS_CODE;
    if (wrong && open.attempts + 1 < CHALLENGE_MAX_ATTEMPTS) {
      await tx
        .update(pspSessions)
        .set({ attempts: sql`${pspSessions.attempts} + 1` })
        .where(eq(pspSessions.id, visit.id));
      return { kind: 'wrong-code', left: CHALLENGE_MAX_ATTEMPTS - open.attempts - 1 };
    }
    await tx.update(pspSessions).set({ status: 'DONE' }).where(eq(pspSessions.id, visit.id));
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
      await tx.insert(paymentLedger).values({
        id: newId(),
        orderId: order.id,
        kind: 'DECLINE',
        amount,
        currency: order.currency,
        precision: AMOUNT_PRECISION,
        reference: `sbx_${newId()}`,
        createdAt: now,
      });
      return { kind: 'redirect' as const, to: challengeReturn(visit, false, { errorDescription: message }) };
    };
    if (action === 'timeout') return fail(MBWAY_TIMEOUT_MESSAGE);
    if (input.redirect && action === 'deny') return fail(`Payment declined: refused in ${input.redirect.name}`);
    if (action === 'deny' || wrong) return fail(mbway ? MBWAY_DECLINED_MESSAGE : CHALLENGE_FAILED_MESSAGE);
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
      await settlePriced({ tx, input: { row: order, kind: priced, method: approved, amount, now } });
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
      to: challengeReturn(visit, true, { ...newResultIndicators(), paymentId: order.id }),
    };
  });
}

/** The simulator's tick: MB WAY payments the phone did not answer in time fail their orders (MBWAY_APPROVAL_SECONDS). */
export async function expireMbwayPayments({ ctx, input }: { ctx: AppContext; input: { now: Date } }): Promise<void> {
  for (const visit of await expiredMbwayPayments(ctx, input.now)) {
    try {
      await answerChallenge({ ctx, input: { visit, action: 'timeout', code: '' } });
    } catch (err) {
      ctx.log.error(`mbway: payment ${visit.orderId} could not be timed out`, err);
    }
  }
}
