// Payment method names and kinds (pay-flows.md §9 "Payment method icons and names are mapped per method"). Brand
// names are not translated.
import type { PaymentMethod } from '../../../../contract/orders';

const NAMES: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  MAESTRO: 'Maestro',
  AMEX: 'American Express',
  AMERICAN_EXPRESS: 'American Express',
  DISCOVER: 'Discover',
  GOOGLE_PAY: 'Google Pay',
  APPLE_PAY: 'Apple Pay',
  AMAZON_PAY: 'Amazon Pay',
  PAYPAL: 'PayPal',
  MBWAY: 'MB WAY',
  BLUECODE: 'Bluecode',
  PAYCONIQ: 'Payconiq',
  FUEL_CARD: 'Fuel card',
  BP_ARAL_ROUTEX: 'Aral / BP fuel card',
  BP: 'BP fuel card',
  ARAL: 'Aral fuel card',
  ROUTEX: 'Routex fuel card',
};

/** "Visa •••• 4242": the network (or the method) and the last four digits. */
export function methodName(method: Pick<PaymentMethod, 'method' | 'details'>): string {
  const brand = method.details.brand ?? method.method;
  const name = NAMES[brand.toUpperCase()] ?? NAMES[method.method] ?? brand;
  return method.details.last4 ? `${name} •••• ${method.details.last4}` : name;
}

export type MethodKind = 'card' | 'wallet' | 'phone' | 'fuel-card';

/** Which icon a method gets: a card, a wallet, a phone (MB WAY) or a fuel card. */
export function methodKind(method: PaymentMethod['method']): MethodKind {
  if (method === 'CREDIT_CARD' || method === 'DIRECT_CREDIT') return 'card';
  if (method === 'FUEL_CARD' || method === 'BP_ARAL_ROUTEX') return 'fuel-card';
  if (method === 'MBWAY') return 'phone';
  return 'wallet';
}

/** Cards are edited on the provider's page (new expiry); wallets and phone methods have nothing to edit here. */
export const isEditable = (method: Pick<PaymentMethod, 'method' | 'provider'>): boolean =>
  (method.method === 'DIRECT_CREDIT' || method.method === 'CREDIT_CARD') && method.provider === 'sandbox';
