// The sandbox wallet's sheet: the browser's Payment Request sheet only where it can pay with the sandbox method;
// otherwise (headless Chromium: canMakePayment() is false, no handler installed) and for Amazon Pay, our drawn dialog.
import { describe, expect, it } from 'vitest';
import { chooseWalletSheet } from '../../src/features/checkout/model/wallet-sheet';

describe('chooseWalletSheet', () => {
  it.each([
    ['GOOGLE_PAY', true, true, 'payment-request'],
    ['APPLE_PAY', true, true, 'payment-request'],
    ['GOOGLE_PAY', true, false, 'drawn'],
    ['GOOGLE_PAY', false, null, 'drawn'],
    ['GOOGLE_PAY', true, null, 'drawn'],
    ['AMAZON_PAY', true, true, 'drawn'],
  ] as const)('%s, PaymentRequest %s, canMakePayment %s: %s', (wallet, hasPaymentRequest, canMakePayment, sheet) => {
    expect(chooseWalletSheet({ wallet, hasPaymentRequest, canMakePayment })).toBe(sheet);
  });
});
