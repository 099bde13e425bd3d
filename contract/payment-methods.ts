// The payment-methods API beyond the list (shell-and-account.md §7 "Account and payment methods", pay-flows.md §7
// Payments): limit check, providers, the provider page's addresses, set preferred, deactivate, edit.
import { z } from 'zod';
import { PAYMENT_METHOD_TYPES } from './orders';
import { FUEL_CARD_BRANDS } from './plain/payment-methods';

// The plain values live in plain/payment-methods.ts (no zod: the pay path imports them from there).
export * from './plain/payment-methods';

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

/** POST save_pin (pin; password when a PIN exists already), validate_pin (pin), unlock_pin (password). */
export const savePinBody = z.strictObject({ pin: z.string().max(16), password: z.string().max(200).optional() });
export const validatePinBody = z.strictObject({ pin: z.string().max(16) });
export const unlockPinBody = z.strictObject({ password: z.string().max(200) });
/** GET user_has_pin: {result} as every cloud function, plus whether validation is locked. */
export const pinStatusResponse = z.object({ result: z.boolean(), locked: z.boolean().optional() });
export const functionResult = z.object({ result: z.boolean() });
/**
 * validate_pin and login_webauthn: {result} plus the proof the authorize payload carries (paymentProof): single-use,
 * valid for PAYMENT_PROOF_TTL_SECONDS.
 */
export const validationResult = z.object({ result: z.boolean(), paymentProof: z.string().optional() });

/**
 * GET /payments/{provider}/urls: the return addresses plus what the spec's registration sends (shell-and-account.md §7:
 * "provider, method and method-specific fields"): the method the driver picked (checked against what the provider takes)
 * and the fields a method's own page may hand back (resultIndicator, sessionVersion of a hosted card session; a wallet's
 * nonce). The sandbox's pages need none of the latter: they are accepted, not used.
 */
export const providerUrlsQuery = returnUrlsQuery.extend({
  method: z.enum(PAYMENT_METHOD_TYPES).optional(),
  resultIndicator: z.string().max(200).optional(),
  sessionVersion: z.string().max(200).optional(),
  nonce: z.string().max(200).optional(),
});

/** GET /payments/mbway/urls?phoneNumber&successUrl&errorUrl: the registration sends the phone number. */
export const mbwayUrlsQuery = providerUrlsQuery.extend({ phoneNumber: z.string().min(1).max(40) });

/** POST /v4/payment-methods/fuel-card (ours: the spec sends holder, number, expiry, tpin, brand at registration). */
export const fuelCardBody = z.strictObject({
  holder: z.string().trim().min(1).max(100),
  number: z.string().max(30),
  expiry: z.string().max(10),
  tpin: z.string().max(10),
  brand: z.enum(FUEL_CARD_BRANDS),
  vin: z.string().max(30).optional(),
});
export type FuelCardBody = z.infer<typeof fuelCardBody>;

/**
 * The two-factor calls (shell-and-account.md §7): a payment method's own second factor is a one-time code mailed to
 * the account's address. generate-options mails it; verify checks it (registration: the method is then
 * isRegisteredFor2FA; authentication: the order may be authorized with the method, once).
 */
export const twoFactorRegistrationOptionsBody = z.strictObject({ paymentMethodId: z.string().min(1).max(64) });
export const twoFactorRegistrationVerifyBody = z.strictObject({
  paymentMethodId: z.string().min(1).max(64),
  code: z.string().max(20),
});
export const twoFactorAuthenticationOptionsBody = z.strictObject({ paymentMethodId: z.string().min(1).max(64) });
export const twoFactorAuthenticationVerifyBody = z.strictObject({
  orderId: z.string().min(1).max(64),
  paymentMethodId: z.string().min(1).max(64),
  code: z.string().max(20),
});
export const twoFactorOptionsResponse = z.object({
  method: z.literal('EMAIL_OTP'),
  /** The address the code went to, masked (d•••@example.com). */
  sentTo: z.string(),
  expiresAt: z.string(),
  codeLength: z.number().int(),
});
export type TwoFactorOptions = z.infer<typeof twoFactorOptionsResponse>;

/**
 * WebAuthn cloud functions (pay-flows.md §7): generate_register_options (userId, userName), register_webauthn
 * (credential), generate_login_options (userId), login_webauthn (userId, assertion). The credential and the assertion
 * are the browser's JSON (checked by @simplewebauthn/server); bounded here.
 */
const webauthnJson = z.record(z.string(), z.unknown());
/** generate_register_options and generate_login_options: the server library's options JSON, passed to the browser's. */
export const webauthnOptionsResponse = webauthnJson;
export const webauthnRegisterOptionsBody = z.strictObject({
  userId: z.string().max(64).optional(),
  userName: z.string().max(200).optional(),
});
export const webauthnRegisterBody = z.strictObject({ credential: webauthnJson });
export const webauthnLoginOptionsBody = z.strictObject({ userId: z.string().max(64).optional() });
export const webauthnLoginBody = z.strictObject({ userId: z.string().max(64).optional(), assertion: webauthnJson });
