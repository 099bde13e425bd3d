// Paying (pay-flows.md §4): every flow's payment is one mutation, payOrder (pay-order.ts), registered once at boot
// (registerCheckoutMutations) so a paused payment resumes after a reload. Its code loads with the first press of pay.
import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders';
import type { ApiError } from '../../lib/http/errors';
import { authorizeOrder, createOrder, fetchOrder } from '../orders/queries';
import { stationKeys } from '../stations/queries';
import type { SummaryRefusal } from './model/refusals';
import type { PayOrderInput, PayPorts } from './pay-order';
import { readAttempt, writeAttempt } from './store';

export type { PayFlow, PayOrderInput } from './pay-order';
export { renewAuthorization } from './store';

/** The attempt is over (finished, cancelled, failed for good): the next payment gets new keys. */
export function endAttempt(): void {
  writeAttempt(null);
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

/** What payOrder pays with: the order calls, and the one idempotency-key store (the attempt in local storage). */
const ports: PayPorts = { createOrder, authorizeOrder, fetchOrder, readAttempt, writeAttempt };

export const checkoutMutations = {
  pay: ['checkout', 'pay-order'] as const,
};

/** The writes of this area; called once with the app's query client at boot. */
export function registerCheckoutMutations(client: QueryClient): void {
  client.setMutationDefaults(checkoutMutations.pay, {
    mutationFn: async ({ flow, means }: PayOrderInput) => (await import('./pay-order')).payOrder(ports, flow, means),
  });
}

/** Pay an order of any flow (prepay, EV, gift card, postpay, wash). */
export const usePayOrder = () => useMutation<Order, ApiError, PayOrderInput>({ mutationKey: checkoutMutations.pay });
