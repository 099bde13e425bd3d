// Paying as data (pay-flows.md §4 Checkout state machine, validation step, 3-D Secure, second factor): one press of pay
// walks choosing → validating (PIN | biometric | fuel-card data | a wallet's sheet) → authorizing → awaiting the issuer
// (3-D Secure) | second factor → refused(kind) | paid. `transition(state, event)` is the whole rule: an impossible move
// returns the same state (the same object), so a late or doubled effect cannot jump the flow. The effects (sheets, PIN,
// WebAuthn, the issuer's page, Amazon's return) live in the hook that sends the events.
import type { Order } from '../../../../contract/orders';
import type { PayMeans } from './pay-means';
import type { SummaryRefusal } from './refusals';
import type { WalletId } from './wallets';

/** What the driver is asked before the authorization (the validation step, a fuel card's data, a wallet's sheet). */
export type ValidationStep =
  | { type: 'pin' }
  | { type: 'biometric' }
  | { type: 'fuelCard' }
  | { type: 'wallet'; wallet: WalletId };

/** Why a press of pay ended on the summary (or, for `failed`, on the error page). */
export type Refusal =
  | SummaryRefusal
  /** No answer (offline, lost): nothing is lost, pressing pay again replays the same keys. */
  | { kind: 'noAnswer' }
  /** The driver came back from the issuer's page without answering: nothing charged, pay again or continue it. */
  | { kind: 'challengeAbandoned'; start: string }
  /** The server refused the chosen fuel card (422 fuel_card_data_missing): its step says what is missing. */
  | { kind: 'fuelCardData'; details: unknown }
  /** Anything else: the payment error page (or the generic one, when creating the order failed). */
  | { kind: 'failed' };

export type PayState =
  | { kind: 'choosing' }
  | { kind: 'validating'; step: ValidationStep }
  | { kind: 'authorizing'; means: PayMeans }
  | { kind: 'awaitingIssuer'; start: string }
  | { kind: 'secondFactor'; orderId: string; means: PayMeans }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'paid'; order: Order };

export type PayEvent =
  /** Another method was picked: a refusal about the last one is over. */
  | { type: 'CHOOSE' }
  /** Pay was pressed (or a step led to the next one): ask this first. */
  | { type: 'ASK'; step: ValidationStep }
  /** The means are complete (a saved method with its proof, a wallet's token): authorize. */
  | { type: 'AUTHORIZE'; means: PayMeans }
  /** A sheet was closed, a wallet cancelled, biometrics declined without a PIN to fall back to. */
  | { type: 'CANCEL' }
  /** The order waits for the driver on the issuer's page (3-D Secure). */
  | { type: 'ISSUER'; start: string }
  /** Back on the summary from the issuer's page without an answer. */
  | { type: 'ABANDONED'; start: string }
  | { type: 'SECOND_FACTOR'; orderId: string }
  | { type: 'REFUSED'; refusal: Refusal }
  | { type: 'PAID'; order: Order };

export const PAY_STATES = [
  'choosing',
  'validating',
  'authorizing',
  'awaitingIssuer',
  'secondFactor',
  'refused',
  'paid',
] as const satisfies readonly PayState['kind'][];

export const initialPayState: PayState = { kind: 'choosing' };

/** Where the driver may start a new press of pay (the pay button is live there). */
const idle = (s: PayState) => s.kind === 'choosing' || s.kind === 'refused';

/** The validation steps that may follow one another: fuel-card data before the PIN, the PIN when biometrics fail. */
function mayFollow(from: ValidationStep, to: ValidationStep): boolean {
  if (from.type === 'fuelCard') return to.type === 'pin' || to.type === 'biometric';
  if (from.type === 'biometric') return to.type === 'pin';
  return false;
}

export function transition(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'CHOOSE':
      return state.kind === 'refused' ? { kind: 'choosing' } : state;
    case 'ASK':
      if (idle(state) || (state.kind === 'validating' && mayFollow(state.step, event.step))) {
        return { kind: 'validating', step: event.step };
      }
      return state;
    case 'AUTHORIZE':
      // A second factor's code allows the same means once more; a validation step ends in its means.
      if (idle(state) || state.kind === 'validating' || state.kind === 'secondFactor') {
        return { kind: 'authorizing', means: event.means };
      }
      return state;
    case 'CANCEL':
      return state.kind === 'validating' || state.kind === 'secondFactor' ? { kind: 'choosing' } : state;
    case 'ISSUER':
      // Authorizing answered "the issuer first"; or the summary opened on an order that already waits there.
      return state.kind === 'authorizing' || state.kind === 'choosing'
        ? { kind: 'awaitingIssuer', start: event.start }
        : state;
    case 'ABANDONED':
      return state.kind === 'awaitingIssuer' || state.kind === 'choosing'
        ? { kind: 'refused', refusal: { kind: 'challengeAbandoned', start: event.start } }
        : state;
    case 'SECOND_FACTOR':
      return state.kind === 'authorizing'
        ? { kind: 'secondFactor', orderId: event.orderId, means: state.means }
        : state;
    case 'REFUSED':
      // A wallet's sheet that failed (not cancelled) is refused too: the payment error page.
      return state.kind === 'authorizing' || (state.kind === 'validating' && state.step.type === 'wallet')
        ? { kind: 'refused', refusal: event.refusal }
        : state;
    case 'PAID':
      return state.kind === 'authorizing' ? { kind: 'paid', order: event.order } : state;
  }
}

/** A press of pay is under way: the pay button shows it, wallets wait. */
export const isBusy = (s: PayState): boolean =>
  s.kind === 'authorizing' || s.kind === 'awaitingIssuer' || (s.kind === 'validating' && s.step.type === 'wallet');
