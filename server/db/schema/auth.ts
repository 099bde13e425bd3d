// Login sessions (only the token's sha256 is stored), linked OpenID identities, console sign-ins.
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** sha256 hex of the bearer token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Opened with a temporary password: only the change-password path is open. */
    tempPass: boolean('temp_pass').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oidc_identities_user_id_idx').on(t.userId)],
);

/**
 * "Sign in with Amazon" (shell-and-account.md §2.1 /amazonSSORedirect): the buyer tokens the sandbox Amazon sign-in
 * page hands to signInReturnUrl. Only the token's sha256 is kept; a token is exchanged for a session once, before it
 * expires (usedAt set in the same statement that checks it).
 */
export const amazonBuyerTokens = pgTable('amazon_buyer_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Amazon buyers linked to a driver's account (issue 32.1): a buyer signs in only to the account their first sign-in
 * created, or to one whose owner linked them by giving its password. `subject` is Amazon's buyerId, or for the sandbox
 * page `sandbox:<email>`.
 */
export const amazonIdentities = pgTable(
  'amazon_identities',
  {
    subject: text('subject').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('amazon_identities_user_id_idx').on(t.userId)],
);

/**
 * Forecourt console sign-ins (FORECOURT_CONSOLE_TOKEN): one random cookie per sign-in, only its sha256 kept, good for
 * 12 hours, ended by signing out; bound to the console token it was opened with, so changing the token ends them all.
 */
export const consoleSessions = pgTable('console_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  /** sha256 of the console token at sign-in. */
  consoleTokenHash: text('console_token_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
});

/**
 * OpenID Connect sign-ins under way (issue 36): what the authorization code flow needs between the redirect to the
 * provider and the callback — state, nonce, PKCE verifier — kept here, never in the URL. The browser holds only a random
 * handle (its sha256 is the id). After the code was exchanged, the identity the provider vouched for waits here for the
 * rest of the sign-in (the account's password to link, an email proven by a mailed code, a registration).
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** 'login' (sign in or register) or 'link' (a signed-in driver links an identity from the profile). */
    purpose: text('purpose').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set in the statement that claims the callback: a replayed code or a second tab finds it set. */
    exchangedAt: timestamp('exchanged_at', { withTimezone: true, mode: 'date' }),
    subject: text('subject'),
    /** The provider's email (verified or not), or the one the driver proved with a mailed code. */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** An email the driver typed and the sha256 of the code mailed to it; tries counted. */
    pendingEmail: text('pending_email'),
    emailCodeHash: text('email_code_hash'),
    emailCodeTries: integer('email_code_tries').notNull().default(0),
    /** A session was made or the identity linked: the handle is spent. */
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('oidc_logins_expires_at_idx').on(t.expiresAt)],
);

/**
 * ID tokens and nonces already used (single use, issue 36): `key` is `<provider>:jti:<jti>`, `<provider>:token:<sha256>`
 * or `<provider>:nonce:<nonce>`; kept until the token expires, then pruned.
 */
export const oidcUsedTokens = pgTable(
  'oidc_used_tokens',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('oidc_used_tokens_expires_at_idx').on(t.expiresAt)],
);
