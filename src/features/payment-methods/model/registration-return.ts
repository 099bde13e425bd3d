// Coming back from the provider's page (pay-flows.md §2 payment-return group): what the app does with
// registration / type / errorDescription. Pure, so every case is a table row in the unit tests.
import {
  MBWAY_TIMEOUT,
  PAYPAL_POPUP_CLOSED,
  REDIRECT_PROVIDERS,
  type RedirectMethod,
} from '../../../../contract/plain/payment-methods';

export type RegistrationReturn = {
  registration?: string | undefined;
  type?: string | undefined;
  method?: string | undefined;
  errorDescription?: string | undefined;
};

export type ReturnOutcome =
  /** Nothing came back: this visit starts the round trip. */
  | { kind: 'start' }
  | { kind: 'added'; method: 'card' | 'PAYPAL' | 'MBWAY' | RedirectMethod }
  | { kind: 'edited' }
  /** The driver left the provider's page: back to the list, nothing changed. */
  | { kind: 'cancelled'; paypalClosed: boolean }
  /** Error page payment_register or payment_edit (shell-and-account.md §8). */
  | { kind: 'failed'; errorType: 'payment_register' | 'payment_edit'; mbwayTimeout: boolean };

export function registrationOutcome(q: RegistrationReturn): ReturnOutcome {
  const edit = q.type === 'edit';
  switch (q.registration) {
    case undefined:
    case '':
      return { kind: 'start' };
    case 'success':
      if (edit) return { kind: 'edited' };
      return { kind: 'added', method: addedMethod(q.method) };
    case 'cancelled':
      // pay-flows.md §8 PAYPAL_POPUP_CLOSED: the PayPal window was closed without an answer.
      return { kind: 'cancelled', paypalClosed: q.errorDescription === PAYPAL_POPUP_CLOSED };
    default:
      return {
        kind: 'failed',
        errorType: edit ? 'payment_edit' : 'payment_register',
        mbwayTimeout: q.errorDescription === MBWAY_TIMEOUT,
      };
  }
}

/** The method a successful registration added: a card unless the provider said otherwise. */
function addedMethod(method: string | undefined): 'card' | 'PAYPAL' | 'MBWAY' | RedirectMethod {
  if (method === 'PAYPAL' || method === 'MBWAY') return method;
  const redirect = Object.values(REDIRECT_PROVIDERS).find((m) => m === method);
  return redirect ?? 'card';
}

/** The app's own address the provider sends the driver back to (both success and error: the query tells them apart). */
export const REGISTER_RETURN_PATH = '/profile/payments/payment-register';
