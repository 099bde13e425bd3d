// What pays an order, as the authorize payload carries it (pay-flows.md §3 Authorize payload) without the price: a
// saved method, or a device wallet's token with the email and billing address the wallet gave; and where the card
// issuer's 3-D Secure page (or a wallet's redirect) sends the driver back.
import type { AuthorizeBody, Order } from '../../../../contract/orders';

export type PayMeans = Omit<AuthorizeBody, 'authorizePrice'>;

/** The idempotency key's scope: one per saved method, one per wallet token (a new wallet sheet, a new token). */
export function meansKey(means: PayMeans): string {
  const t = means.paymentToken;
  return means.paymentMethodId ?? t?.googlePayToken ?? t?.applePayToken ?? t?.amazonPayToken ?? 'preferred';
}

/** The issuer's page to visit before the payment goes on (3-D Secure), if any. */
export function interactionStart(order: Pick<Order, 'userInteraction'>): string | null {
  return order.userInteraction?.isRequired ? (order.userInteraction.urls?.start ?? null) : null;
}

/** An authorization that ended the order: the payment error page (pay-flows.md §8). */
export const paymentFailed = (order: Pick<Order, 'state'>): boolean =>
  order.state === 'FAILED' || order.state === 'REJECTED' || order.state === 'CANCELLED' || order.state === 'PROBLEM';
