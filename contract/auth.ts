// Wire format of /auth/*. Shared by the app (src/api) and the server (server/routes): one source of truth.
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './plain/auth';

export { PASSWORD_MAX, PASSWORD_MIN };

export const email = z.string().trim().toLowerCase().email().max(254);
export const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const marketingPermissions = z.strictObject({
  email: z.boolean().optional(),
  push: z.boolean().optional(),
  sms: z.boolean().optional(),
});

/** Referral codes: 8 uppercase letters and digits (no 0/O, 1/I look-alikes when made; any case when typed). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{8}$/;

export const registerBody = z.strictObject({
  email,
  password,
  termsAccepted: z.literal(true),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  referrer: z.string().max(100).optional(),
  referralPlatform: z.string().max(100).optional(),
  /** A friend's refer-a-friend code (our addition: /register?referralCode=…); the rules of PUT v4/vouchers/referral-code. */
  referralCode: z.string().trim().regex(REFERRAL_CODE_PATTERN, '8 letters and digits').optional(),
  marketingPermissions: marketingPermissions.optional(),
  partner: z.string().max(100).optional(),
  /** Extra data a host app passed (the data query parameter), kept as given. */
  data: z.string().max(4000).optional(),
  /** Link an external identity on registration (after login/openId answered not_registered). */
  idProvider: z.string().min(1).max(100).optional(),
  idToken: z.string().min(1).max(8000).optional(),
  /** Or link the identity of an OpenID sign-in under way (after its callback answered not_registered). */
  openIdTransaction: z.string().min(1).max(200).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginLocalBody = z.strictObject({ email, password: z.string().min(1).max(200) });
export type LoginLocalBody = z.infer<typeof loginLocalBody>;

export const loginOpenIdBody = z.strictObject({
  idProvider: z.string().min(1).max(100),
  idToken: z.string().min(1).max(8000),
});
export type LoginOpenIdBody = z.infer<typeof loginOpenIdBody>;

/** GET /auth/login/openId/providers (our addition): the identity providers this server offers drivers, so /login and
 *  /register show only those (a server without DEMO_MODE has no demo provider). */
export const openIdProviders = z.object({
  providers: z.array(z.object({ id: z.string().min(1), label: z.string().min(1) })),
});
export type OpenIdProviders = z.infer<typeof openIdProviders>;

/** POST /auth/amazon/sign-in (our addition for /amazonSSORedirect): the buyer token Amazon appended to signInReturnUrl. */
export const amazonSignInBody = z.strictObject({
  buyerToken: z.string().min(1).max(200),
  /** A friend's code from /register, carried through Amazon's page: applied when the sign-in creates the account. */
  referralCode: z.string().trim().regex(REFERRAL_CODE_PATTERN, '8 letters and digits').optional(),
  /**
   * The password of the account that already has the buyer's email, to link the buyer to it (after a 409
   * amazon_link_required); checked as a password login is.
   */
  password: z.string().min(1).max(200).optional(),
});
export type AmazonSignInBody = z.infer<typeof amazonSignInBody>;

/**
 * POST /auth/amazon/sign-in's answer: a session, and when a friend's code came with a sign-in that created the account,
 * what became of it. A refused code never costs the sign-in: the account exists, `error` is the code's error of PUT
 * v4/vouchers/referral-code, and the driver can enter a code again on /profile/refer.
 */
export const amazonSignInResponse = z.object({
  auth_token: z.string(),
  _id: z.string(),
  referral: z.object({ code: z.string(), accepted: z.boolean(), error: z.string().optional() }).optional(),
});
export type AmazonSignInResponse = z.infer<typeof amazonSignInResponse>;

export const guestBody = z.strictObject({ partner: z.string().max(100).optional() }).optional();

/** Every login answers the token and the user id (pay-flows.md §7). */
export const loginResponse = z.object({
  auth_token: z.string(),
  _id: z.string(),
  /** Set when the user signed in with a temporary password: the app must send them to /change-tmp-password. */
  passwordExpired: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const changePasswordBody = z.strictObject({
  newPassword: password,
  /** Required except in a session opened with a temporary password. */
  oldPassword: z.string().min(1).max(200).optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const resendPasswordBody = z.strictObject({ email });

export const decryptOtpBody = z.strictObject({ email, encryptOtp: z.string().min(1).max(4000) });

/** Cloud functions answer a boolean result; the client treats any failure as false. */
export const booleanResult = z.object({ result: z.boolean() });

/** POST /auth/resend-password always answers this, whether or not the email exists (no account enumeration). */
export const resendPasswordResponse = z.object({ sent: z.literal(true) });
/** POST /auth/logout. */
export const logoutResponse = z.object({ ok: z.literal(true) });

/**
 * OpenID Connect code flow (our addition, issue 36). POST /auth/login/openId/start: where to send the driver, and the
 * handle of this sign-in (kept by the browser, not in the URL; state, nonce and PKCE verifier stay on the server).
 * `purpose: link` (with a session) links the identity to the signed-in driver instead of signing in.
 */
export const openIdStartBody = z.strictObject({
  idProvider: z.string().min(1).max(100),
  purpose: z.enum(['login', 'link']).default('login'),
});
export type OpenIdStartBody = z.input<typeof openIdStartBody>;
export const openIdStartResponse = z.object({ authorizeUrl: z.string().min(1), transaction: z.string().min(1) });
export type OpenIdStartResponse = z.infer<typeof openIdStartResponse>;

const transaction = z.string().min(1).max(200);
/** POST /auth/login/openId/callback: the provider's answer as it reached /openid/callback (its query string). */
export const openIdCallbackBody = z.strictObject({ transaction, callback: z.string().max(8000) });
export type OpenIdCallbackBody = z.infer<typeof openIdCallbackBody>;
/**
 * A session, or for `purpose: link` the identity linked. Otherwise an error says what is missing: 409
 * openid_link_required {email} (that account's password), 422 openid_email_required {email} (an email, proven by a
 * mailed code), 422 not_registered {email} (register with openIdTransaction), 422 openid_failed {reason}.
 */
export const openIdCallbackResponse = z.union([
  loginResponse,
  z.object({ linked: z.literal(true), provider: z.string() }),
]);
export type OpenIdCallbackResponse = z.infer<typeof openIdCallbackResponse>;

/** POST /auth/login/openId/email: mail a code to this email (the identity brought none, or an unverified one). */
export const openIdEmailBody = z.strictObject({ transaction, email });
export type OpenIdEmailBody = z.infer<typeof openIdEmailBody>;
/** POST /auth/login/openId/complete: the mailed code, or the password of the account the email has, to go on. */
export const openIdCompleteBody = z.strictObject({
  transaction,
  emailCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
  password: z.string().min(1).max(200).optional(),
});
export type OpenIdCompleteBody = z.infer<typeof openIdCompleteBody>;

/** GET /auth/openId/identities: the signed-in driver's linked sign-ins (profile, "Linked sign-ins"). */
export const openIdIdentities = z.object({
  identities: z.array(z.object({ provider: z.string(), label: z.string(), email: z.string().nullable() })),
});
export type OpenIdIdentities = z.infer<typeof openIdIdentities>;
