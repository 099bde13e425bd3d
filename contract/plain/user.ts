// GET /users/{id} read without zod (every signed-in first screen waits for it): contract/users.ts `user` is the same
// shape for the server, and tests/unit/plain-schema.test.ts holds the two to the same answers.
import type { User } from '../users';
import { bool, checked, nullable, obj, oneOf, type Reader, record, str, unknown } from './check';

const text = nullable(str());

export const readUser: Reader<User> = obj({
  _id: str(),
  id: str(),
  email: text,
  accountId: str(),
  thingId: text,
  firstName: text,
  lastName: text,
  phone: text,
  company: obj({ name: text }),
  taxInfo: obj({ country: text, taxId: text }),
  address: obj({ street: text, houseNumber: text, street2: text, zip: text, city: text, countryCode: text }),
  twoFactorMethod: oneOf(['webauthn', 'pin', 'none'] as const),
  localisationCountry: str(),
  quickCheckout: bool,
  isGuest: bool,
  odometerScreenData: nullable(record(unknown)),
  marketingPermissions: obj({ email: bool, push: bool, sms: bool }),
  userCurrency: str(),
  userPreferences: obj({ thingAvatars: record(str()), preferredThing: text }),
  preferredVehicle: text,
  features: obj({ referAFriend: bool, evCharging: bool, webAuthn: bool, fuelCard2faMethod: text }),
  passwordExpired: bool,
  createdAt: str(),
});

/** The user answer, checked without zod. */
export const userAnswer = checked(readUser);
