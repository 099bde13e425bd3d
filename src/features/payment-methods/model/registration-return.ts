// Coming back from the provider's page (pay-flows.md §2 payment-return group): what the app does with
// registration / type / errorDescription. Pure, so every case is a table row in the unit tests.

export type RegistrationReturn = { registration?: string | undefined; type?: string | undefined };

export type ReturnOutcome =
  /** Nothing came back: this visit starts the round trip. */
  | { kind: 'start' }
  | { kind: 'added' }
  | { kind: 'edited' }
  /** The driver left the provider's page: back to the list, nothing changed. */
  | { kind: 'cancelled' }
  /** Error page payment_register or payment_edit (shell-and-account.md §8). */
  | { kind: 'failed'; errorType: 'payment_register' | 'payment_edit' };

export function registrationOutcome(q: RegistrationReturn): ReturnOutcome {
  const edit = q.type === 'edit';
  switch (q.registration) {
    case undefined:
    case '':
      return { kind: 'start' };
    case 'success':
      return { kind: edit ? 'edited' : 'added' };
    case 'cancelled':
      return { kind: 'cancelled' };
    default:
      return { kind: 'failed', errorType: edit ? 'payment_edit' : 'payment_register' };
  }
}

/** The app's own address the provider sends the driver back to (both success and error: the query tells them apart). */
export const REGISTER_RETURN_PATH = '/profile/payments/payment-register';
