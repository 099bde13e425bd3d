// Field rules of the add screens (shell-and-account.md §5 "Phone number must be valid", "Card expiry has the form
// MM/YYYY", "A VIN is required for a fuel card"; pay-flows.md §5 fuel-card levels). Pure; the server checks again.
import {
  FUEL_CARD_NUMBER_SHAPE,
  fuelCardLevel,
  fuelCardRules,
  parseMbwayPhone,
  VIN_SHAPE,
} from '../../../../contract/plain/payment-methods';
import type { FieldError } from '../../../lib/validation';

export function validateMbwayPhone(value: string): FieldError | null {
  if (!value.trim()) return { kind: 'required' };
  return parseMbwayPhone(value) ? null : { kind: 'format' };
}

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** A fuel card number: an ISO 7812 petroleum card (first digit 7), 16 to 19 digits, Luhn. */
export function validateFuelCardNumber(value: string): FieldError | null {
  const digits = digitsOf(value);
  if (!digits) return { kind: 'required' };
  return FUEL_CARD_NUMBER_SHAPE.test(digits) && luhn(digits) ? null : { kind: 'format' };
}

/** "Card expiry has the form MM/YYYY" (shell-and-account.md §5), not before this month. */
export function validateCardExpiry(value: string, now = new Date()): FieldError | null {
  if (!value.trim()) return { kind: 'required' };
  const m = /^\s*(\d{2})\s*\/\s*(\d{4})\s*$/.exec(value);
  if (!m) return { kind: 'format' };
  const month = Number(m[1]);
  const year = Number(m[2]);
  if (month < 1 || month > 12) return { kind: 'format' };
  return year * 12 + month - 1 < now.getFullYear() * 12 + now.getMonth() ? { kind: 'format' } : null;
}

/** The fuel card's PIN (tpin): 4 digits. */
export function validateTpin(value: string): FieldError | null {
  if (!value) return { kind: 'required' };
  return /^\d{4}$/.test(value) ? null : { kind: 'format' };
}

/** The fuel card's level from its number (0 until the number is complete). */
export function levelOf(number: string): number {
  const digits = digitsOf(number);
  return validateFuelCardNumber(digits) ? 0 : fuelCardLevel(digits);
}

/** pay-flows.md §5 / shell-and-account.md §5: "A VIN is required for a fuel card" from level 2. */
export function validateVin(value: string, level: number): FieldError | null {
  const vin = value.trim().toUpperCase();
  if (!vin) return fuelCardRules(level).vinRequired ? { kind: 'required' } : null;
  return VIN_SHAPE.test(vin) ? null : { kind: 'format' };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
