// Callback handling for host apps (pay-flows.md §4 Callback handling, §5). Which callbacks are valid is the shared
// rule of contract/host-apps.ts (https, an allowed host-app origin, the literal "true"): no open redirect.
import { type CallbackPolicy, isAllowedCallback } from '../../contract/plain/host-apps';

/** Where a callback of the literal "true" leads: the embedding SDK's finish address. */
export const SDK_FINISH_URL = '/sdk/finish';

export class InvalidCallbackError extends Error {
  constructor() {
    super('Invalid callback parameter.');
    this.name = 'InvalidCallbackError';
  }
}

/**
 * "A callback of the literal true leads to a finish address of the embedding SDK; a valid URL is used as is;
 *  anything else raises 'Invalid callback parameter.' If payment data is given it is added to the callback as
 *  paymentData, encoded as JSON." Valid means allowed by the host-app allowlist.
 */
export function callbackUrl(callback: string, paymentData: unknown, origin: string, policy: CallbackPolicy): string {
  if (!isAllowedCallback(callback, policy)) throw new InvalidCallbackError();
  const url = callback === 'true' ? new URL(SDK_FINISH_URL, origin) : new URL(callback);
  if (paymentData !== undefined) url.searchParams.set('paymentData', JSON.stringify(paymentData));
  return url.toString();
}
