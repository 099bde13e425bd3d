// The device wallets (Google Pay, Apple Pay, Amazon Pay) behind one interface: the summary asks an adapter whether
// this device can pay with it and for a payment token; each wallet has a sandbox adapter (our own sheet) and a real one.
import type { WalletId, WalletResult } from '../model/wallets';

export type { BillingAddress, WalletId, WalletResult } from '../model/wallets';

export type WalletRequest = {
  /** "12.34" (§9: wallet amounts as strings with 2 decimals). */
  amount: string;
  currency: string;
  /** The station's country (the merchant config's acquirer country for the real wallets). */
  countryCode: string;
  /** What the wallet's sheet says is paid, e.g. the station's brand. */
  label: string;
  stationId: string;
  /** A guest: the wallet must give an email and a billing address (§6). */
  needsContact: boolean;
  /** Amazon Pay returns to the app by a redirect: where it comes back to (payment-return group added). */
  returnUrl: string;
};

/** The driver closed the wallet's sheet: stays silent (§4 "a user-cancelled Google Pay … or Apple Pay … stay silent"). */
export class WalletCancelled extends Error {
  constructor(readonly wallet: WalletId) {
    super(`${wallet} cancelled`);
    this.name = 'WalletCancelled';
  }
}

export interface WalletAdapter {
  readonly id: WalletId;
  /** 'sandbox' draws our own sheet; 'real' talks to the wallet's SDK. */
  readonly kind: 'sandbox' | 'real';
  /** Can this device pay with this wallet? */
  isAvailable(): Promise<boolean>;
  /**
   * Ask the wallet for a payment token. Resolves with the token (and the contact it gave), or with 'redirected' when
   * the wallet left the page (Amazon Pay: the driver comes back with amazonCheckoutSessionId or amazonIsCancel).
   * Rejects with WalletCancelled when the driver closed it, with another error for any other failure.
   */
  pay(request: WalletRequest): Promise<WalletResult | 'redirected'>;
}
