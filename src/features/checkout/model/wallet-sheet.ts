// Which sheet the sandbox wallet shows (issue 11: "where the browser has the Payment Request API, use it for the
// sandbox wallet's sheet"): the browser's Payment Request path only when it says it can pay with the sandbox's method
// (canMakePayment: a payment handler for it is installed or installable; Chromium installs ours just in time from
// /psp/pay, server/psp/sandbox-wallet-handler.ts, and sw/payment-handler.ts opens the wallet window); otherwise (no
// handler: Safari, or the permission denied) and always for Amazon Pay (a redirect flow), our own drawn dialog.
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
