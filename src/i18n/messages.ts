// Translated texts for errors and field validation: one place turns any error into words for the user
// (CONVENTIONS.md: raw error.message never reaches the screen).
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type WeakPasswordReason, weakPasswordReasons } from '../../contract/plain/password-reasons';
import { ApiError } from '../lib/http/errors';
import type { FieldError } from '../lib/validation';

export const GENERIC_ERROR = msg`There was an error. Please try again later!`;
export const OFFLINE = msg`You are offline`;

const BY_CODE: Record<string, MessageDescriptor> = {
  wrong_login_details: msg`Username and/or password are wrong. Maybe you didn't create an account.`,
  // Provider error codes 125 and 127 are wrong login details (shell-and-account.md §4).
  '125': msg`Username and/or password are wrong. Maybe you didn't create an account.`,
  '127': msg`Username and/or password are wrong. Maybe you didn't create an account.`,
  invalid_session: msg`Your login is invalid, please login again`,
  wrong_password: msg`The password you entered is incorrect`,
  email_has_account: msg`This email address is already registered. Please log in instead.`,
  not_registered: msg`There is no account for this identity yet. Please register first.`,
  invalid_id_token: msg`The sign-in with your identity provider could not be verified. Please try again.`,
  too_many_requests: msg`Too many attempts. Please wait a few minutes and try again.`,
  // 503 on resend-password: the mail could not go out; nothing was changed.
  mail_unavailable: msg`We cannot send emails right now. Your password has not been changed. Please try again in a few minutes.`,
  temp_pass: msg`Your temporary password has expired. Please choose a new password.`,
  network_error: msg`You are offline`,
  timeout: msg`The server did not answer in time. Please try again.`,
  // 422 on authorize (pay-flows.md §5 Fuel-card odometer): the summary asks for what is missing on the next press.
  fuel_card_data_missing: msg`Your fuel card needs your vehicle's VIN or mileage. Nothing was charged.`,
};

const WEAK_PASSWORD: Record<WeakPasswordReason, MessageDescriptor> = {
  control_characters: msg`The password must not contain control characters`,
  only_whitespace: msg`The password must not consist of spaces only`,
  common: msg`This password is too common and easy to guess. Please choose another one.`,
  few_distinct: msg`The password must use at least 4 different characters`,
  pattern: msg`This password is a simple sequence or repetition. Please choose another one.`,
};

/** The reason the server gave for refusing a weak password (422 weak_password, details.reason). */
function weakPasswordReason(details: unknown): WeakPasswordReason | undefined {
  const reason = (details as { reason?: unknown } | null)?.reason;
  return weakPasswordReasons.find((known) => known === reason);
}

/**
 * A request that got no answer while the phone says it has a connection (a lost packet, a dead spot at the pump, a
 * server that is away): "You are offline" would be wrong, the driver can see their signal bars.
 */
const NO_ANSWER = msg`The server could not be reached. Please check your signal and try again.`;

/** `online`: what the phone says about its connection (navigator.onLine); a test passes it. */
export function errorText(i18n: I18n, error: unknown, online = globalThis.navigator?.onLine ?? false): string {
  if (error instanceof ApiError && error.code === 'network_error' && online) return i18n._(NO_ANSWER);
  if (error instanceof ApiError && error.code === 'weak_password') {
    return i18n._(WEAK_PASSWORD[weakPasswordReason(error.details) ?? 'common']);
  }
  if (error instanceof ApiError) {
    const descriptor = BY_CODE[error.code];
    if (descriptor) return i18n._(descriptor);
  }
  return i18n._(GENERIC_ERROR);
}

export function fieldErrorText(i18n: I18n, error: FieldError, field: string): string {
  switch (error.kind) {
    case 'required':
      return i18n._(msg`The ${field} field is required`);
    case 'format':
      return i18n._(msg`The ${field} field format is invalid`);
    case 'passwordLength':
      return i18n._(msg`The password must have ${error.min} to ${error.max} characters`);
    case 'weakPassword':
      return i18n._(WEAK_PASSWORD[error.reason]);
    case 'mismatch':
      return i18n._(msg`The passwords do not match`);
    case 'terms':
      return i18n._(msg`Please accept the terms and conditions`);
    case 'mileageMax':
      return i18n._(msg`The mileage can be at most 1,000,000 km`);
    case 'mileageBelowPrevious':
      return i18n._(msg`The mileage must not be lower than the previous value (${error.previous})`);
    case 'imageTooLarge':
      return i18n._(msg`Images must be under 6 MB`);
    case 'pinDigits':
      return i18n._(msg`The PIN may contain numbers only`);
    case 'pinLength':
      return i18n._(msg`The PIN must have 4 digits`);
    case 'pinMismatch':
      return i18n._(msg`PIN does not match`);
    case 'referralCodeUnknown':
      return i18n._(msg`This referral code does not exist. Please check it with your friend.`);
  }
}
