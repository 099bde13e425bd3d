// The sandbox's test cards. Only token, brand, last 4 digits and expiry exist: there is no card number anywhere.
import type { PaymentMethodRow } from '../db/schema';

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
