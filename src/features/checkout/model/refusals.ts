// What the summary makes of a refused authorization (pay-flows.md §4 "Authorization failure goes to /error type
// payment"), besides the error page: refusals the driver can answer on the summary itself.
import { atPrecision } from '../../../../contract/money';
import type { PaymentMethod } from '../../../../contract/orders';
import type { PayMeans } from './pay-means';

export type SummaryRefusal =
  /** A fuel card's second factor for this order (shell-and-account.md §5): the code step, then pay again. */
  | { kind: 'secondFactor'; orderId: string | null }
  /** MB WAY beyond its mandate in a flow that does not wait for the phone (postpay, wash): another method. */
  | { kind: 'mbwayLimit' }
  | { kind: 'mbwayExpired' }
  /** The validation step's proof was missing or spent: the PIN (or biometrics) again. */
  | { kind: 'validation' }
  /**
   * The station stopped taking this method between the summary's load and the press of pay (422
   * `method_not_accepted`): explained on the summary, the driver picks another method.
   */
  | { kind: 'methodNotAccepted' };

type Refused = { status: number; details?: unknown };

/** The refusals the summary answers itself; null: the payment error page. */
export function summaryRefusal(error: Refused): SummaryRefusal | null {
  const details = (error.details ?? {}) as { reason?: unknown; orderId?: unknown };
  const reason = typeof details.reason === 'string' ? details.reason : null;
  if (error.status === 403 && reason === 'second_factor_required') {
    return { kind: 'secondFactor', orderId: typeof details.orderId === 'string' ? details.orderId : null };
  }
  if (error.status === 403 && reason === 'validation_required') return { kind: 'validation' };
  if (error.status === 422 && reason === 'mbway_limit_exceeded') return { kind: 'mbwayLimit' };
  if (error.status === 422 && reason === 'mbway_mandate_expired') return { kind: 'mbwayExpired' };
  if (error.status === 422 && reason === 'method_not_accepted') return { kind: 'methodNotAccepted' };
  return null;
}

/**
 * MB WAY in a flow that does not wait for the phone (postpay, wash): it pays only within the mandate — up to its
 * limit without PIN, while it is valid (shell-and-account.md §3). Prepay asks the phone instead (phoneApproval).
 */
export function mbwayRefusal(
  method: Pick<PaymentMethod, 'method' | 'details'> | null,
  total: { amount: number; precision: number } | null,
  now: Date,
  phoneApproval: boolean,
): SummaryRefusal | null {
  if (phoneApproval || method?.method !== 'MBWAY' || !total) return null;
  const until = method.details.mandateValidUntil;
  if (!until || new Date(until) <= now) return { kind: 'mbwayExpired' };
  const limit = method.details.limitWithoutPin;
  // Compared at the finer of the two precisions (a limit in cents, a total in cents or tenths of a cent).
  const precision = Math.max(limit?.precision ?? 0, total.precision);
  if (
    limit &&
    atPrecision(total.amount, total.precision, precision) > atPrecision(limit.amount, limit.precision, precision)
  ) {
    return { kind: 'mbwayLimit' };
  }
  return null;
}

/** What the summary does with a failed authorization (pay-flows.md §4): the pay machine's next event, or the error page. */
export type PayAnswer =
  /** No answer (offline, lost): nothing is lost, pressing pay again replays the same keys. */
  | { kind: 'noAnswer' }
  /** 422 fuel_card_data_missing: the card's step says what the server misses, and asks for it at the next press. */
  | { kind: 'fuelCardData'; details: unknown }
  /** A fuel card's second factor for this order: the code, then the same means again. */
  | { kind: 'secondFactor'; orderId: string }
  /** The proof kept from an earlier press was refused: the validation step again at once, not after another press. */
  | { kind: 'validateAgain' }
  | { kind: 'refused'; refusal: SummaryRefusal }
  /** The payment error page (or the generic one, when creating the order failed). */
  | { kind: 'failed' };

export function payAnswer(error: Refused & { code?: string }, means: PayMeans, keptProof: string | null): PayAnswer {
  if (error.status === 0) return { kind: 'noAnswer' };
  if (error.code === 'fuel_card_data_missing') return { kind: 'fuelCardData', details: error.details ?? {} };
  const refusal = summaryRefusal(error);
  if (!refusal) return { kind: 'failed' };
  if (refusal.kind === 'secondFactor') {
    return refusal.orderId && means.paymentMethodId
      ? { kind: 'secondFactor', orderId: refusal.orderId }
      : { kind: 'failed' };
  }
  if (refusal.kind === 'validation' && means.paymentProof && means.paymentProof === keptProof) {
    return { kind: 'validateAgain' };
  }
  return { kind: 'refused', refusal };
}
