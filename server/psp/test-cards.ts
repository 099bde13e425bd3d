// The sandbox's test cards. Only token, brand, last 4 digits and expiry exist: there is no card number anywhere.
import type { CardBehavior, PaymentMethodRow } from '../db/schema';

export type TestCard = Pick<
  PaymentMethodRow,
  'brand' | 'last4' | 'expMonth' | 'expYear' | 'behavior' | 'isPreferred' | 'label'
>;

export const TEST_CARDS = {
  /** Approves every authorization; the preferred method. */
  visa: {
    brand: 'VISA',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    behavior: 'approve',
    isPreferred: true,
    label: null,
  },
  /** Declines every authorization ("Payment declined"). */
  declining: {
    brand: 'MASTERCARD',
    last4: '0002',
    expMonth: 12,
    expYear: 2030,
    behavior: 'decline',
    isPreferred: false,
    label: 'Declining test card',
  },
} satisfies Record<string, TestCard>;

/**
 * The numbers the hosted card page knows (README "Try it"). Any other number that passes the Luhn check registers
 * too and approves; its brand comes from its first digits. Numbers are only ever compared here, never stored.
 */
export const TEST_CARD_NUMBERS: Record<string, CardBehavior> = {
  '4242424242424242': 'approve',
  '5200828282828210': 'approve',
  '5555555555554444': 'approve',
  '378282246310005': 'approve',
  '4000000000003220': 'challenge',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired',
};

/**
 * A card the provider registers as CREDIT_CARD rather than DIRECT_CREDIT: the app asks for the driver's PIN (or
 * biometrics) before paying with it (pay-flows.md §4: only GOOGLE_PAY, MBWAY, DIRECT_CREDIT, APPLE_PAY skip that step).
 */
export const CREDIT_CARD_NUMBERS = new Set(['5200828282828210']);

/** Luhn checksum (ISO/IEC 7812): every second digit from the right doubled. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card network by its first digits (IIN ranges of the networks the sandbox takes). */
export function cardBrand(digits: string): 'VISA' | 'MASTERCARD' | 'AMEX' | 'MAESTRO' | 'DISCOVER' | null {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^(50|5[6-9]|6[0-9])/.test(digits) && !/^(6011|65)/.test(digits)) return 'MAESTRO';
  if (/^(6011|65)/.test(digits)) return 'DISCOVER';
  return null;
}

/** The issuer's answer to an authorization with a card of this behavior; undefined = approved (maybe after 3-D Secure). */
export const DECLINE_REASONS: Partial<Record<CardBehavior, string>> = {
  decline: 'Payment declined',
  insufficient_funds: 'Payment declined: insufficient funds',
  expired: 'Payment declined: the card has expired',
};
