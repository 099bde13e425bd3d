// The payment-methods API beyond the list (shell-and-account.md §7 "Account and payment methods", pay-flows.md §7
// Payments): limit check, providers, the provider page's addresses, set preferred, deactivate, edit.
import { z } from 'zod';
import { PAYMENT_METHOD_TYPES } from './orders';

/** "The number of payment methods is limited": ours is 10 active methods; the add screens refuse beyond it. */
export const PAYMENT_METHODS_LIMIT = 10;

/** GET v4/payment-methods/is-payment-methods-limit-exceeded */
export const limitExceededResponse = z.object({
  isLimitExceeded: z.boolean(),
  limit: z.number().int(),
  active: z.number().int(),
});
export type LimitExceeded = z.infer<typeof limitExceededResponse>;

/** GET /v4/features/psp/available-providers: which provider takes which methods for this account. */
export const availableProvidersResponse = z.array(
  z.object({ provider: z.string(), methods: z.array(z.enum(PAYMENT_METHOD_TYPES)) }),
);
export type AvailableProviders = z.infer<typeof availableProvidersResponse>;

/** Where the provider's page sends the driver back: addresses of the app itself (checked by the server). */
export const returnUrlsQuery = z.strictObject({
  successUrl: z.string().min(1).max(2000),
  errorUrl: z.string().min(1).max(2000),
});

/** GET /payments/{provider}/urls and PATCH /v4/payment-methods/{id}: the provider page to open. */
export const providerPageResponse = z.object({ provider: z.string(), url: z.string() });
export type ProviderPage = z.infer<typeof providerPageResponse>;

/**
 * What the provider page appends to successUrl / errorUrl (part of pay-flows.md §2's payment-return group):
 * registration = success | error | cancelled, type = register | edit, and on success paymentId, provider, method;
 * on error errorDescription.
 */
export const REGISTRATION_RESULTS = ['success', 'error', 'cancelled'] as const;
export type RegistrationResult = (typeof REGISTRATION_RESULTS)[number];

/** POST save_pin (pin; password when a PIN exists already), validate_pin (pin), unlock_pin (password). */
export const PIN_LENGTH = 4;
export const savePinBody = z.strictObject({ pin: z.string().max(16), password: z.string().max(200).optional() });
export const validatePinBody = z.strictObject({ pin: z.string().max(16) });
export const unlockPinBody = z.strictObject({ password: z.string().max(200) });
/** GET user_has_pin: {result} as every cloud function, plus whether validation is locked. */
export const pinStatusResponse = z.object({ result: z.boolean(), locked: z.boolean().optional() });
export const functionResult = z.object({ result: z.boolean() });
