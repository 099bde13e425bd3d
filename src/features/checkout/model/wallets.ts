// The wallet rules of the summary (pay-flows.md §4 Amazon return, §5 wallets, §6 guests, §9 wallet amounts), pure:
// which wallet buttons show, the amount a wallet is asked for, and what a return from Amazon Pay means.
import type { CheckoutStation } from './checkout';
import { stationTakes } from './checkout';
import type { PayMeans } from './pay-means';

export const WALLETS = ['GOOGLE_PAY', 'APPLE_PAY', 'AMAZON_PAY'] as const;
export type WalletId = (typeof WALLETS)[number];

/** Which wallets this device can pay with (each wallet adapter answers for itself). */
export type WalletSupport = Record<WalletId, boolean>;

/** §6: a guest pays only with Apple Pay or Google Pay. */
export const GUEST_WALLETS: readonly WalletId[] = ['GOOGLE_PAY', 'APPLE_PAY'];

/**
 * The wallet buttons to show: §5 "A non-zero total after discounts shows wallet buttons; otherwise a plain pay
 * button", each only where the device and the station support it, and for a guest only Google Pay and Apple Pay at
 * a guestCheckout station.
 */
export function walletButtons(input: {
  station: CheckoutStation;
  device: WalletSupport;
  totalAfterDiscounts: number;
  isGuest: boolean;
}): WalletId[] {
  if (input.totalAfterDiscounts <= 0) return [];
  if (input.isGuest && !input.station.guestCheckout) return [];
  return WALLETS.filter(
    (w) => input.device[w] && stationTakes(input.station, w) && (!input.isGuest || GUEST_WALLETS.includes(w)),
  );
}

/** §9 "Wallet amounts are sent as a string with 2 decimals": minor units at any precision → "12.34" (rounded down). */
export function walletAmount(price: { amount: number; precision: number }): string {
  const cents =
    price.precision >= 2
      ? Math.floor(price.amount / 10 ** (price.precision - 2))
      : price.amount * 10 ** (2 - price.precision);
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents - whole * 100).padStart(2, '0')}`;
}

/** §5 "A payment with amount 0 skips wallet tokens": a wallet is asked for a token only when there is something to pay. */
export const walletTokenNeeded = (amount: number): boolean => amount !== 0;

export type AmazonReturn = { kind: 'cancelled' } | { kind: 'checkout'; sessionId: string } | null;

/**
 * §4 Amazon return: "a cancel flag restores the payment method and stays on the summary; a checkout-session id
 * triggers automatic order creation and authorization". A cancel flag wins over a session id.
 */
export function amazonReturn(search: { amazonCheckoutSessionId?: string; amazonIsCancel?: string }): AmazonReturn {
  if (search.amazonIsCancel !== undefined && search.amazonIsCancel !== 'false') return { kind: 'cancelled' };
  if (search.amazonCheckoutSessionId) return { kind: 'checkout', sessionId: search.amazonCheckoutSessionId };
  return null;
}

export type BillingAddress = {
  street?: string;
  street2?: string;
  zip?: string;
  city?: string;
  countryCode?: string;
};

/** What a wallet's sheet gives: its payment token, and for a guest the contact the station needs (§6). */
export type WalletResult = {
  token: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  address?: BillingAddress;
};

const TOKEN_FIELD = { GOOGLE_PAY: 'googlePayToken', APPLE_PAY: 'applePayToken', AMAZON_PAY: 'amazonPayToken' } as const;

/** A wallet's answer as the authorize payload: its token, and its contact as userDetails (empty parts left out). */
export function walletMeans(id: WalletId, result: WalletResult): PayMeans {
  const paymentToken = { [TOKEN_FIELD[id]]: result.token };
  if (!result.email && !result.address) return { paymentToken };
  const address = result.address
    ? Object.fromEntries(Object.entries(result.address).filter(([, v]) => typeof v === 'string' && v !== ''))
    : undefined;
  return {
    paymentToken,
    userDetails: {
      ...(result.email ? { invoiceEmail: result.email } : {}),
      ...(result.firstName ? { firstName: result.firstName } : {}),
      ...(result.lastName ? { lastName: result.lastName } : {}),
      ...(address ? { address } : {}),
    },
  };
}
