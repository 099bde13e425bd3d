// The checkout rules of pay-flows.md §4 (Checkout state machine) and §5 (pay button, wallet buttons), as pure data:
// idle → loaded (the station is fetched) → guest | user, each with its outcome; a payment change re-evaluates the
// user. No React, no fetch: the summary feeds it what it knows.
import type { PaymentMethod } from '../../../../contract/orders';
import { needsValidation } from './validation-step';

/** The device wallets this browser can pay with (Payment Request / the wallet SDKs answer this). */
export type DeviceWallets = { googlePay: boolean; applePay: boolean };
export type CheckoutStation = { guestCheckout: boolean; supportedPaymentMeans: readonly string[] };

export type GuestOutcome =
  | { kind: 'allowed'; wallet: 'GOOGLE_PAY' | 'APPLE_PAY' }
  | { kind: 'guestRequireAuth' }
  | { kind: 'deviceRejectedPM' }
  | { kind: 'poiRejectedPM' };
export type UserOutcome =
  | { kind: 'allowed' }
  | { kind: 'noPM' }
  | { kind: 'poiRejectedPM' }
  | { kind: 'deviceRejectedPM' };

export type CheckoutState =
  | { kind: 'idle' }
  | { kind: 'loaded'; station: CheckoutStation }
  | { kind: 'guest'; station: CheckoutStation; outcome: GuestOutcome }
  | {
      kind: 'user';
      station: CheckoutStation;
      methods: readonly PaymentMethod[];
      method: PaymentMethod | null;
      outcome: UserOutcome;
    };

export type CheckoutEvent =
  | { type: 'STATION_LOADED'; station: CheckoutStation }
  | { type: 'GUEST' }
  | { type: 'USER'; methods: readonly PaymentMethod[]; method: PaymentMethod | null }
  | { type: 'PAYMENT_CHANGED'; method: PaymentMethod | null };

/** pay-flows.md §5: "MAESTRO and AMERICAN_EXPRESS count as direct credit in the station's methods". */
export function stationTakes(station: CheckoutStation, method: PaymentMethod['method']): boolean {
  const means = station.supportedPaymentMeans.map((m) =>
    m === 'MAESTRO' || m === 'AMERICAN_EXPRESS' ? 'DIRECT_CREDIT' : m,
  );
  // A card registered as CREDIT_CARD is a card too: a station that takes cards (DIRECT_CREDIT) takes it (our reading).
  if (method === 'CREDIT_CARD') return means.includes('CREDIT_CARD') || means.includes('DIRECT_CREDIT');
  return means.includes(method);
}

/** "Google Pay and Apple Pay methods are removed when the device does not support them"; the server's flag too. */
export function onDevice(method: Pick<PaymentMethod, 'method' | 'isPMSupportedOnDevice'>, device: DeviceWallets) {
  if (method.isPMSupportedOnDevice === false) return false;
  if (method.method === 'GOOGLE_PAY') return device.googlePay;
  if (method.method === 'APPLE_PAY') return device.applePay;
  return true;
}

/** Guest outcomes: a guest pays only by a device wallet at a guestCheckout station that takes it (§6). */
export function guestOutcome(station: CheckoutStation, device: DeviceWallets): GuestOutcome {
  if (!station.guestCheckout) return { kind: 'guestRequireAuth' };
  const wallets = (['GOOGLE_PAY', 'APPLE_PAY'] as const).filter((w) =>
    w === 'GOOGLE_PAY' ? device.googlePay : device.applePay,
  );
  if (wallets.length === 0) return { kind: 'deviceRejectedPM' };
  const taken = wallets.find((w) => stationTakes(station, w));
  return taken ? { kind: 'allowed', wallet: taken } : { kind: 'poiRejectedPM' };
}

/** User outcomes: has payment methods, and the chosen one is supported by device and station. */
export function userOutcome(
  station: CheckoutStation,
  methods: readonly PaymentMethod[],
  method: PaymentMethod | null,
  device: DeviceWallets,
): UserOutcome {
  if (methods.length === 0 || !method) return { kind: 'noPM' };
  if (!onDevice(method, device)) return { kind: 'deviceRejectedPM' };
  if (!stationTakes(station, method.method) || method.isSupportedPOI === false) return { kind: 'poiRejectedPM' };
  return { kind: 'allowed' };
}

export function transition(state: CheckoutState, event: CheckoutEvent, device: DeviceWallets): CheckoutState {
  switch (event.type) {
    case 'STATION_LOADED':
      // A new station snapshot: the same who, evaluated again against it.
      if (state.kind === 'guest')
        return { ...state, station: event.station, outcome: guestOutcome(event.station, device) };
      if (state.kind === 'user') {
        return {
          ...state,
          station: event.station,
          outcome: userOutcome(event.station, state.methods, state.method, device),
        };
      }
      return { kind: 'loaded', station: event.station };
    case 'GUEST':
      if (state.kind === 'idle') return state;
      return { kind: 'guest', station: state.station, outcome: guestOutcome(state.station, device) };
    case 'USER':
      if (state.kind === 'idle') return state;
      return {
        kind: 'user',
        station: state.station,
        methods: event.methods,
        method: event.method,
        outcome: userOutcome(state.station, event.methods, event.method, device),
      };
    case 'PAYMENT_CHANGED':
      // "A payment change re-evaluates the user states"; a guest has no picker.
      if (state.kind !== 'user') return state;
      return {
        ...state,
        method: event.method,
        outcome: userOutcome(state.station, state.methods, event.method, device),
      };
  }
}

export type PayButtonInput = {
  outcome: UserOutcome | GuestOutcome | null;
  method: Pick<PaymentMethod, 'method' | 'isRegisteredFor2FA'> | null;
  station: CheckoutStation | null;
  twoFactorMethod: 'pin' | 'webauthn' | 'none';
  voucherPreviewLoading: boolean;
};

export type PayButtonBlock =
  | 'poiRejectedPM'
  | 'noPM'
  | 'fuelCardNot2FA'
  | 'notAcceptedByStation'
  | 'noMethod'
  | 'payPalWithout2FA'
  | 'voucherPreviewLoading';

/** pay-flows.md §5: why the pay button is disabled, or null when it is not. */
export function payButtonBlock(input: PayButtonInput): PayButtonBlock | null {
  const { outcome, method, station } = input;
  if (outcome?.kind === 'poiRejectedPM') return 'poiRejectedPM';
  if (outcome?.kind === 'noPM') return 'noPM';
  const wallet = outcome && 'wallet' in outcome;
  if (!method && !wallet) return 'noMethod';
  if (method?.method === 'FUEL_CARD' && !method.isRegisteredFor2FA) return 'fuelCardNot2FA';
  if (method && station && !stationTakes(station, method.method)) return 'notAcceptedByStation';
  if (method?.method === 'PAYPAL' && input.twoFactorMethod === 'none') return 'payPalWithout2FA';
  if (input.voucherPreviewLoading) return 'voucherPreviewLoading';
  return null;
}

/** §5: "A non-zero total after discounts shows wallet buttons; otherwise a plain pay button." */
export const showsWalletButtons = (totalAfterDiscounts: number): boolean => totalAfterDiscounts > 0;
/** §5: "A payment with amount 0 skips wallet tokens." */
export const needsWalletToken = (amount: number): boolean => amount !== 0;
/** §4: the validation step (PIN or biometrics) before card flows, skipped for GOOGLE_PAY, MBWAY, DIRECT_CREDIT, APPLE_PAY. */
export const needsValidationStep = (method: PaymentMethod['method']): boolean => needsValidation(method);
