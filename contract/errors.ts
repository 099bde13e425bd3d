// The one JSON error shape of the API: {code, message, details?}. Codes are stable, machine-readable names
// (the spec's wrong_login_details, email_has_account, not_registered, temp_pass ...); message is for logs and developers.
import { z } from 'zod';

export const apiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  // Older clients read errorDescription; we mirror message there (pay-flows.md §8).
  errorDescription: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const errorCodes = {
  badRequest: 'bad_request',
  validation: 'validation_error',
  unauthorized: 'unauthorized',
  invalidSession: 'invalid_session',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  /** 413 on an image upload: the driver's images already take IMAGE_QUOTA_MIB; details {limit, used} in bytes. */
  imageQuotaExceeded: 'image_quota_exceeded',
  /** 415: the console takes JSON only (a form or text/plain post could come from another site). */
  unsupportedMediaType: 'unsupported_media_type',
  unprocessable: 'unprocessable',
  tooManyRequests: 'too_many_requests',
  wrongLoginDetails: 'wrong_login_details',
  emailHasAccount: 'email_has_account',
  notRegistered: 'not_registered',
  tempPass: 'temp_pass',
  wrongPassword: 'wrong_password',
  /** 422 on register / change-password: details {reason} (password.ts: control_characters, common, pattern …). */
  weakPassword: 'weak_password',
  invalidIdToken: 'invalid_id_token',
  /** 422 on the OpenID code flow: details {reason: cancelled | refused | state | expired | used | invalid_token}. */
  openIdFailed: 'openid_failed',
  /** 503: the identity provider's discovery, token or keys could not be reached. */
  openIdUnavailable: 'openid_unavailable',
  /** 409: the identity's verified email has an account; details {email}. That account's password links them. */
  openIdLinkRequired: 'openid_link_required',
  /** 422: the identity brought no (verified) email; details {email: the unverified one or null}. A mailed code proves one. */
  openIdEmailRequired: 'openid_email_required',
  /** 422 on POST /auth/login/openId/complete: the mailed code is wrong (details {triesLeft}) or used up. */
  openIdCodeWrong: 'openid_code_wrong',
  /** 409: this identity is linked to another account. */
  openIdIdentityTaken: 'openid_identity_taken',
  /** 422 on POST /auth/amazon/sign-in: details {reason: unknown | expired | used}. */
  amazonTokenInvalid: 'amazon_token_invalid',
  /** 409 on POST /auth/amazon/sign-in: an account has the buyer's email; details {email}. Its password links them. */
  amazonLinkRequired: 'amazon_link_required',
  /** 502 on POST /auth/amazon/sign-in: Amazon Pay's API failed, refused our key or did not answer in 10 s. */
  amazonUnavailable: 'amazon_unavailable',
  /** POST v4/vouchers/vouchers (shell-and-account.md §8 Voucher errors): 409, 422, 422. */
  voucherAlreadyRedeemed: 'voucher_already_redeemed',
  voucherNotVerifiable: 'voucher_not_verifiable',
  voucherExpired: 'voucher_expired',
  /** PUT v4/vouchers/referral-code: 422, 422, 409, 409; GET referral-program-participation: 409. */
  referralCodeUnknown: 'referral_code_unknown',
  referralOwnCode: 'referral_own_code',
  referralAlreadyReferred: 'referral_already_referred',
  referralNotNewDriver: 'referral_not_new_driver',
  referralCodeGenerationFailed: 'referral_code_generation_failed',
  /** POST/DELETE /v4/loyalty-subscriptions (§8 partner loyalty errors). */
  loyaltyAge: 'loyalty_age',
  loyaltyAlreadyEnrolled: 'loyalty_already_enrolled',
  loyaltyNotEnrolled: 'loyalty_not_enrolled',
  loyaltyApiError: 'loyalty_api_error',
  loyaltyCardNumber: 'loyalty_card_number',
  /** POST /optins (§8 lottery consent and join failures): 422 each. */
  lotteryConsentRequired: 'lottery_consent_required',
  lotteryClosed: 'lottery_closed',
  /**
   * 422 on authorize: the fuel card pays only with what its level needs on the order (pay-flows.md §5): details
   * {reason: fuel_card_data_missing, missing: ('vin' | 'mileage')[], level, paymentMethodId, thingId}.
   */
  fuelCardDataMissing: 'fuel_card_data_missing',
  /**
   * 503 on POST /auth/resend-password: mail is failing (the relay refused recently, its check failed, or the queue is
   * stuck): no mail was queued, the password is unchanged; try again later. Retry-After says when.
   */
  mailUnavailable: 'mail_unavailable',
  internal: 'internal_error',
  /** 503 on GET /readyz: details {node, checks} say what is missing (database, migrations, leader, draining). */
  notReady: 'not_ready',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
