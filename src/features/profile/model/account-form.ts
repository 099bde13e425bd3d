// The account form fields (shell-and-account.md §3) split over /profile/manage, /address and /tax: the values a form
// starts from, the partial user it sends (PATCH /users/{id}), and the field rules of §5.
import { isValidPortugueseNif } from '../../../../contract/tax-id';
import { COUNTRIES, type User, type UserPatch } from '../../../../contract/users';
import type { FieldError } from '../../../lib/validation';

export type Country = (typeof COUNTRIES)[number];
export const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);
/** §9 "Default country DE." */
export const DEFAULT_COUNTRY: Country = 'DE';

export type PersonalValues = {
  firstName: string;
  lastName: string;
  phone: string;
  company: string;
  marketingEmail: boolean;
  marketingPush: boolean;
  marketingSms: boolean;
};
export type AddressValues = {
  street: string;
  houseNumber: string;
  street2: string;
  zip: string;
  city: string;
  countryCode: string;
};
export type TaxValues = { country: string; taxId: string };

export function personalValues(user: User): PersonalValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    company: user.company.name ?? '',
    marketingEmail: user.marketingPermissions.email,
    marketingPush: user.marketingPermissions.push,
    marketingSms: user.marketingPermissions.sms,
  };
}

export function addressValues(user: User): AddressValues {
  const a = user.address;
  return {
    street: a.street ?? '',
    houseNumber: a.houseNumber ?? '',
    street2: a.street2 ?? '',
    zip: a.zip ?? '',
    city: a.city ?? '',
    countryCode: a.countryCode && isCountry(a.countryCode) ? a.countryCode : user.localisationCountry,
  };
}

export function taxValues(user: User): TaxValues {
  const country = user.taxInfo.country ?? user.address.countryCode ?? user.localisationCountry;
  return { country: isCountry(country) ? country : DEFAULT_COUNTRY, taxId: user.taxInfo.taxId ?? '' };
}

/** Empty text clears a field on the server (null). */
const orNull = (value: string) => value.trim() || null;

export function personalPatch(v: PersonalValues): UserPatch {
  return {
    firstName: orNull(v.firstName),
    lastName: orNull(v.lastName),
    phone: orNull(v.phone),
    company: { name: orNull(v.company) },
    marketingPermissions: { email: v.marketingEmail, push: v.marketingPush, sms: v.marketingSms },
  };
}

export function addressPatch(v: AddressValues): UserPatch {
  return {
    address: {
      street: v.street.trim(),
      houseNumber: v.houseNumber.trim(),
      street2: v.street2.trim(),
      zip: v.zip.trim(),
      city: v.city.trim(),
      ...(isCountry(v.countryCode) ? { countryCode: v.countryCode } : {}),
    },
  };
}

export function taxPatch(v: TaxValues): UserPatch {
  return { taxInfo: { ...(isCountry(v.country) ? { country: v.country } : {}), taxId: v.taxId.trim() } };
}

/** §5 "Phone number must be valid": optional; digits with an optional leading +, spaces, dashes, brackets; 6–15 digits. */
export function validatePhone(value: string): FieldError | null {
  const v = value.trim();
  if (!v) return null;
  if (!/^\+?[\d\s()/-]+$/.test(v)) return { kind: 'format' };
  const digits = v.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15 ? null : { kind: 'format' };
}

/** §5 "Tax ID must be valid for Portugal": the NIF check for PT; other countries' ids are taken as written. */
export function validateTaxId(value: string, country: string): FieldError | null {
  const v = value.trim();
  if (!v) return null;
  if (country === 'PT') return isValidPortugueseNif(v) ? null : { kind: 'format' };
  return v.length <= 40 ? null : { kind: 'format' };
}

/** A postcode is optional, but not longer than the server keeps. */
export function validateZip(value: string): FieldError | null {
  return value.trim().length <= 20 ? null : { kind: 'format' };
}
