import { eq } from 'drizzle-orm';
import type { LoginResponse, RegisterBody } from '../../../contract/auth';
import { hashPassword, newId, newToken } from '../../auth/crypto';
import { completeLogin, spendIdToken, type VerifiedIdentity, verifyIdToken } from '../../auth/oidc';
import { assertStrongPassword } from '../../auth/password-policy';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { accounts, oidcIdentities, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { MAIL, mailHtml, mailI18n, mailLocale } from '../../mail/i18n';
import { escapeHtml } from '../../mail/mailer';
import { defaultAccountFeatures } from '../accounts';
import { recordHit } from '../throttle';
import { acceptReferralCode, knownReferralCode } from '../vouchers';
import { createSession } from './create-session';
import { identityForRegistration } from './login-openid';

/** At most this many "someone tried to register" mails per email per window; more are silently not sent. */
const TAKEN_MAIL_MAX = 3;
const TAKEN_MAIL_WINDOW_SECONDS = 15 * 60;

/**
 * POST /auth/register: a new account and user, logged in at once; optionally links an OpenID identity. An email that
 * has an account answers like a new registration (issue 32.13: no enumeration by the answer) and its owner gets a
 * mail instead (registerTakenEmail).
 */
export async function register({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: RegisterBody & { acceptLanguage?: string | undefined };
}): Promise<LoginResponse> {
  await assertStrongPassword(input.password);
  let identity: Pick<VerifiedIdentity, 'provider' | 'subject' | 'email'> | undefined;
  let spend: ((on: AppContext) => Promise<unknown>) | undefined;
  if (input.openIdTransaction) {
    if (input.idProvider || input.idToken) {
      throw new DomainError(
        'unprocessable',
        'invalid_id_token',
        'Give openIdTransaction or idProvider and idToken, not both',
      );
    }
    const { row } = await identityForRegistration(ctx, input.openIdTransaction, input.email);
    identity = { provider: row.provider, subject: row.subject as string, email: row.email ?? undefined };
    spend = async (on) => {
      if (!(await completeLogin(on, row.id)))
        throw new DomainError('conflict', 'conflict', 'This sign-in was used already');
    };
  } else if (input.idProvider || input.idToken) {
    if (!input.idProvider || !input.idToken) {
      throw new DomainError('unprocessable', 'invalid_id_token', 'idProvider and idToken must be given together');
    }
    const verified = await verifyIdToken({ ctx, input: { providerId: input.idProvider, idToken: input.idToken } });
    if (verified.email !== input.email) {
      throw new DomainError('unprocessable', 'invalid_id_token', 'The ID token belongs to another email');
    }
    identity = verified;
    const idToken = input.idToken;
    spend = (on) => spendIdToken(on, verified.provider, idToken, verified.payload);
  }
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) return registerTakenEmail({ ctx, input });

  const passwordHash = await hashPassword(ctx.env, input.password);
  const accountId = newId();
  const userId = newId();
  try {
    const token = await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id: accountId, features: defaultAccountFeatures() });
      await tx.insert(users).values({
        id: userId,
        email: input.email,
        passwordHash,
        accountId,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        partner: input.partner ?? null,
        referrer: input.referrer ?? null,
        referralPlatform: input.referralPlatform ?? null,
        registrationData: input.data ?? null,
        marketingEmail: input.marketingPermissions?.email ?? false,
        marketingPush: input.marketingPermissions?.push ?? false,
        marketingSms: input.marketingPermissions?.sms ?? false,
      });
      if (identity) {
        const linked = await tx
          .insert(oidcIdentities)
          .values({ provider: identity.provider, subject: identity.subject, userId, email: identity.email ?? null })
          .onConflictDoNothing()
          .returning({ userId: oidcIdentities.userId });
        if (linked.length === 0)
          throw new DomainError('conflict', 'conflict', 'This identity is already linked to a user');
        // The sign-in or the token that brought the identity links once.
        await spend?.(ctx.withDb(tx));
      }
      // A friend's code: an unknown one refuses the registration (422 on referralCode), nothing is kept.
      if (input.referralCode) {
        await acceptReferralCode(tx, { userId, referralCode: input.referralCode, now: ctx.clock.now() });
      }
      return createSession({ ctx, input: { userId }, tx });
    });
    return { auth_token: token, _id: userId };
  } catch (err) {
    // A concurrent registration of the same email won: this one is a registration of a taken email now.
    if (isUniqueViolation(err)) return registerTakenEmail({ ctx, input });
    throw err;
  }
}

/**
 * A registration of an email that has an account: the same answer as a new registration (201, a token and an id of
 * the same forms, neither of which opens anything: the token has no session, so the app's next call is 401 and it
 * goes on as a guest), the same checks first (the password policy, a friend's code that must exist) and the same
 * password hash; the owner is mailed, in the account's language, that someone tried (at most three such mails per
 * 15 minutes). The token is the one difference left: whoever uses it learns that it opens nothing — closing that needs
 * registrations confirmed by mail before they sign in, which the spec does not have (README, Security).
 */
async function registerTakenEmail({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: RegisterBody & { acceptLanguage?: string | undefined };
}): Promise<LoginResponse> {
  if (input.referralCode) await knownReferralCode(ctx.db, input.referralCode);
  await hashPassword(ctx.env, input.password);
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ language: users.language }).from(users).where(eq(users.email, input.email));
    const mails = await recordHit({
      ctx: { ...ctx, db: tx },
      input: { key: `register-taken:${input.email}`, windowSeconds: TAKEN_MAIL_WINDOW_SECONDS },
    });
    if (!owner || mails.count > TAKEN_MAIL_MAX) return;
    const locale = mailLocale({ userLanguage: owner.language, acceptLanguage: input.acceptLanguage });
    const { t } = mailI18n(locale);
    const subject = t(MAIL.registerTakenSubject);
    const link = `${ctx.env.publicUrl}/login?email=${encodeURIComponent(input.email)}`;
    const lines = [t(MAIL.greeting), t(MAIL.registerTakenIntro), t(MAIL.registerTakenSignIn)];
    const ignore = t(MAIL.registerTakenIgnore);
    const signature = t(MAIL.signature);
    await ctx.withDb(tx).mailer.send({
      to: input.email,
      subject,
      text: `${lines.join('\n\n')}\n${link}\n\n${ignore}\n\n${signature}\n`,
      html: mailHtml({
        locale,
        title: subject,
        paragraphs: [
          escapeHtml(lines[0] ?? ''),
          escapeHtml(lines[1] ?? ''),
          `${escapeHtml(lines[2] ?? '')}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
          escapeHtml(ignore),
          escapeHtml(signature),
        ],
      }),
      locale,
    });
  });
  return { auth_token: newToken(), _id: newId() };
}
