// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import { isEditable, methodKind, methodName } from '../../src/features/payment-methods/model/names';
import { registrationOutcome } from '../../src/features/payment-methods/model/registration-return';

describe('coming back from the provider page (payment-return group)', () => {
  it.each([
    [{}, { kind: 'start' }],
    [{ registration: '' }, { kind: 'start' }],
    [
      { registration: 'success', type: 'register' },
      { kind: 'added', method: 'card' },
    ],
    [{ registration: 'success' }, { kind: 'added', method: 'card' }],
    [
      { registration: 'success', method: 'PAYPAL' },
      { kind: 'added', method: 'PAYPAL' },
    ],
    [
      { registration: 'success', method: 'MBWAY' },
      { kind: 'added', method: 'MBWAY' },
    ],
    [
      { registration: 'success', method: 'BLUECODE' },
      { kind: 'added', method: 'BLUECODE' },
    ],
    [
      { registration: 'success', method: 'PAYCONIQ' },
      { kind: 'added', method: 'PAYCONIQ' },
    ],
    [{ registration: 'success', type: 'edit' }, { kind: 'edited' }],
    [
      { registration: 'cancelled', method: 'BLUECODE', errorDescription: 'BLUECODE_CLOSED' },
      { kind: 'cancelled', paypalClosed: false },
    ],
    [
      { registration: 'cancelled', type: 'edit' },
      { kind: 'cancelled', paypalClosed: false },
    ],
    [
      { registration: 'cancelled', method: 'PAYPAL', errorDescription: 'PAYPAL_POPUP_CLOSED' },
      { kind: 'cancelled', paypalClosed: true },
    ],
    [
      { registration: 'error', type: 'register' },
      { kind: 'failed', errorType: 'payment_register', mbwayTimeout: false },
    ],
    [
      { registration: 'error', method: 'MBWAY', errorDescription: 'MBWAY_TIMEOUT' },
      { kind: 'failed', errorType: 'payment_register', mbwayTimeout: true },
    ],
    [
      { registration: 'error', type: 'edit' },
      { kind: 'failed', errorType: 'payment_edit', mbwayTimeout: false },
    ],
    [{ registration: 'something else' }, { kind: 'failed', errorType: 'payment_register', mbwayTimeout: false }],
  ])('%o → %o', (query, outcome) => {
    expect(registrationOutcome(query)).toEqual(outcome);
  });
});

describe('payment method names and icons (pay-flows.md §9)', () => {
  const card = { method: 'DIRECT_CREDIT' as const, details: { brand: 'VISA', last4: '4242' } };
  it('a card is its network and last four digits', () => expect(methodName(card)).toBe('Visa •••• 4242'));
  it('AMEX and AMERICAN_EXPRESS are American Express', () => {
    expect(methodName({ method: 'DIRECT_CREDIT', details: { brand: 'AMEX', last4: '0005' } })).toBe(
      'American Express •••• 0005',
    );
  });
  it('a wallet without a brand is named by its method', () =>
    expect(methodName({ method: 'GOOGLE_PAY', details: {} })).toBe('Google Pay'));
  it.each([
    ['DIRECT_CREDIT', 'card'],
    ['CREDIT_CARD', 'card'],
    ['FUEL_CARD', 'fuel-card'],
    ['MBWAY', 'phone'],
    ['PAYPAL', 'wallet'],
    ['APPLE_PAY', 'wallet'],
  ] as const)('%s has the %s icon', (method, kind) => expect(methodKind(method)).toBe(kind));
  it('only the provider’s cards are edited on its page', () => {
    expect(isEditable({ method: 'DIRECT_CREDIT', provider: 'sandbox' })).toBe(true);
    expect(isEditable({ method: 'PAYPAL', provider: 'sandbox' })).toBe(false);
  });
});
