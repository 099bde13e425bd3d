// pay-flows.md §4: "Card flows show a validation step first; GOOGLE_PAY, MBWAY, DIRECT_CREDIT and APPLE_PAY skip it."
// (shell-and-account.md §9 "Wallet methods that skip the validation step"). The step is the PIN or biometrics.
import type { PaymentMethod } from '../../../contract/orders';

export const SKIPS_VALIDATION: readonly PaymentMethod['method'][] = [
  'GOOGLE_PAY',
  'MBWAY',
  'DIRECT_CREDIT',
  'APPLE_PAY',
];

export const needsValidation = (method: PaymentMethod['method']): boolean => !SKIPS_VALIDATION.includes(method);
