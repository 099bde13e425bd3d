// The sandbox wallet's sheet: the browser's Payment Request path only where it can pay with the sandbox method (a
// payment handler for /psp/pay is installed or installable: Chromium installs ours just in time); otherwise (no
// handler, e.g. Safari, or the permission denied) and for Amazon Pay, our drawn dialog.
import { describe, expect, it } from 'vitest';
import {
  SANDBOX_WALLET_METHOD_PATH,
  WALLET_WINDOW_CONTACT,
  walletWindowPage,
} from '../../server/psp/sandbox-wallet-handler';
import { chooseWalletSheet } from '../../src/features/checkout/model/wallet-sheet';
import { SANDBOX_CONTACT, sandboxPaymentMethod } from '../../src/features/checkout/wallets/sandbox';

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

describe('the payment handler path', () => {
  it('asks for the method the server serves, on our own origin', () => {
    expect(sandboxPaymentMethod()).toBe(`${window.location.origin}${SANDBOX_WALLET_METHOD_PATH}`);
  });

  it('hands over the same payer as the drawn sheet', () => {
    expect(WALLET_WINDOW_CONTACT).toEqual(SANDBOX_CONTACT);
  });

  it('shows the amount, and refuses to approve an amount it cannot read', () => {
    const page = walletWindowPage({ value: '30.00', currency: 'EUR' });
    expect(page).toContain('<p class="total" id="total">EUR 30.00</p>');
    expect(page).toContain('<button type="button" id="approve">Approve EUR 30.00</button>');
    const odd = walletWindowPage({ value: '30<script>', currency: 'EUR' });
    expect(odd).not.toContain('30<script>');
    expect(odd).toContain('Amount unknown');
    expect(odd).toContain('id="approve" disabled');
  });
});
