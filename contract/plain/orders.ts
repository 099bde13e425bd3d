// Plain values of the orders contract (contract/orders.ts re-exports them): importing a constant or a rule must not
// load zod, so the app's start-up code imports these from here.

export const ORDER_STATES = [
  'CREATED',
  'PAYMENT_PENDING',
  'PAYMENT_AUTHORIZED',
  'PRODUCT_PENDING',
  'PRODUCT_ACQUIRED',
  'PRODUCT_SUPPLYING',
  'READY_FOR_INVOICE',
  'COMPLETED',
  'PROBLEM',
  'CANCELLED',
  'FAILED',
  'REJECTED',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** States an order never leaves (pay-flows.md §4; the server's transition table agrees). */
export const TERMINAL_STATES: readonly OrderState[] = ['COMPLETED', 'PROBLEM', 'CANCELLED', 'FAILED', 'REJECTED'];
export function isTerminal(state: OrderState): boolean {
  return TERMINAL_STATES.includes(state);
}

export const PAYMENT_METHOD_TYPES = [
  'AMAZON_PAY',
  'APPLE_PAY',
  'BLUECODE',
  'BP_ARAL_ROUTEX',
  'CREDIT_CARD',
  'DIRECT_CREDIT',
  'FUEL_CARD',
  'GOOGLE_PAY',
  'MBWAY',
  'PAYCONIQ',
  'PAYPAL',
  'POSTPAY_BY_PARTNER',
  'POSTPAY_BY_USER',
] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/**
 * pay-flows.md §4: "Card flows show a validation step first; GOOGLE_PAY, MBWAY, DIRECT_CREDIT and APPLE_PAY skip it"
 * (shell-and-account.md §9). The app shows the step (PIN or biometrics); the server asks for its proof at authorize.
 */
export const METHODS_WITHOUT_VALIDATION: readonly PaymentMethodType[] = [
  'GOOGLE_PAY',
  'MBWAY',
  'DIRECT_CREDIT',
  'APPLE_PAY',
];
export const needsPaymentValidation = (method: string): boolean =>
  !(METHODS_WITHOUT_VALIDATION as readonly string[]).includes(method);

/** The header that makes POST /v4/order and /authorize safe to repeat. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const PARTNER_HEADER = 'X-Txn-Initiated-By-Partner';
