// A payment method's own second factor (shell-and-account.md §7 two-factor calls; §5 "Fuel-card checkout is allowed
// only if that check passes"): a 6-digit code mailed to the account's address. Registration (generate-options, verify)
// marks the method isRegisteredFor2FA; authentication (generate-options with paymentMethodId, verify with orderId)
// lets that order be authorized with that method once. Codes are single-use, expire, allow 5 tries, and only their
// sha256 is stored.
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { TWO_FACTOR_CODE_LENGTH, type TwoFactorOptions } from '../../../contract/payment-methods';
import { newId, sha256Hex } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { authChallenges, orders, type PaymentMethodRow, paymentMethods, users } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { MAIL, type MailLocale, mailHtml, mailI18n, mailLocale } from '../../mail/i18n';
import { escapeHtml, type OutgoingMail } from '../../mail/mailer';
import { ownActiveMethod } from './manage-methods';

export const TWO_FACTOR_CODE_TTL_MS = 10 * 60 * 1000;
export const TWO_FACTOR_MAX_TRIES = 5;
/** The methods that pay only with their own second factor. */
export const NEEDS_METHOD_2FA = new Set(['FUEL_CARD']);

type Purpose = '2FA_REGISTER' | '2FA_AUTHENTICATE';
const digest = (id: string, code: string) => sha256Hex(`${id}:${code}`);

