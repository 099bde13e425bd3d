// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// pay-flows.md §4 "Checkout state machine" and §5 (pay button, wallets, validation step), one `it` per sentence.
import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../contract/orders';
import { PAYMENT_METHOD_TYPES } from '../../contract/plain/orders';
import {
  type CheckoutState,
  type DeviceWallets,
  guestOutcome,
  needsValidationStep,
  needsWalletToken,
  payButtonBlock,
  showsWalletButtons,
  transition,
  userOutcome,
} from '../../src/features/checkout/model/checkout';

const both: DeviceWallets = { googlePay: true, applePay: true };
const none: DeviceWallets = { googlePay: false, applePay: false };
const station = (over: Partial<{ guestCheckout: boolean; supportedPaymentMeans: string[] }> = {}) => ({
  guestCheckout: true,
  supportedPaymentMeans: ['DIRECT_CREDIT', 'GOOGLE_PAY', 'APPLE_PAY', 'PAYPAL'],
  ...over,
});
const pm = (method: PaymentMethod['method'], over: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id: `pm-${method}`,
  createdAt: '2030-01-01T00:00:00Z',
  provider: 'sandbox',
  method,
  state: 'ACTIVE',
  isPreferred: false,
  isRegisteredFor2FA: false,
  details: {},
  ...over,
});
const card = pm('DIRECT_CREDIT');

describe('checkout state machine (§4): idle, then loaded, then guest or user', () => {
  it('starts idle and becomes loaded after the station is fetched', () => {
    const next = transition({ kind: 'idle' }, { type: 'STATION_LOADED', station: station() }, both);
    expect(next).toEqual({ kind: 'loaded', station: station() });
  });
  it('stays idle when guest or user is known before the station', () => {
    expect(transition({ kind: 'idle' }, { type: 'GUEST' }, both)).toEqual({ kind: 'idle' });
    expect(transition({ kind: 'idle' }, { type: 'USER', methods: [card], method: card }, both)).toEqual({
      kind: 'idle',
    });
  });
  it('goes from loaded to guest or to user', () => {
    const loaded: CheckoutState = { kind: 'loaded', station: station() };
    expect(transition(loaded, { type: 'GUEST' }, both).kind).toBe('guest');
    expect(transition(loaded, { type: 'USER', methods: [card], method: card }, both).kind).toBe('user');
  });
  it('a payment change re-evaluates the user states', () => {
    const loaded: CheckoutState = { kind: 'loaded', station: station({ supportedPaymentMeans: ['DIRECT_CREDIT'] }) };
    const paypal = pm('PAYPAL');
    const user = transition(loaded, { type: 'USER', methods: [card, paypal], method: card }, both);
    expect(user).toMatchObject({ outcome: { kind: 'allowed' } });
    expect(transition(user, { type: 'PAYMENT_CHANGED', method: paypal }, both)).toMatchObject({
      method: paypal,
      outcome: { kind: 'poiRejectedPM' },
    });
  });
  it('a payment change does nothing for a guest (no picker)', () => {
    const guest = transition({ kind: 'loaded', station: station() }, { type: 'GUEST' }, both);
    expect(transition(guest, { type: 'PAYMENT_CHANGED', method: card }, both)).toBe(guest);
  });
});

describe('guest outcomes (§4)', () => {
  it('allowed: the station allows guest checkout, and station and device support the method', () => {
    expect(guestOutcome(station(), both)).toEqual({ kind: 'allowed', wallet: 'GOOGLE_PAY' });
    expect(guestOutcome(station(), { googlePay: false, applePay: true })).toEqual({
      kind: 'allowed',
      wallet: 'APPLE_PAY',
    });
  });
  it('guestRequireAuth: no guest checkout', () => {
    expect(guestOutcome(station({ guestCheckout: false }), both)).toEqual({ kind: 'guestRequireAuth' });
  });
  it('deviceRejectedPM: no payment methods or device unsupported', () => {
    expect(guestOutcome(station(), none)).toEqual({ kind: 'deviceRejectedPM' });
  });
  it('poiRejectedPM: the station takes none of the device wallets', () => {
    expect(guestOutcome(station({ supportedPaymentMeans: ['DIRECT_CREDIT'] }), both)).toEqual({
      kind: 'poiRejectedPM',
    });
  });
});

