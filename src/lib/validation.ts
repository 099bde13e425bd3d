// Form validation rules (shell-and-account.md §5). Each returns an error descriptor or null; the UI translates it.
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/plain/auth';
import type { WeakPasswordReason } from '../../contract/plain/password-reasons';

export type FieldError =
  | { kind: 'required' }
  | { kind: 'format' }
  | { kind: 'passwordLength'; min: number; max: number }
  /** A new password the server would refuse as weak (issue 10 §8); 'common' only comes back from the server. */
  | { kind: 'weakPassword'; reason: WeakPasswordReason }
  | { kind: 'mismatch' }
  | { kind: 'terms' }
  /** shell-and-account.md §5 "Mileage is at most 1000000 and must not be lower than the previous value." */
  | { kind: 'mileageMax' }
  | { kind: 'mileageBelowPrevious'; previous: string }
  /** §5 "Images must be under 6 MB." */
  | { kind: 'imageTooLarge' }
  /** pay-flows.md §5 "PIN: exactly 4 digits, numbers only" (paymentPin.validate.error_only_numbers). */
  | { kind: 'pinDigits' }
  | { kind: 'pinLength' }
  /** shell-and-account.md §5 "PIN … must match on confirmation": 'PIN does not match'. */
  | { kind: 'pinMismatch' }
  /** A friend's referral code the server does not know (422 referral_code_unknown on referralCode). */
  | { kind: 'referralCodeUnknown' };

// Deliberately simple: one @, something before it, a dot in the domain, no spaces. The server validates again.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return { kind: 'required' };
  return EMAIL.test(v) && v.length <= 254 ? null : { kind: 'format' };
}

/** "Password 8 to 40 characters." */
export function validatePassword(value: string): FieldError | null {
  if (!value) return { kind: 'required' };
  return value.length < PASSWORD_MIN || value.length > PASSWORD_MAX
    ? { kind: 'passwordLength', min: PASSWORD_MIN, max: PASSWORD_MAX }
    : null;
}

/** "The confirmation must match." */
export function validateConfirmation(password: string, confirmation: string): FieldError | null {
  if (!confirmation) return { kind: 'required' };
  return password === confirmation ? null : { kind: 'mismatch' };
}

export function validateRequired(value: string): FieldError | null {
  return value.trim() ? null : { kind: 'required' };
}

/** "Terms and conditions must be accepted." */
export function validateTerms(accepted: boolean): FieldError | null {
  return accepted ? null : { kind: 'terms' };
}

export type Errors<K extends string> = Partial<Record<K, FieldError>>;

export function hasErrors<K extends string>(errors: Errors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

/** pay-flows.md §5: "PIN: exactly 4 digits, numbers only". */
export function validatePin(value: string): FieldError | null {
  if (!value) return { kind: 'required' };
  if (/\D/.test(value)) return { kind: 'pinDigits' };
  return value.length === 4 ? null : { kind: 'pinLength' };
}

/** shell-and-account.md §5: "PIN … must match on confirmation". */
export function validatePinConfirmation(pin: string, confirmation: string): FieldError | null {
  if (!confirmation) return { kind: 'required' };
  return pin === confirmation ? null : { kind: 'pinMismatch' };
}
