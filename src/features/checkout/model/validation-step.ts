// pay-flows.md §4: "Card flows show a validation step first; GOOGLE_PAY, MBWAY, DIRECT_CREDIT and APPLE_PAY skip it."
// (shell-and-account.md §9 "Wallet methods that skip the validation step"). The step is the PIN or biometrics; the
// rule lives in the contract because the server asks for the step's proof at authorize too.
import type { PaymentMethod } from '../../../../contract/orders';
import { METHODS_WITHOUT_VALIDATION, needsPaymentValidation } from '../../../../contract/plain/orders';

export const SKIPS_VALIDATION: readonly PaymentMethod['method'][] = METHODS_WITHOUT_VALIDATION;

export const needsValidation = (method: PaymentMethod['method']): boolean => needsPaymentValidation(method);
