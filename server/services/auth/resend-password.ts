import { and, eq } from 'drizzle-orm';
import { generateTempPassword, hashPassword } from '../../auth/crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { type MailQueueRow, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { MAIL, type MailLocale, mailHtml, mailI18n, mailLocale } from '../../mail/i18n';
import { escapeHtml, type OutgoingMail } from '../../mail/mailer';
import type { PreparedMail } from '../../mail/queue';
import { recordHit } from '../throttle';

/** At most this many temporary-password mails per email per window; more are silently not sent. */
const RESEND_MAX = 3;
const RESEND_WINDOW_SECONDS = 15 * 60;
/** The answer's Retry-After while mail is failing. */
const MAIL_RETRY_AFTER_SECONDS = 300;

/**
 * POST /auth/resend-password (issue 36, issue 32.10). The request does the same work whatever the email: it checks
 * that mail goes out (503 mail_unavailable for any email while it does not: nothing is queued, nothing changes),
 * counts the email's requests, and queues one forgotten-password row for the email in the same transaction — it never
 * reads the account, hashes or renders anything, nor talks to the relay. The queue's drainer (one process) turns the
 * row into the mail when it sends it (prepareTempPasswordMail below): only then is the account looked up, and for an
 * address without one the row is dropped. The temporary password is made there, is never stored in clear, and takes
 * effect only in the transaction that records the relay's acceptance: a mail that never goes out changes nothing,
 * and the old password keeps working until the driver changes it.
 */
export async function resendPassword({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { email: string; acceptLanguage?: string | undefined };
}): Promise<void> {
  if (!(await ctx.mailer.available())) {
    throw new DomainError(
      'unavailable',
      'mail_unavailable',
      'Mail cannot be sent right now; the password is unchanged. Try again later.',
      undefined,
      MAIL_RETRY_AFTER_SECONDS,
    );
  }
  const locale = mailLocale({ acceptLanguage: input.acceptLanguage });
  await ctx.db.transaction(async (tx) => {
    const mails = await recordHit({
      ctx: { ...ctx, db: tx },
      input: { key: `resend:${input.email}`, windowSeconds: RESEND_WINDOW_SECONDS },
    });
    if (mails.count > RESEND_MAX) return;
    await ctx.withDb(tx).mailer.queue({ kind: 'temp-password', to: input.email, locale });
  });
}

/**
 * The drainer's half: a queued forgotten-password row becomes the temporary-password mail, in the account's language
 * (else the request's). null when the address has no (registered) account: nothing is sent. On the relay's acceptance
 * the temporary password's hash is stored with its expiry, in the transaction that marks the mail sent.
 */
export async function prepareTempPasswordMail({
  ctx,
  input: row,
}: {
  ctx: AppContext;
  input: MailQueueRow;
}): Promise<PreparedMail | null> {
  const [user] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(eq(users.email, row.to), eq(users.isGuest, false)));
  if (!user) return null;
  const temp = generateTempPassword();
  const ttl = ctx.env.tempPasswordTtlMinutes;
  const tempPasswordHash = await hashPassword(ctx.env, temp);
  const locale = mailLocale({ userLanguage: user.language, acceptLanguage: row.locale });
  return {
    mail: tempPasswordMail({ to: row.to, firstName: user.firstName, locale, temp, ttl }),
    onSent: async (tx: Db) => {
      const now = new Date();
      await tx
        .update(users)
        .set({ tempPasswordHash, tempPasswordExpiresAt: new Date(now.getTime() + ttl * 60_000), updatedAt: now })
        .where(eq(users.id, user.id));
    },
  };
}

function tempPasswordMail(input: {
  to: string;
  firstName: string | null;
  locale: MailLocale;
  temp: string;
  ttl: number;
}): OutgoingMail {
  const { t } = mailI18n(input.locale);
  const greeting = input.firstName ? t(MAIL.greetingNamed, { name: input.firstName }) : t(MAIL.greeting);
  const subject = t(MAIL.tempPasswordSubject);
  const expires = t(MAIL.tempPasswordExpires, { minutes: input.ttl });
  const ignore = t(MAIL.tempPasswordIgnore);
  const signature = t(MAIL.signature);
  const text = [
    greeting,
    '',
    t(MAIL.tempPasswordIs, { password: input.temp }),
    '',
    expires,
    ignore,
    '',
    signature,
  ].join('\n');
  const [before, after = ''] = t(MAIL.tempPasswordIs, { password: '\u0000' }).split('\u0000');
  const html = mailHtml({
    locale: input.locale,
    title: subject,
    paragraphs: [
      escapeHtml(greeting),
      `${escapeHtml(before ?? '')}<strong style="font-family:monospace;font-size:1.2em">${escapeHtml(input.temp)}</strong>${escapeHtml(after)}`,
      escapeHtml(expires),
      escapeHtml(ignore),
      escapeHtml(signature),
    ],
  });
  return { to: input.to, subject, text, html, locale: input.locale };
}
