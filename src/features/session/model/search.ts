// Query keys the sign-in pages read (shell-and-account.md §2.2): email prefills a form, partner shows its logo and
// goes with a registration, data is a host app's registration payload.
import { z } from 'zod';

const text = z.string().optional().catch(undefined);

/** A page of this app to go to after signing in: a path of ours, never another origin (`//x`, `/\x`). */
export const internalPath = z
  .string()
  .regex(/^\/(?![/\\])/)
  .max(2000)
  .optional()
  .catch(undefined);

/** Why an Amazon sign-in came back to /login (POST auth/amazon/sign-in's details.reason, or a failure). */
export const AMAZON_SIGN_IN_ERRORS = ['unknown', 'expired', 'used', 'failed'] as const;
export type AmazonSignInError = (typeof AMAZON_SIGN_IN_ERRORS)[number];

export const signInSearch = z.object({
  email: text,
  partner: text,
  redirect: internalPath,
  amazonError: z.enum(AMAZON_SIGN_IN_ERRORS).optional().catch(undefined),
});

/** /amazonSSORedirect: the buyer token Amazon appended to signInReturnUrl, and where the driver was going. */
export const amazonReturnSearch = z.object({
  buyerToken: z.string().max(200).optional().catch(undefined),
  redirect: internalPath,
});
/** A friend's referral code from the share link of /profile/refer (/register?referralCode=…), as typed by anyone. */
const referralCode = z.string().trim().toUpperCase().max(40).optional().catch(undefined);

export const registerSearch = signInSearch.extend({ data: text, referralCode });
