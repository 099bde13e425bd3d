// Which sheet the sandbox wallet shows (issue 11: "where the browser has the Payment Request API, use it for the
// sandbox wallet's sheet"): the browser's own payment sheet only when it says it can pay with the sandbox's method
// (canMakePayment, i.e. a payment handler for it is installed); otherwise, and always for Amazon Pay (a redirect
// flow), our own drawn dialog. Headless Chromium has PaymentRequest but no handler for it: canMakePayment() is false.
import type { WalletId } from './wallets';

export type WalletSheet = 'payment-request' | 'drawn';

export function chooseWalletSheet(input: {
  wallet: WalletId;
  hasPaymentRequest: boolean;
  canMakePayment: boolean | null;
}): WalletSheet {
  if (input.wallet === 'AMAZON_PAY') return 'drawn';
  return input.hasPaymentRequest && input.canMakePayment === true ? 'payment-request' : 'drawn';
}
