// The validation step's proof, kept on the summary for the next press of pay (issue 11): a refusal the driver answers
// on the summary (another method after method_not_accepted, a fuel card's code) does not ask for the PIN again. The
// server decides what a proof may still pay (unexpired; unused, or bound to that order and amount); the app only
// stops offering one it knows to be expired.
import { PAYMENT_PROOF_TTL_SECONDS } from '../../../../contract/plain/payment-methods';

export type KeptProof = { proof: string; obtainedAt: number };

/** What a request needs to reach the server: a proof this close to its end is not offered (the PIN is asked instead). */
export const PROOF_MARGIN_MS = 30_000;

/** The kept proof while the server would still take it, else null (the validation step runs again). */
export function reusableProof(kept: KeptProof | null, now: number): string | null {
  if (!kept) return null;
  const age = now - kept.obtainedAt;
  return age >= 0 && age < PAYMENT_PROOF_TTL_SECONDS * 1000 - PROOF_MARGIN_MS ? kept.proof : null;
}
