// Query keys the sign-in pages read (shell-and-account.md §2.2): email prefills a form, partner shows its logo and
// goes with a registration, data is a host app's registration payload.
import { type Field, oneOf, searchObject, text as textRule } from '../../../lib/search-schema';

const text = textRule();

/** A page of this app to go to after signing in: a path of ours, never another origin (`//x`, `/\x`). */
export const internalPath = textRule({ max: 2000, pattern: /^\/(?![/\\])/ });

/** Why an Amazon sign-in came back to /login (POST auth/amazon/sign-in's details.reason, or a failure). */
export const AMAZON_SIGN_IN_ERRORS = ['unknown', 'expired', 'used', 'failed'] as const;
export type AmazonSignInError = (typeof AMAZON_SIGN_IN_ERRORS)[number];

export const signInSearch = searchObject({
  email: text,
  partner: text,
  redirect: internalPath,
  amazonError: oneOf(AMAZON_SIGN_IN_ERRORS),
});

/** A friend's referral code from the share link of /profile/refer (/register?referralCode=…), as typed by anyone:
 *  trimmed and upper-cased, at most 40 characters. */
const referralCode: Field<string | undefined, string | undefined> = (value) =>
  typeof value === 'string' && value.trim().length <= 40 ? value.trim().toUpperCase() : undefined;

/** /amazonSSORedirect: the buyer token Amazon appended to signInReturnUrl, where the driver was going, and the
 *  friend's code they brought from /register (carried in signInReturnUrl through Amazon's page). */
export const amazonReturnSearch = searchObject({
  buyerToken: textRule({ max: 200 }),
  redirect: internalPath,
  referralCode,
});

export const registerSearch = signInSearch.extend({ data: text, referralCode });
