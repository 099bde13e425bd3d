import type { AccountFeatures, Preferences, User } from '../../../contract/users';
import type { UserRow } from '../../db/schema';

/** The wire form of a user (contract `user`); never includes hashes. */
export function toUserJson(
  row: UserRow,
  features: AccountFeatures,
  tempPass: boolean,
  firstThingId: string | null = null,
): User {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    accountId: row.accountId,
    // The user's first vehicle (the id the app sends as thingId when creating an order).
    thingId: firstThingId,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    company: { name: row.companyName },
    taxInfo: { country: row.taxCountry, taxId: row.taxId },
    address: {
      street: row.street,
      houseNumber: row.houseNumber,
      street2: row.street2,
      zip: row.zip,
      city: row.city,
      countryCode: row.countryCode,
    },
    twoFactorMethod: row.twoFactorMethod,
    localisationCountry: row.localisationCountry,
    quickCheckout: row.quickCheckout,
    isGuest: row.isGuest,
    odometerScreenData: row.odometerScreenData ?? null,
    marketingPermissions: { email: row.marketingEmail, push: row.marketingPush, sms: row.marketingSms },
    userCurrency: row.userCurrency,
    userPreferences: { thingAvatars: row.thingAvatars ?? {}, preferredThing: row.preferredThing },
    preferredVehicle: row.preferredThing,
    features: {
      referAFriend: features.referAFriend,
      evCharging: features.evCharging.enabled,
      webAuthn: false,
      fuelCard2faMethod: null,
    },
    passwordExpired: tempPass,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPreferences(row: UserRow, includeArchived: boolean): Preferences {
  return {
    preferredThing: row.preferredThing,
    thingAvatars: row.thingAvatars ?? {},
    // Vehicles cannot be archived, so none is.
    ...(includeArchived ? { archivedThings: [] } : {}),
  };
}
