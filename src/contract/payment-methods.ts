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
/**
 * validate_pin and login_webauthn: {result} plus the proof the authorize payload carries (paymentProof): single-use,
 * valid for PAYMENT_PROOF_TTL_SECONDS.
 */
export const validationResult = z.object({ result: z.boolean(), paymentProof: z.string().optional() });
export const PAYMENT_PROOF_TTL_SECONDS = 300;

/** The providers of the sandbox besides cards (GET /payments/{provider}/urls). */
export const PAYPAL_PROVIDER = 'paypal';
export const MBWAY_PROVIDER = 'mbway';
export const FUEL_CARD_PROVIDER = 'fuelcard';
/**
 * Redirect methods (pay-flows.md §3 BLUECODE, PAYCONIQ): linked on the provider's page, and every payment is approved
 * there too (the driver goes out with userInteraction.urls.start and comes back with the payment-return group).
 */
export const REDIRECT_PROVIDERS = { bluecode: 'BLUECODE', payconiq: 'PAYCONIQ' } as const;
export type RedirectProvider = keyof typeof REDIRECT_PROVIDERS;
export type RedirectMethod = (typeof REDIRECT_PROVIDERS)[RedirectProvider];
export const isRedirectProvider = (provider: string | undefined): provider is RedirectProvider =>
  provider !== undefined && Object.hasOwn(REDIRECT_PROVIDERS, provider);

/** pay-flows.md §8: the PayPal vault window was closed without an answer. */
export const PAYPAL_POPUP_CLOSED = 'PAYPAL_POPUP_CLOSED';
/** The MB WAY phone did not answer in time (a mandate or a payment). */
export const MBWAY_TIMEOUT = 'MBWAY_TIMEOUT';
/** How long the MB WAY phone has to approve (a real MB WAY request lives 4 minutes). */
export const MBWAY_APPROVAL_SECONDS = 240;
/** What an MB WAY mandate allows without asking the phone (EUR, precision 2), and how long it is valid. */
export const MBWAY_LIMIT_WITHOUT_PIN = 2000;
export const MBWAY_MANDATE_MONTHS = 12;

/**
 * "Phone number must be valid" (shell-and-account.md §5) for MB WAY: a Portuguese mobile number (9 digits starting
 * 91, 92, 93 or 96), with or without +351 / 00351, spaces and dashes allowed. Returns "+351 9xxxxxxxx" or null.
 */
export function parseMbwayPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const m = /^(?:\+351|00351)?(9[1236]\d{7})$/.exec(compact);
  return m ? `+351 ${m[1]}` : null;
}

/** GET /payments/mbway/urls?phoneNumber&successUrl&errorUrl: the registration sends the phone number. */
export const mbwayUrlsQuery = returnUrlsQuery.extend({ phoneNumber: z.string().min(1).max(40) });

/** The fuel card brands of the add screen (shell-and-account.md §3 registration: fuel card brand). */
export const FUEL_CARD_BRANDS = ['BP', 'ARAL', 'ROUTEX'] as const;
export type FuelCardBrand = (typeof FUEL_CARD_BRANDS)[number];

/**
 * A fuel card's security level (0-3) as the sandbox issuer reads it: the 7th digit of the number, 4-9 counting as 0.
 * Real issuers answer this on lookup; the level decides what the card asks for (fuelCardRules).
 */
export function fuelCardLevel(digits: string): number {
  const d = Number(digits.charAt(6));
  return Number.isInteger(d) && d <= 3 ? d : 0;
}

/** pay-flows.md §5: "VIN required at level 2 or higher; the mileage field shows at levels 1 and 3." */
export function fuelCardRules(level: number): { vinRequired: boolean; mileageShown: boolean } {
  return { vinRequired: level >= 2, mileageShown: level === 1 || level === 3 };
}

/** A vehicle identification number: 17 letters and digits without I, O and Q (ISO 3779). */
export const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;
/** Fuel cards are ISO 7812 petroleum cards (first digit 7), 16 to 19 digits. */
export const FUEL_CARD_NUMBER_SHAPE = /^7\d{15,18}$/;

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
export const TWO_FACTOR_CODE_LENGTH = 6;
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
export const webauthnRegisterOptionsBody = z.strictObject({
  userId: z.string().max(64).optional(),
  userName: z.string().max(200).optional(),
});
export const webauthnRegisterBody = z.strictObject({ credential: webauthnJson });
export const webauthnLoginOptionsBody = z.strictObject({ userId: z.string().max(64).optional() });
export const webauthnLoginBody = z.strictObject({ userId: z.string().max(64).optional(), assertion: webauthnJson });
