// Wire format of users, preferences and account features (shell-and-account.md §3).
import { z } from 'zod';

export const COUNTRIES = ['AT', 'BE', 'CH', 'DE', 'DK', 'ES', 'IT', 'LU', 'NL', 'PL', 'PT'] as const;
export const countryCode = z.enum(COUNTRIES);

export const address = z.strictObject({
  street: z.string().max(200).optional(),
  houseNumber: z.string().max(20).optional(),
  street2: z.string().max(200).optional(),
  zip: z.string().max(20).optional(),
  city: z.string().max(100).optional(),
  countryCode: countryCode.optional(),
});

export const taxInfo = z.strictObject({
  country: countryCode.optional(),
  taxId: z.string().max(40).optional(),
});

export const marketingPermissionsState = z.object({
  email: z.boolean(),
  push: z.boolean(),
  sms: z.boolean(),
});

export const twoFactorMethod = z.enum(['webauthn', 'pin', 'none']);

export const user = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string().nullable(),
  accountId: z.string(),
  thingId: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.object({ name: z.string().nullable() }),
  taxInfo: z.object({ country: z.string().nullable(), taxId: z.string().nullable() }),
  address: z.object({
    street: z.string().nullable(),
    houseNumber: z.string().nullable(),
    street2: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
    countryCode: z.string().nullable(),
  }),
  twoFactorMethod,
  localisationCountry: z.string(),
  quickCheckout: z.boolean(),
  isGuest: z.boolean(),
  odometerScreenData: z.record(z.string(), z.unknown()).nullable(),
  marketingPermissions: marketingPermissionsState,
  userCurrency: z.string(),
  userPreferences: z.object({
    thingAvatars: z.record(z.string(), z.string()),
    preferredThing: z.string().nullable(),
  }),
  preferredVehicle: z.string().nullable(),
  features: z.object({
    referAFriend: z.boolean(),
    evCharging: z.boolean(),
    webAuthn: z.boolean(),
    fuelCard2faMethod: z.string().nullable(),
  }),
  /** True while the session was opened with a temporary password that must be changed. */
  passwordExpired: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

/** PATCH /users/{id}: a partial user; only these fields are editable by the user. */
export const userPatch = z.strictObject({
  firstName: z.string().trim().max(100).nullable().optional(),
  lastName: z.string().trim().max(100).nullable().optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  company: z.strictObject({ name: z.string().trim().max(200).nullable() }).optional(),
  taxInfo: taxInfo.optional(),
  address: address.optional(),
  localisationCountry: countryCode.optional(),
  quickCheckout: z.boolean().optional(),
  odometerScreenData: z.record(z.string(), z.unknown()).nullable().optional(),
  marketingPermissions: z
    .strictObject({ email: z.boolean().optional(), push: z.boolean().optional(), sms: z.boolean().optional() })
    .optional(),
  userCurrency: z.string().length(3).optional(),
});
export type UserPatch = z.infer<typeof userPatch>;

export const preferences = z.object({
  preferredThing: z.string().nullable(),
  thingAvatars: z.record(z.string(), z.string()),
  archivedThings: z.array(z.string()).optional(),
});
export type Preferences = z.infer<typeof preferences>;
export const preferencesPatch = z.strictObject({ preferredThing: z.string().min(1).max(64).nullable() });
export const preferencesQuery = z.strictObject({ includeArchived: z.enum(['true', 'false']).optional() });

export const accountFeatures = z.object({
  evCharging: z.object({
    enabled: z.boolean(),
    preAuthorizations: z.record(z.string(), z.number().int()),
  }),
  quickCheckout: z.boolean(),
  showOdometerScreenBeforeCheckout: z.boolean(),
  loyaltyPrograms: z.array(z.string()),
  referAFriend: z.boolean(),
  psp: z.object({
    providers: z.array(z.object({ provider: z.string(), methods: z.array(z.string()) })),
  }),
  poiFilters: z.array(z.string()),
  showCarProfileScreen: z.boolean(),
  invoicing: z.boolean(),
  giftCardShop: z.boolean(),
  gamification: z.boolean(),
  bookOnRydFuelCard: z.boolean(),
  helpScreen: z.object({ supportHotline: z.string().nullable() }),
});
export type AccountFeatures = z.infer<typeof accountFeatures>;

export const dataDumpQuery = z.strictObject({ thingId: z.string().min(1).max(64).optional() });
/**
 * A data export as the app shows it: REQUESTED while it is being built (the server mails when it is ready), READY with
 * its size until expiresAt (then EXPIRED), FAILED when it could not be built (request a new one).
 */
export const dataExportState = z.enum(['REQUESTED', 'READY', 'EXPIRED', 'FAILED']);
export type DataExportState = z.infer<typeof dataExportState>;
export const dataExport = z.object({
  id: z.string(),
  state: dataExportState,
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  byteSize: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;
/** GET /events/request-data-dump: 202, the export's job (a new one, or the one still being built). */
export const dataDumpResponse = z.object({ requested: z.literal(true), sentTo: z.string(), export: dataExport });
/** GET /v4/users/data-export: the newest export of the caller, or null. */
export const latestDataExportResponse = z.object({ export: dataExport.nullable() });

export const maintenance = z.object({
  production: z.boolean(),
  message: z.string().optional(),
});
export type Maintenance = z.infer<typeof maintenance>;
