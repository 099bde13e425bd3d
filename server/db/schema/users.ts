// Accounts and their users (registered or guest).
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AccountFeatures } from '../../../contract/users';
import { createdAt } from './columns';

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  features: jsonb('features').$type<AccountFeatures>().notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    /** 24 lowercase hex characters (like a Mongo ObjectId): the app and host apps treat ids as opaque strings. */
    id: text('id').primaryKey(),
    /** Stored lowercased; null for guests. */
    email: text('email').unique(),
    passwordHash: text('password_hash'),
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true, mode: 'date' }),
    isGuest: boolean('is_guest').notNull().default(false),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    companyName: text('company_name'),
    taxCountry: text('tax_country'),
    taxId: text('tax_id'),
    street: text('street'),
    houseNumber: text('house_number'),
    street2: text('street2'),
    zip: text('zip'),
    city: text('city'),
    countryCode: text('country_code'),
    localisationCountry: text('localisation_country').notNull().default('DE'),
    quickCheckout: boolean('quick_checkout').notNull().default(false),
    marketingEmail: boolean('marketing_email').notNull().default(false),
    marketingPush: boolean('marketing_push').notNull().default(false),
    marketingSms: boolean('marketing_sms').notNull().default(false),
    odometerScreenData: jsonb('odometer_screen_data').$type<Record<string, unknown>>(),
    userCurrency: text('user_currency').notNull().default('EUR'),
    preferredThing: text('preferred_thing'),
    thingAvatars: jsonb('thing_avatars').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    twoFactorMethod: text('two_factor_method').$type<'webauthn' | 'pin' | 'none'>().notNull().default('none'),
    partner: text('partner'),
    referrer: text('referrer'),
    referralPlatform: text('referral_platform'),
    registrationData: text('registration_data'),
    /** The app's language at the last sign-in or registration (X-Locale): the language of the mails (issue 36). */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('users_account_id_idx').on(t.accountId)],
);

export type UserRow = typeof users.$inferSelect;
