// Paying (pay-flows.md §4 Prepay flow: summary → authorize): create the order and authorize the amount with the
// attempt's idempotency keys, as one mutation registered once at boot (registerCheckoutMutations).
import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { AuthorizeBody, Order } from '../../../contract/orders';
import { isTerminal } from '../../../contract/plain/orders';
import type { Currency } from '../../../contract/plain/stations';
import { ApiError } from '../../lib/http/errors';
import { authorizeOrder, createOrder, fetchOrder } from '../orders/queries';
import { stationKeys } from '../stations/queries';
import { type Attempt, attemptFor, authorizeKeyFor, type Selection, sameSelection } from './model/attempt';
import { meansKey } from './model/pay-means';
import { type SummaryRefusal, summaryRefusal } from './model/refusals';
import { readAttempt, writeAttempt } from './store';

/** The attempt is over (finished, cancelled, failed for good): the next payment gets new keys. */
export function endAttempt(): void {
  writeAttempt(null);
}

export type PrepayInput = Selection & {
  /** A saved method, or a device wallet's token (then paymentToken and userDetails). */
  paymentMethodId?: string;
  /** The validation step's proof (PIN or biometrics), for a card flow. */
  paymentProof?: string;
  paymentToken?: AuthorizeBody['paymentToken'];
  userDetails?: AuthorizeBody['userDetails'];
  thingId: string | null;
  /** The odometer screen's reading in metres (pay-flows.md §7 "optional carOdometerM"); absent when refused. */
  carOdometerM?: number;
  partner?: string;
  /**
   * Where the card issuer's 3-D Secure page sends the driver back (pay-flows.md §4 "a redirect when user interaction is
   * required"): the fueling page (its orderId is set here once the order exists) and the payment error page.
   */
  returnTo?: { success: string; error: string };
};

/** The success address of the 3-D Secure round trip: the fueling page of this order. */
function withOrderId(href: string, orderId: string): string {
  const url = new URL(href, window.location.origin);
  url.searchParams.set('orderId', orderId);
  return url.toString();
}

/**
 * Pay for a prepay pump. Pressing pay again, a retry or a reload after a lost answer replays the first result
 * instead of paying twice.
 */
export async function payPrepay(input: PrepayInput): Promise<Order> {
  const newKey = () => crypto.randomUUID();
  const stored = readAttempt();
  // An attempt whose order has ended (paid and fuelled, declined, cancelled) is spent: paying again is a new order.
  // Without an answer we cannot tell, so the attempt is kept and its keys replay (a lost answer never pays twice).
  let orderEnded = false;
  if (stored?.orderId && sameSelection(stored.selection, input)) {
    try {
      const current = await fetchOrder(stored.orderId);
      orderEnded = isTerminal(current.state);
      // Already paid (the answer was lost): this is the order to follow, whatever the server remembers of the keys.
      if (!orderEnded && current.state !== 'CREATED') return current;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      orderEnded = true;
    }
  }
  try {
    return await payAttempt(input, attemptFor(stored, input, Date.now(), newKey, orderEnded), newKey);
  } catch (error) {
    // Refused (the pump was taken meanwhile, …): the next try is a new attempt, not a replay of this one. Without an
    // answer (status 0) the attempt stays, so pressing pay again replays its keys.
    // A fuel card's second factor (or the PIN's proof) is answered on the summary and the same order paid then:
    // that attempt goes on.
    const answered = error instanceof ApiError && summaryRefusal(error);
    const goesOn = answered && (answered.kind === 'secondFactor' || answered.kind === 'validation');
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !goesOn) endAttempt();
    throw error;
  }
}

/** Create and authorize with the attempt's keys. */
async function payAttempt(input: PrepayInput, attempt: Attempt, newKey: () => string): Promise<Order> {
  writeAttempt(attempt);
  const created = await createOrder(
    {
      poiId: input.pid,
      thingId: input.thingId,
      autoAcquire: true,
      products: [{ productId: input.productId, fuelTypeId: input.fuelTypeId }],
      ...(input.carOdometerM !== undefined ? { carOdometerM: input.carOdometerM } : {}),
    },
    attempt.createKey,
    input.partner,
  );
  const authorizeKey = authorizeKeyFor({ ...attempt, orderId: created._id }, meansKey(input), newKey);
  writeAttempt(authorizeKey.attempt);
  const authorized = await authorizeOrder(
    created._id,
    {
      authorizePrice: { amount: input.amount, currency: input.currency as Currency, precision: input.precision },
      ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {}),
      ...(input.paymentProof ? { paymentProof: input.paymentProof } : {}),
      ...(input.paymentToken ? { paymentToken: input.paymentToken } : {}),
      ...(input.userDetails ? { userDetails: input.userDetails } : {}),
      ...(input.returnTo
        ? {
            userInteraction: {
              urls: {
                success: withOrderId(input.returnTo.success, created._id),
                error: new URL(input.returnTo.error, window.location.origin).toString(),
              },
            },
          }
        : {}),
    },
    authorizeKey.key,
  );
  // A declined card ends the order (FAILED): the next try starts anew.
  if (isTerminal(authorized.state)) endAttempt();
  return authorized;
}

/**
 * What a refusal the summary answers itself changes besides its notice: a station that no longer takes the method
 * (method_not_accepted) is loaded again, so the summary's own rules (poiRejectedPM: its notice, the pay button) see
 * the station as it is now rather than at its next poll or event.
 */
export function afterRefusal(client: QueryClient, refusal: SummaryRefusal, stationId: string | undefined): void {
  if (refusal.kind === 'methodNotAccepted' && stationId) {
    void client.invalidateQueries({ queryKey: stationKeys.detail(stationId) });
  }
}

export const checkoutMutations = {
  payPrepay: ['checkout', 'pay-prepay'] as const,
};

/** The writes of this area; called once with the app's query client at boot. */
export function registerCheckoutMutations(client: QueryClient): void {
  client.setMutationDefaults(checkoutMutations.payPrepay, { mutationFn: payPrepay });
}

export const usePayPrepay = () =>
  useMutation<Order, ApiError, PrepayInput>({ mutationKey: checkoutMutations.payPrepay });
