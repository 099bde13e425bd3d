// The sandbox payment provider as the adapter of the payment port (server/payment-provider.ts): test-card behaviors,
// holds and the ledger in our database, the 3-D Secure challenge page (code SANDBOX_3DS_CODE) and the MB WAY phone.
// The order services reach it only as ctx.payments (server/create-context.ts wires it).
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../auth/crypto';
import { paymentHolds, paymentLedger, pspSessions } from '../db/schema';
import { AMOUNT_PRECISION } from '../money';
import type { PaymentProvider } from '../payment-provider';
import { authorizeHold } from './authorize-hold';
import {
  CHALLENGE_MAX_ATTEMPTS,
  challengeReturn,
  closeOpenChallenges,
  newResultIndicators,
  openChallenge,
  SANDBOX_3DS_CODE,
} from './challenge-session';
import { expiredMbwayPayments, mbwayNeedsApproval, openMbwayPayment } from './method-pages';
import { releaseHold } from './release-hold';
import { settleHold } from './settle-hold';
import { DECLINE_REASONS } from './test-cards';
import { walletTokenBehavior } from './wallet-tokens';

export const sandboxProvider: PaymentProvider = {
  verdict(method) {
    const reason = DECLINE_REASONS[method.behavior];
    if (reason) return { kind: 'decline', reason };
    return method.behavior === 'challenge' ? { kind: 'challenge' } : { kind: 'approve' };
  },
  walletBehavior: walletTokenBehavior,
  hold: (tx, input) => authorizeHold({ tx, input }),
  capture: (tx, input) => settleHold({ tx, input }),
  release: (tx, input) => releaseHold({ tx, input }),
  async held(db, input) {
    const query = db
      .select({ held: paymentHolds.held })
      .from(paymentHolds)
      .where(eq(paymentHolds.orderId, input.orderId));
    const [hold] = input.lock ? await query.for('update') : await query;
    return hold?.held ?? 0;
  },
  async decline(tx, input) {
    await tx.insert(paymentLedger).values({
      id: newId(),
      orderId: input.orderId,
      kind: 'DECLINE',
      amount: input.amount,
      currency: input.currency,
      precision: AMOUNT_PRECISION,
      reference: `sbx_${newId()}`,
      createdAt: input.now,
    });
  },
  openChallenge: (ctx, tx, input) => openChallenge({ ctx, tx, input }),
  closeChallenges: (tx, input) => closeOpenChallenges({ tx, input }),
  async takeAnswer(tx, input) {
    const { visit } = input;
    const [open] = await tx
      .select()
      .from(pspSessions)
      .where(and(eq(pspSessions.id, visit.id), eq(pspSessions.status, 'OPEN')))
      .for('update');
    if (!open) return { kind: 'gone' };
    // The MB WAY phone (no code: approve, decline, or no answer in time), a redirect method's page (approve or deny)
    // or the 3-D Secure page (a code).
    const mbway = visit.kind === 'MBWAY_PAYMENT';
    if (mbway && open.expiresAt <= input.now) return close(tx, visit.id, 'timeout');
    if (input.action !== 'approve') return close(tx, visit.id, input.action);
    const wrong = !mbway && !input.redirect && input.code.trim() !== SANDBOX_3DS_CODE;
    if (!wrong) return close(tx, visit.id, 'approve');
    if (open.attempts + 1 < CHALLENGE_MAX_ATTEMPTS) {
      await tx
        .update(pspSessions)
        .set({ attempts: sql`${pspSessions.attempts} + 1` })
        .where(eq(pspSessions.id, visit.id));
      return { kind: 'wrong-code', left: CHALLENGE_MAX_ATTEMPTS - open.attempts - 1 };
    }
    return close(tx, visit.id, 'failed');
  },
  returnTo(visit, outcome) {
    return outcome.approved
      ? challengeReturn(visit, true, { ...newResultIndicators(), paymentId: outcome.paymentId })
      : challengeReturn(visit, false, { errorDescription: outcome.errorDescription });
  },
  mbway: {
    needsApproval: mbwayNeedsApproval,
    openPayment: (ctx, tx, input) => openMbwayPayment({ ctx, tx, input }),
    expired: expiredMbwayPayments,
  },
};

async function close(
  tx: Parameters<PaymentProvider['takeAnswer']>[0],
  id: string,
  outcome: 'approve' | 'deny' | 'timeout' | 'failed',
) {
  await tx.update(pspSessions).set({ status: 'DONE' }).where(eq(pspSessions.id, id));
  return { kind: 'answered' as const, outcome };
}
