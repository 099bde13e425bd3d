// The validation step, enforced by the server (pay-flows.md §4 "Card flows show a validation step first"; §2 "PIN
// entry and fingerprint validation ... before a card payment"): a right PIN (validate_pin) or a verified passkey
// (login_webauthn) answers a proof; authorize with a saved method that needs the step takes one. A proof is random,
// stored only as its sha256, bound to the driver and valid for a few minutes. Its first authorization binds it to that
// order and amount: a refused try (the station offline, the pump taken, an unfinished 3-D Secure check) leaves it good
// for paying that same order again with that amount, so the driver does not enter the PIN twice for one payment; it
// never pays another order or another amount.
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { needsPaymentValidation } from '../../../contract/orders';
import { PAYMENT_PROOF_TTL_SECONDS } from '../../../contract/payment-methods';
import { newId, newToken, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { authChallenges } from '../../db/schema';
import { DomainError } from '../../errors';

/** After a right PIN or passkey: the proof the next authorize carries. */
export async function issuePaymentProof(ctx: AppContext, userId: string): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(authChallenges).values({
    id: newId(),
    userId,
    purpose: 'PAYMENT_PROOF',
    secret: sha256Hex(token),
    createdAt: now,
    verifiedAt: now,
    expiresAt: new Date(now.getTime() + PAYMENT_PROOF_TTL_SECONDS * 1000),
  });
  return token;
}

const required = () =>
  new DomainError('forbidden', 'forbidden', 'Confirm this payment with your payment PIN or biometrics first', {
    reason: 'validation_required',
  });

/** What a proof is asked to allow: paying this order with this amount (precision 2). */
export type ProofUse = { orderId: string; amount: number };

/**
 * The proof of this driver for a method that needs the step (null: the method skips it): unexpired, and either not
 * used yet or bound to this very order and amount. Checked before the other refusals (second factor, station) and
 * bound only once they passed.
 */
export async function checkPaymentProof({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; method: string; proof: string | undefined; now: Date; use: ProofUse };
}): Promise<string | null> {
  if (!needsPaymentValidation(input.method)) return null;
  if (!input.proof) throw required();
  const [row] = await ctx.db
    .select({ id: authChallenges.id })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.secret, sha256Hex(input.proof)),
        eq(authChallenges.userId, input.userId),
        eq(authChallenges.purpose, 'PAYMENT_PROOF'),
        gt(authChallenges.expiresAt, input.now),
        usableFor(input.use),
      ),
    );
  if (!row) throw required();
  return row.id;
}

/** Not used yet, or used for this order and amount only. */
const usableFor = (use: ProofUse) =>
  or(
    isNull(authChallenges.usedAt),
    and(eq(authChallenges.orderId, use.orderId), eq(authChallenges.amount, use.amount)),
  );

/**
 * Bind the proof to its order and amount (one guarded UPDATE: two authorizations of different orders racing with one
 * proof, one wins; the same order again passes, and its state then lets only one of them pay).
 */
export async function spendPaymentProof(ctx: AppContext, id: string | null, use: ProofUse, now: Date): Promise<void> {
  if (!id) return;
  // Kept even when the payment is refused after this (an offline station): the retry of this order needs no new PIN,
  // and the proof pays no other order or amount.
  await ctx.keep(async (on) => {
    const [spent] = await on.db
      .update(authChallenges)
      .set({ usedAt: now, orderId: use.orderId, amount: use.amount })
      .where(and(eq(authChallenges.id, id), usableFor(use)))
      .returning({ id: authChallenges.id });
    if (!spent) throw required();
  });
}
