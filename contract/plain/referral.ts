// Plain values of the referral contract (contract/vouchers.ts re-exports them), without zod: route search schemas
// and the sign-in pages read them.

/** The error codes of PUT v4/vouchers/referral-code (and of a code a sign-in could not use). */
export const REFERRAL_ERRORS = {
  unknown: 'referral_code_unknown',
  own: 'referral_own_code',
  alreadyReferred: 'referral_already_referred',
  notNew: 'referral_not_new_driver',
} as const;
export type ReferralErrorCode = (typeof REFERRAL_ERRORS)[keyof typeof REFERRAL_ERRORS];
export const REFERRAL_ERROR_CODES: readonly ReferralErrorCode[] = Object.values(REFERRAL_ERRORS);
