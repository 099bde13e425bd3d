// The sandbox wallets: a sheet drawn by our own code (ui/SandboxWalletSheet.tsx) plays Google Pay, Apple Pay or Amazon
// Pay and returns one of the sandbox provider's test tokens (server/psp/wallet-tokens.ts) with a test email and
// billing address, so every wallet flow runs in any browser without the internet. One sheet at a time.
import { chooseWalletSheet } from '../model/wallet-sheet';
import type { WalletId } from '../model/wallets';
import { type WalletAdapter, WalletCancelled, type WalletRequest, type WalletResult } from './types';

/** The outcomes the sheet offers: what the sandbox issuer will answer for the token. */
export type SandboxOutcome = 'approve' | 'decline' | 'insufficient_funds';

export type SandboxContact = Required<Pick<WalletResult, 'email' | 'firstName' | 'lastName'>> & {
  address: Required<Pick<NonNullable<WalletResult['address']>, 'street' | 'zip' | 'city' | 'countryCode'>>;
};

/** The test identity the sandbox wallet hands over (editable in the sheet). */
export const SANDBOX_CONTACT: SandboxContact = {
  email: 'wallet.tester@example.com',
  firstName: 'Wally',
  lastName: 'Tester',
  address: { street: 'Teststraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
};

export type SheetRequest = {
  wallet: WalletId;
  request: WalletRequest;
  resolve: (result: WalletResult | 'redirected') => void;
  reject: (error: unknown) => void;
};

let open: SheetRequest | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const sandboxSheet = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => open,
  /** The driver's answer in the sheet. */
  answer(outcome: SandboxOutcome, contact: SandboxContact) {
    const req = open;
    if (!req) return;
    open = null;
    emit();
    const token = `sbx_wallet_${outcome}_${crypto.randomUUID().replaceAll('-', '')}`;
    if (req.wallet === 'AMAZON_PAY') {
      // Amazon Pay leaves the page and comes back with its checkout session (pay-flows.md §4 Amazon return).
      const back = new URL(req.request.returnUrl);
      back.searchParams.set('amazonCheckoutSessionId', token);
      window.location.assign(back.toString());
      req.resolve('redirected');
      return;
    }
    req.resolve({ token, ...contact });
  },
  cancel() {
    const req = open;
    if (!req) return;
    open = null;
    emit();
    if (req.wallet === 'AMAZON_PAY') {
      const back = new URL(req.request.returnUrl);
      back.searchParams.set('amazonIsCancel', 'true');
      window.location.assign(back.toString());
      req.resolve('redirected');
      return;
    }
    req.reject(new WalletCancelled(req.wallet));
  },
};

/** Apple Pay lives in Safari on Apple devices; the sandbox keeps that rule (as the server's isPMSupportedOnDevice). */
export function looksLikeSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|Android/.test(userAgent);
}

/**
 * The sandbox wallet's payment method identifier for the Payment Request API (a URL of our own server: its payment
 * method manifest names the app's service worker as the handler, server/psp/sandbox-wallet-handler.ts).
 */
export const sandboxPaymentMethod = () => `${window.location.origin}/psp/pay`;

/** A Payment Request for the sandbox method, or null where the API is missing or refuses the request. */
function paymentRequestFor(request: WalletRequest): PaymentRequest | null {
  if (typeof window === 'undefined' || !('PaymentRequest' in window)) return null;
  try {
    return new PaymentRequest([{ supportedMethods: sandboxPaymentMethod() }], {
      total: { label: request.label, amount: { currency: request.currency, value: request.amount } },
    });
  } catch {
    return null;
  }
}

/** The browser's own sheet: its response's details carry the sandbox token and the payer's contact. */
async function payWithPaymentRequest(id: WalletId, pr: PaymentRequest): Promise<WalletResult> {
  let response: PaymentResponse;
  try {
    response = await pr.show();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new WalletCancelled(id);
    throw error;
  }
  const details = response.details as { token?: unknown } & Partial<SandboxContact>;
  await response.complete(typeof details.token === 'string' ? 'success' : 'fail');
  if (typeof details.token !== 'string') throw new Error('The payment sheet gave no token');
  return {
    token: details.token,
    email: response.payerEmail ?? details.email ?? SANDBOX_CONTACT.email,
    firstName: details.firstName ?? SANDBOX_CONTACT.firstName,
    lastName: details.lastName ?? SANDBOX_CONTACT.lastName,
    address: details.address ?? SANDBOX_CONTACT.address,
  };
}

function openDrawnSheet(id: WalletId, request: WalletRequest): Promise<WalletResult | 'redirected'> {
  return new Promise((resolve, reject) => {
    // A second press while a sheet is open replaces nothing: the open one stays.
    if (open) return reject(new WalletCancelled(id));
    open = { wallet: id, request, resolve, reject };
    emit();
  });
}

export function sandboxAdapter(id: WalletId): WalletAdapter {
  return {
    id,
    kind: 'sandbox',
    isAvailable: async () => (id === 'APPLE_PAY' ? looksLikeSafari(navigator.userAgent) : true),
    pay: async (request) => {
      const pr = id === 'AMAZON_PAY' ? null : paymentRequestFor(request);
      const canMakePayment = pr ? await pr.canMakePayment().catch(() => false) : null;
      const sheet = chooseWalletSheet({ wallet: id, hasPaymentRequest: pr !== null, canMakePayment });
      if (sheet === 'payment-request' && pr) return payWithPaymentRequest(id, pr);
      return openDrawnSheet(id, request);
    },
  };
}
