// Wire format of loyalty (shell-and-account.md §3 Loyalty, §5, §7 Loyalty; pay-flows.md §3 Loyalty). Shared by app
// and server: the card-number formats and the partner form's age rule are checked the same way on both sides.
import { z } from 'zod';
import { type LoyaltyProvider, loyaltyProvider } from './loyalty-providers';
import { countryCode } from './users';

export { LOYALTY_PROVIDERS, type LoyaltyProvider, loyaltyProvider } from './loyalty-providers';

/** Card-number formats (§5 "A loyalty card number must have a valid format"), with an example for the hint. */
export const CARD_FORMATS: Record<LoyaltyProvider, { pattern: RegExp; example: string }> = {
  REPSOL: { pattern: /^\d{16}$/, example: '7078 1234 5678 9012' },
  NOOP: { pattern: /^NP\d{8}$/, example: 'NP12345678' },
  Q8_SMILES: { pattern: /^7\d{12}$/, example: '7 123456 789012' },
};

/** Spaces and dashes are only for reading; letters are compared in capitals. */
export const normaliseCardNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
export const isValidCardNumber = (provider: LoyaltyProvider, value: string) =>
  CARD_FORMATS[provider].pattern.test(normaliseCardNumber(value));

/** Partner loyalty minimum age (shell-and-account.md §9). */
export const PARTNER_MIN_AGE = 16;

/**
 * Is someone born on `birthDate` at least `years` old on `today` (both YYYY-MM-DD)? The birthday itself counts: on the
 * 16th birthday the answer is yes. Born on 29 February, the birthday of a common year is 1 March.
 */
export function isAtLeastAge(birthDate: string, today: string, years: number): boolean {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const turns = new Date(Date.UTC(by + years, bm - 1, bd));
  // Date.UTC rolls 29 February of a common year over to 1 March, as intended.
  return turns.getTime() <= Date.UTC(ty, tm - 1, td);
}

export const loyaltyProgram = z.object({
  id: loyaltyProvider,
  provider: loyaltyProvider,
  name: z.string(),
  /** Path of the program's icon, or null (two programs have one). */
  icon: z.string().nullable(),
  cardNumberExample: z.string(),
  /** The partner program whose account can be created from the app (the create-account form). */
  canCreateAccount: z.boolean(),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgram>;
export const loyaltyProgramsResponse = z.array(loyaltyProgram);

export const loyaltySubscription = z.object({
  id: z.string(),
  provider: loyaltyProvider,
  name: z.string(),
  programName: z.string(),
  icon: z.string().nullable(),
  details: z.object({ cardNumber: z.string(), email: z.string().nullable() }),
  createdAt: z.string(),
});
export type LoyaltySubscription = z.infer<typeof loyaltySubscription>;
export const loyaltySubscriptionsResponse = z.array(loyaltySubscription);
/** DELETE v4/loyalty-subscriptions/{id} */
export const loyaltySubscriptionDeleted = z.object({ deleted: z.literal(true) });

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** The partner create-account form (§3 Loyalty): first/last name, email, country, language, card number, birth date, gender. */
export const partnerAccountBody = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.string().trim().email().max(254),
  country: countryCode,
  language: z.enum(['de', 'en', 'nl', 'fr', 'it', 'es', 'pt', 'da', 'pl']),
  birthDate: ymd.optional(),
  gender: z.enum(['male', 'female', 'other']).optional(),
});
export type PartnerAccountBody = z.infer<typeof partnerAccountBody>;

/** POST /v4/loyalty-subscriptions: add a card (cardNumber, optional email), or create the partner account with it. */
export const loyaltySubscriptionBody = z.strictObject({
  provider: loyaltyProvider,
  cardNumber: z.string().trim().min(1).max(40),
  email: z.string().trim().email().max(254).optional(),
  createAccount: partnerAccountBody.optional(),
});
export type LoyaltySubscriptionBody = z.infer<typeof loyaltySubscriptionBody>;

/** §8 partner loyalty errors. */
export const LOYALTY_ERRORS = {
  age: 'loyalty_age',
  alreadyEnrolled: 'loyalty_already_enrolled',
  notEnrolled: 'loyalty_not_enrolled',
  api: 'loyalty_api_error',
  cardNumber: 'loyalty_card_number',
} as const;

/**
 * Loyalty points of a purchase (the receipt's loyalty items): one point per whole unit of the currency paid after the
 * discounts (cents are not counted). Pure.
 */
export function loyaltyPointsFor(paidMinor: number, precision: number): number {
  if (paidMinor <= 0) return 0;
  return Math.floor(paidMinor / 10 ** precision);
}
