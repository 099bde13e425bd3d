// Plain values of the payment-methods contract (contract/payment-methods.ts re-exports them): the pay path imports
// its constants and rules from here, so that a constant does not load zod (issue 16).

/** "The number of payment methods is limited": ours is 10 active methods; the add screens refuse beyond it. */
export const PAYMENT_METHODS_LIMIT = 10;

/**
 * What the provider page appends to successUrl / errorUrl (part of pay-flows.md §2's payment-return group):
 * registration = success | error | cancelled, type = register | edit, and on success paymentId, provider, method;
 * on error errorDescription.
 */
export const REGISTRATION_RESULTS = ['success', 'error', 'cancelled'] as const;
export type RegistrationResult = (typeof REGISTRATION_RESULTS)[number];

export const PIN_LENGTH = 4;

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

export const TWO_FACTOR_CODE_LENGTH = 6;
