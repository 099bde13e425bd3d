// The sandbox payment provider: saved methods (tokens only), holds and the ledger of every money movement.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { orders } from './orders';
import { users } from './users';

/** What the sandbox issuer answers for a card (server/psp/test-cards.ts: the test card numbers that choose it). */
export type CardBehavior = 'approve' | 'challenge' | 'decline' | 'insufficient_funds' | 'expired';

/**
 * What a method other than a card carries (shell-and-account.md §3 Payment method: details from paypal, mbway or fuel
 * card): the PayPal account's email; MB WAY's phone number, mandate validity and limit without PIN (minor units of
 * EUR); a fuel card's brand, security level and vehicle. Never a card number or a PIN.
 */
export type MethodDetails = {
  email?: string;
  phoneNumber?: string;
  mandateValidUntil?: string;
  limitWithoutPin?: number;
  fuelCardBrand?: string;
  level?: number;
  vin?: string;
};

/**
 * Saved payment methods of the sandbox PSP: a token with brand, last 4 digits and expiry. No card number is ever
 * stored. `behavior` is the sandbox's test-card outcome (approve or decline every authorization).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    token: text('token').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** Cards and fuel cards; null for PayPal and MB WAY. */
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    holderName: text('holder_name'),
    label: text('label'),
    behavior: text('behavior').$type<CardBehavior>().notNull().default('approve'),
    isPreferred: boolean('is_preferred').notNull().default(false),
    state: text('state').$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    details: jsonb('details').$type<MethodDetails>(),
    /** The method's own second factor (shell-and-account.md §3 isRegisteredFor2FA): a fuel card pays only with it. */
    isRegisteredFor2FA: boolean('is_registered_for_2fa').notNull().default(false),
    twoFactorRegistrationMethod: text('two_factor_registration_method'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_id_idx').on(t.userId)],
);

/** The sandbox PSP's hold per order. The checks make a capture above the hold impossible, whatever the code does. */
export const paymentHolds = pgTable(
  'payment_holds',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentMethodId: text('payment_method_id').notNull(),
    currency: text('currency').notNull(),
    held: integer('held').notNull(),
    captured: integer('captured').notNull().default(0),
    released: integer('released').notNull().default(0),
    /** HELD until settled once: CAPTURED (capture + release of the rest), RELEASED or VOIDED. */
    status: text('status').$type<'HELD' | 'CAPTURED' | 'RELEASED' | 'VOIDED'>().notNull().default('HELD'),
    createdAt: createdAt(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    check('payment_holds_amounts_check', sql`${t.held} > 0 and ${t.captured} >= 0 and ${t.released} >= 0`),
    check('payment_holds_capture_le_hold', sql`${t.captured} + ${t.released} <= ${t.held}`),
  ],
);

/** The sandbox PSP's ledger: every hold, capture, release, void and decline. At most one HOLD and one CAPTURE per order. */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'HOLD' | 'CAPTURE' | 'RELEASE' | 'VOID' | 'DECLINE'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    precision: integer('precision').notNull(),
    reference: text('reference'),
    createdAt: ts('created_at').notNull(),
    seq: integer('seq').generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('payment_ledger_order_id_idx').on(t.orderId, t.seq),
    uniqueIndex('payment_ledger_one_capture').on(t.orderId).where(sql`${t.kind} = 'CAPTURE'`),
    uniqueIndex('payment_ledger_one_hold').on(t.orderId).where(sql`${t.kind} = 'HOLD'`),
    check('payment_ledger_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * A visit of one of the provider's hosted pages (server/routes/psp.ts): who it is for, what it does (register a new
 * card, edit one, or the 3-D Secure challenge of an authorization) and where it returns. The id is the page's secret (the page has no session of ours); single-use and
 * short-lived. It never holds card data.
 */
export const pspSessions = pgTable(
  'psp_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * REGISTER / EDIT a card, CHALLENGE (3-D Secure), PAYPAL (the vault page), MBWAY_REGISTER (the phone approves the
     * mandate), MBWAY_PAYMENT (the phone approves a payment), BLUECODE / PAYCONIQ (linking a redirect method; its
     * payments are CHALLENGE visits answered on the method's page).
     */
    kind: text('kind')
      .$type<
        'REGISTER' | 'EDIT' | 'CHALLENGE' | 'PAYPAL' | 'MBWAY_REGISTER' | 'MBWAY_PAYMENT' | 'BLUECODE' | 'PAYCONIQ'
      >()
      .notNull(),
    /** MBWAY_REGISTER: the phone number the mandate is for. */
    phoneNumber: text('phone_number'),
    paymentMethodId: text('payment_method_id'),
    /** CHALLENGE: the order whose authorization waits for the 3-D Secure answer. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** CHALLENGE: wrong codes so far (3 fail the payment). */
    attempts: integer('attempts').notNull().default(0),
    successUrl: text('success_url').notNull(),
    errorUrl: text('error_url').notNull(),
    status: text('status').$type<'OPEN' | 'DONE' | 'CANCELLED'>().notNull().default('OPEN'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('psp_sessions_user_id_idx').on(t.userId)],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PspSessionRow = typeof pspSessions.$inferSelect;

/**
 * The payment PIN (shell-and-account.md §4 "Payment PIN"): an argon2id hash, never the PIN. `failures` counts wrong
 * PINs in a row; the third sets `lockedAt` (one guarded UPDATE, so parallel tries cannot count past it), and only the
 * account password clears it. In the database, so a restart keeps the lock.
 */
export const paymentPins = pgTable('payment_pins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  failures: integer('failures').notNull().default(0),
  lockedAt: ts('locked_at'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Single-use, expiring challenges of the second factors: a one-time code mailed for a payment method's 2FA
 * (registration, or authentication of one order), and the WebAuthn challenges (registration, login). `secret` is the
 * code's sha256 or the WebAuthn challenge. A verified AUTHENTICATE challenge is the permission to authorize its order
 * with its method once (`usedAt` set by the authorization).
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose')
      .$type<'2FA_REGISTER' | '2FA_AUTHENTICATE' | 'WEBAUTHN_REGISTER' | 'WEBAUTHN_LOGIN' | 'PAYMENT_PROOF'>()
      .notNull(),
    secret: text('secret').notNull(),
    paymentMethodId: text('payment_method_id'),
    orderId: text('order_id'),
    /**
     * A PAYMENT_PROOF's first authorization binds it to its order (`orderId`) and this amount (precision 2): it may pay
     * that order again for that amount (a retry after a refusal) until it expires, never another order or amount.
     */
    amount: integer('amount'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    usedAt: ts('used_at'),
  },
  (t) => [index('auth_challenges_user_id_idx').on(t.userId, t.purpose)],
);

/** A driver's WebAuthn credentials (passkeys): the public key only; `counter` guards against cloned authenticators. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('webauthn_credentials_user_id_idx').on(t.userId)],
);
