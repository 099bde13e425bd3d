// The sandbox provider's device-wallet tokens (Google Pay, Apple Pay, Amazon Pay). The app's sandbox wallet sheet
// makes them (features/checkout/wallets/sandbox.ts); the README's "Try it" lists them:
//   sbx_wallet_approve_<anything>               approves
//   sbx_wallet_decline_<anything>               declines ("Payment declined")
//   sbx_wallet_insufficient_funds_<anything>    declines for insufficient funds
// A token of a real wallet in its test environment (Google Pay TEST, an Apple Pay sandbox tester, an Amazon Pay
// sandbox checkout session) carries no real card: the sandbox approves it. No token is ever stored.
import type { CardBehavior } from '../db/schema';

export const SANDBOX_WALLET_TOKEN = /^sbx_wallet_(approve|decline|insufficient_funds)_[A-Za-z0-9_-]{1,100}$/;

/** What the sandbox issuer answers for a wallet token. */
export function walletTokenBehavior(token: string): CardBehavior {
  const sandbox = SANDBOX_WALLET_TOKEN.exec(token);
  if (sandbox) return sandbox[1] as CardBehavior;
  return 'approve';
}
