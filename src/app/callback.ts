// Callback handling for host apps (pay-flows.md §4 Callback handling, §5).

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
 *  paymentData, encoded as JSON."
 */
export function callbackUrl(callback: string, paymentData?: unknown, origin = 'http://localhost'): string {
  let url: URL;
  if (callback === 'true') {
    url = new URL(SDK_FINISH_URL, origin);
  } else {
    try {
      url = new URL(callback);
    } catch {
      throw new InvalidCallbackError();
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:' && !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) {
      throw new InvalidCallbackError();
    }
    // A javascript: URL would run in our origin: never a valid callback.
    if (url.protocol === 'javascript:' || url.protocol === 'data:') throw new InvalidCallbackError();
  }
  if (paymentData !== undefined) url.searchParams.set('paymentData', JSON.stringify(paymentData));
  return url.toString();
}

export function isValidCallback(callback: string | undefined): boolean {
  if (callback === undefined) return false;
  try {
    callbackUrl(callback);
    return true;
  } catch {
    return false;
  }
}
