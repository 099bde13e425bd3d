// The validation step, enforced by the server (pay-flows.md §4 "Card flows show a validation step first"; §2 "PIN
// entry and fingerprint validation ... before a card payment"): a right PIN (validate_pin) or a verified passkey
// (login_webauthn) answers a proof; authorize with a saved method that needs the step takes one. A proof is random,
// stored only as its sha256, bound to the driver, valid for a few minutes and spent by the authorization it allowed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { needsPaymentValidation } from '../../../src/contract/orders';
import { PAYMENT_PROOF_TTL_SECONDS } from '../../../src/contract/payment-methods';
import { newId, newToken, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { authChallenges } from '../../db/schema';
import { ApiError } from '../../errors';

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
  new ApiError(403, 'forbidden', 'Confirm this payment with your payment PIN or biometrics first', {
    reason: 'validation_required',
  });

/**
 * The open proof of this driver for a method that needs the step (null: the method skips it). Checked before the
 * other refusals (second factor, station) and spent only once they passed: a refused authorize keeps it.
 */
export async function checkPaymentProof({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; method: string; proof: string | undefined; now: Date };
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
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, input.now),
      ),
    );
  if (!row) throw required();
  return row.id;
}

/** Spend the proof (one guarded UPDATE: two authorizations racing with one proof, one wins). */
export async function spendPaymentProof(ctx: AppContext, id: string | null, now: Date): Promise<void> {
  if (!id) return;
  const [spent] = await ctx.db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  if (!spent) throw required();
}