function mask(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.charAt(0)}•••@${domain}`;
}

async function sendCode({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; purpose: Purpose; method: PaymentMethodRow };
}): Promise<TwoFactorOptions> {
  const [user] = await ctx.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user?.email) throw new DomainError('forbidden', 'forbidden', 'A registered account with an email is needed');
  const now = ctx.clock.now();
  const id = newId();
  const code = String(randomInt(10 ** TWO_FACTOR_CODE_LENGTH)).padStart(TWO_FACTOR_CODE_LENGTH, '0');
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CODE_TTL_MS);
  const mail = codeMail({
    to: user.email,
    locale: mailLocale({ userLanguage: user.language }),
    code,
    purpose: input.purpose,
  });
  await ctx.db.transaction(async (tx) => {
    // A new code replaces the open ones of the same purpose and method.
    await tx
      .update(authChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(authChallenges.userId, input.userId),
          eq(authChallenges.purpose, input.purpose),
          eq(authChallenges.paymentMethodId, input.method.id),
          isNull(authChallenges.verifiedAt),
          isNull(authChallenges.usedAt),
        ),
      );
    await tx.insert(authChallenges).values({
      id,
      userId: input.userId,
      purpose: input.purpose,
      secret: digest(id, code),
      paymentMethodId: input.method.id,
      createdAt: now,
      expiresAt,
    });
    // Queued with the code it carries: no code without its mail, no mail for a code that was rolled back.
    await ctx.withDb(tx).mailer.send(mail);
  });
  const to = user.email;
  return {
    method: 'EMAIL_OTP',
    sentTo: mask(to),
    expiresAt: expiresAt.toISOString(),
    codeLength: TWO_FACTOR_CODE_LENGTH,
  };
}

/** The code's mail in the account's language. */
function codeMail(input: { to: string; locale: MailLocale; code: string; purpose: Purpose }): OutgoingMail {
  const { t } = mailI18n(input.locale);
  const values = { code: input.code, minutes: TWO_FACTOR_CODE_TTL_MS / 60_000 };
  const lines = [
    t(input.purpose === '2FA_REGISTER' ? MAIL.codeProtectCard : MAIL.codeConfirmPayment, values),
    t(MAIL.codeIgnore),
    t(MAIL.signature),
  ];
  const subject = t(MAIL.codeSubject, { code: input.code });
  return {
    to: input.to,
    subject,
    text: lines.join('\n\n'),
    html: mailHtml({ locale: input.locale, title: subject, paragraphs: lines.map(escapeHtml) }),
    locale: input.locale,
  };
}

/** Checks the code of the open challenge; wrong codes count (one guarded UPDATE), the fifth ends the challenge. */
async function checkCode({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; purpose: Purpose; paymentMethodId: string; code: string; orderId?: string };
}): Promise<void> {
  const now = ctx.clock.now();
  const open = and(
    eq(authChallenges.userId, input.userId),
    eq(authChallenges.purpose, input.purpose),
    eq(authChallenges.paymentMethodId, input.paymentMethodId),
    isNull(authChallenges.verifiedAt),
    isNull(authChallenges.usedAt),
    gt(authChallenges.expiresAt, now),
    lt(authChallenges.attempts, TWO_FACTOR_MAX_TRIES),
  );
  const [challenge] = await ctx.db
    .select()
    .from(authChallenges)
    .where(open)
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  if (!challenge) {
    throw new DomainError('conflict', 'conflict', 'No code is waiting: ask for a new one', { reason: 'no_code' });
  }
  const code = input.code.trim();
  if (/^\d+$/.test(code) && digest(challenge.id, code) === challenge.secret) {
    const [done] = await ctx.db
      .update(authChallenges)
      .set({
        verifiedAt: now,
        orderId: input.orderId ?? null,
        // A verified payment code permits one authorization of its order within the code's lifetime.
        expiresAt: new Date(now.getTime() + TWO_FACTOR_CODE_TTL_MS),
        ...(input.purpose === '2FA_REGISTER' ? { usedAt: now } : {}),
      })
      .where(and(eq(authChallenges.id, challenge.id), open))
      .returning({ id: authChallenges.id });
    if (done) return;
  } else {
    const [counted] = await ctx.db
      .update(authChallenges)
      .set({ attempts: sql`${authChallenges.attempts} + 1` })
      .where(and(eq(authChallenges.id, challenge.id), open))
      .returning({ attempts: authChallenges.attempts });
    const left = counted ? TWO_FACTOR_MAX_TRIES - counted.attempts : 0;
    throw new DomainError('forbidden', 'forbidden', 'The code is not correct', {
      reason: left > 0 ? 'wrong_code' : 'no_code',
      triesLeft: left,
    });
  }
  throw new DomainError('conflict', 'conflict', 'No code is waiting: ask for a new one', { reason: 'no_code' });
}

async function ownMethod(ctx: AppContext, userId: string, id: string): Promise<PaymentMethodRow> {
  return ctx.db.transaction((tx) => ownActiveMethod(tx, userId, id));
}

/** POST /auth/2fa/registration/generate-options */
export async function registrationOptions({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; paymentMethodId: string };
}) {
  const method = await ownMethod(ctx, input.userId, input.paymentMethodId);
  return sendCode({ ctx, input: { userId: input.userId, purpose: '2FA_REGISTER', method } });
}

/** POST /auth/2fa/registration/verify: the method is registered for 2FA from now on. */
export async function verifyRegistration({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; paymentMethodId: string; code: string };
}) {
  const method = await ownMethod(ctx, input.userId, input.paymentMethodId);
  await checkCode({ ctx, input: { ...input, purpose: '2FA_REGISTER', paymentMethodId: method.id } });
  const [row] = await ctx.db
    .update(paymentMethods)
    .set({ isRegisteredFor2FA: true, twoFactorRegistrationMethod: 'EMAIL_OTP' })
    .where(eq(paymentMethods.id, method.id))
    .returning();
  return row as PaymentMethodRow;
}

/** POST /auth/2fa/authentication/generate-options (paymentMethodId): a code to confirm a payment with the method. */
export async function authenticationOptions({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; paymentMethodId: string };
}) {
  const method = await ownMethod(ctx, input.userId, input.paymentMethodId);
  if (!method.isRegisteredFor2FA) {
    throw new DomainError(
      'conflict',
      'conflict',
      'This payment method is not registered for two-factor authentication',
      {
        reason: 'second_factor_not_registered',
      },
    );
  }
  return sendCode({ ctx, input: { userId: input.userId, purpose: '2FA_AUTHENTICATE', method } });
}

/** POST /auth/2fa/authentication/verify (orderId, paymentMethodId): the order may be authorized with the method once. */
export async function verifyAuthentication({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; orderId: string; paymentMethodId: string; code: string };
}) {
  const method = await ownMethod(ctx, input.userId, input.paymentMethodId);
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)));
  if (!order) throw notFound('No such order');
  await checkCode({ ctx, input: { ...input, purpose: '2FA_AUTHENTICATE', paymentMethodId: method.id } });
  return { result: true };
}

/**
 * At authorize: a method that needs its own second factor pays only when it is registered and a verified code for
 * this order is there, which the authorization uses up (403 "second factor required" otherwise).
 */
export async function requireSecondFactor({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { method: Pick<PaymentMethodRow, 'id' | 'method' | 'isRegisteredFor2FA'>; orderId: string; now: Date };
}): Promise<void> {
  if (!NEEDS_METHOD_2FA.has(input.method.method)) return;
  if (!input.method.isRegisteredFor2FA) {
    throw new DomainError(
      'forbidden',
      'forbidden',
      'This payment method is not registered for two-factor authentication',
      {
        reason: 'second_factor_not_registered',
      },
    );
  }
  const [used] = await ctx.db
    .update(authChallenges)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(authChallenges.purpose, '2FA_AUTHENTICATE'),
        eq(authChallenges.paymentMethodId, input.method.id),
        eq(authChallenges.orderId, input.orderId),
        isNotNull(authChallenges.verifiedAt),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, input.now),
      ),
    )
    .returning({ id: authChallenges.id });
  if (!used) {
    // The order's id lets the app ask for the code of this very order (a prepay order is created by the same tap).
    throw new DomainError(
      'forbidden',
      'forbidden',
      'Second factor required: confirm this payment with the code we mail you',
      {
        reason: 'second_factor_required',
        orderId: input.orderId,
      },
    );
  }
}
