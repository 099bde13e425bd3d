import { and, eq } from 'drizzle-orm';
import { generateTempPassword, hashPassword } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { escapeHtml } from '../../mail/mailer';
import { recordHit } from '../throttle';

/** At most this many temporary-password mails per email per window; more are silently not sent. */
const RESEND_MAX = 3;
const RESEND_WINDOW_SECONDS = 15 * 60;
/** No user has this id: the update of an unknown email touches no row, at the cost of the real one. */
const NO_USER = '';

/**
 * POST /auth/resend-password: mails a temporary password to a registered user. The old password keeps working
 * until changed. The caller always answers {sent: true}, and in the same time, whether or not the email exists
 * (no enumeration): the same reads, counter, password hash and update either way; the mail goes out after the answer.
 */
export async function resendPassword({ ctx, input }: { ctx: AppContext; input: { email: string } }): Promise<void> {
  const temp = generateTempPassword();
  const ttl = ctx.env.tempPasswordTtlMinutes;
  const tempPasswordHash = await hashPassword(ctx.env, temp);
  // One transaction, so one commit either way: on PostgreSQL each commit that wrote waits for its WAL flush, and a
  // known email's update (a row written) as its own commit cost one flush more than an unknown one's (no row): the
  // CI disk took ~35 ms per flush, so the known email answered in twice the time.
  const { user, send } = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.isGuest, false)));
    const mails = await recordHit({
      ctx: { ...ctx, db: tx },
      input: { key: `resend:${input.email}`, windowSeconds: RESEND_WINDOW_SECONDS },
    });
    const send = user !== undefined && mails.count <= RESEND_MAX;
    await tx
      .update(users)
      .set({ tempPasswordHash, tempPasswordExpiresAt: new Date(Date.now() + ttl * 60_000), updatedAt: new Date() })
      .where(eq(users.id, send ? user.id : NO_USER));
    return { user, send };
  });
  if (!send || !user) return;

  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Your temporary Forecourt Pay password is: ${temp}`,
    '',
    `It expires in ${ttl} minutes. Sign in with it and you will be asked to choose a new password.`,
    'Your current password keeps working until you change it. If you did not ask for this, ignore this mail.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>Your temporary Forecourt Pay password is: <strong style="font-family:monospace">${escapeHtml(temp)}</strong></p><p>It expires in ${ttl} minutes. Sign in with it and you will be asked to choose a new password.</p><p>Your current password keeps working until you change it. If you did not ask for this, ignore this mail.</p>`;
  ctx.background.run('resend-password mail', () =>
    ctx.mailer.send({ to: input.email, subject: 'Your temporary Forecourt Pay password', text, html }),
  );
}