describe('user outcomes (§4)', () => {
  it('allowed: has payment methods, station and device support', () => {
    expect(userOutcome(station(), [card], card, none)).toEqual({ kind: 'allowed' });
  });
  it('noPM: no payment methods', () => {
    expect(userOutcome(station(), [], null, both)).toEqual({ kind: 'noPM' });
  });
  it('poiRejectedPM: the station does not take the method', () => {
    expect(userOutcome(station({ supportedPaymentMeans: ['GOOGLE_PAY'] }), [card], card, both)).toEqual({
      kind: 'poiRejectedPM',
    });
    expect(userOutcome(station(), [card], { ...card, isSupportedPOI: false }, both)).toEqual({
      kind: 'poiRejectedPM',
    });
  });
  it('deviceRejectedPM: the device does not support the method', () => {
    const gpay = pm('GOOGLE_PAY');
    expect(userOutcome(station(), [gpay], gpay, none)).toEqual({ kind: 'deviceRejectedPM' });
    expect(userOutcome(station(), [card], { ...card, isPMSupportedOnDevice: false }, both)).toEqual({
      kind: 'deviceRejectedPM',
    });
  });
  it('a CREDIT_CARD is taken where the station takes cards (DIRECT_CREDIT)', () => {
    const credit = pm('CREDIT_CARD');
    expect(userOutcome(station({ supportedPaymentMeans: ['DIRECT_CREDIT'] }), [credit], credit, none).kind).toBe(
      'allowed',
    );
    expect(userOutcome(station({ supportedPaymentMeans: ['PAYPAL'] }), [credit], credit, none).kind).toBe(
      'poiRejectedPM',
    );
  });
  it('MAESTRO and AMERICAN_EXPRESS count as direct credit in the station’s methods', () => {
    expect(userOutcome(station({ supportedPaymentMeans: ['MAESTRO'] }), [card], card, both).kind).toBe('allowed');
    expect(userOutcome(station({ supportedPaymentMeans: ['AMERICAN_EXPRESS'] }), [card], card, both).kind).toBe(
      'allowed',
    );
  });
});

describe('the pay button (§5) is disabled …', () => {
  const base = {
    outcome: { kind: 'allowed' } as const,
    method: card,
    station: station(),
    twoFactorMethod: 'pin' as const,
    voucherPreviewLoading: false,
  };
  it('not at all when everything is in order', () => expect(payButtonBlock(base)).toBeNull());
  it('for poiRejectedPM', () =>
    expect(payButtonBlock({ ...base, outcome: { kind: 'poiRejectedPM' } })).toBe('poiRejectedPM'));
  it('for noPM', () => expect(payButtonBlock({ ...base, outcome: { kind: 'noPM' } })).toBe('noPM'));
  it('when a fuel card is not registered for 2FA', () => {
    const fuel = { method: 'FUEL_CARD' as const, isRegisteredFor2FA: false };
    expect(payButtonBlock({ ...base, method: fuel, station: station({ supportedPaymentMeans: ['FUEL_CARD'] }) })).toBe(
      'fuelCardNot2FA',
    );
    expect(
      payButtonBlock({
        ...base,
        method: { ...fuel, isRegisteredFor2FA: true },
        station: station({ supportedPaymentMeans: ['FUEL_CARD'] }),
      }),
    ).toBeNull();
  });
  it('when the method is not accepted by the station', () =>
    expect(payButtonBlock({ ...base, station: station({ supportedPaymentMeans: ['PAYPAL'] }) })).toBe(
      'notAcceptedByStation',
    ));
  it('when no payment method exists', () =>
    expect(payButtonBlock({ ...base, outcome: null, method: null })).toBe('noMethod'));
  it('for PayPal without a two-factor method', () => {
    const paypal = { method: 'PAYPAL' as const, isRegisteredFor2FA: false };
    expect(payButtonBlock({ ...base, method: paypal, twoFactorMethod: 'none' })).toBe('payPalWithout2FA');
    expect(payButtonBlock({ ...base, method: paypal, twoFactorMethod: 'webauthn' })).toBeNull();
  });
  it('while the voucher preview is loading', () =>
    expect(payButtonBlock({ ...base, voucherPreviewLoading: true })).toBe('voucherPreviewLoading'));
});

describe('wallets and the validation step (§4, §5)', () => {
  it('a payment with amount 0 skips wallet tokens', () => {
    expect(needsWalletToken(0)).toBe(false);
    expect(needsWalletToken(3000)).toBe(true);
  });
  it('a non-zero total after discounts shows wallet buttons; otherwise a plain pay button', () => {
    expect(showsWalletButtons(1)).toBe(true);
    expect(showsWalletButtons(0)).toBe(false);
  });
  it.each(['GOOGLE_PAY', 'MBWAY', 'DIRECT_CREDIT', 'APPLE_PAY'] as const)('%s skips the validation step', (m) =>
    expect(needsValidationStep(m)).toBe(false),
  );
  // The spec names the four that skip it and no other: every other method, the redirect methods (Bluecode, Payconiq)
  // included, shows the step (shell-and-account.md §9 "Wallet methods that skip the validation step").
  it.each(PAYMENT_METHOD_TYPES.filter((m) => !['GOOGLE_PAY', 'MBWAY', 'DIRECT_CREDIT', 'APPLE_PAY'].includes(m)))(
    '%s shows the validation step first',
    (m) => expect(needsValidationStep(m)).toBe(true),
  );
});
