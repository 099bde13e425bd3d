// Signing in with an OpenID provider (issue 36). The protocol is auth/oidc.ts; here is who the identity is to us:
// - linked (provider, subject): a session;
// - purpose link (from the profile): linked to the signed-in driver (unless another account has it);
// - a *verified* email that has an account: 409 openid_link_required — that account's password links them, once
//   (checked as a password login, with its throttles), as with Amazon (amazon-sign-in.ts);
// - a verified email without an account: 422 not_registered — registering with openIdTransaction links it;
// - no email, or one the provider did not verify (never trusted to link): 422 openid_email_required — the driver gives
//   an email, proves it with a code we mail, and goes on as above. The identity stays linked by its subject.
import { randomInt } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import type {
  LoginOpenIdBody,
  LoginResponse,
  OpenIdCallbackResponse,
  OpenIdCompleteBody,
  OpenIdEmailBody,
  OpenIdIdentities,
} from '../../../contract/auth';
import { sha256Hex } from '../../auth/crypto';
import {
  beginLogin,
  completeLogin,
  finishLogin,
  type LoginRow,
  OIDC_LOGIN_TTL_MS,
  oidcFailed,
  openLogin,
  providerLabel,
  spendIdToken,
  verifyIdToken,
} from '../../auth/oidc';
import type { AppContext } from '../../context';
import { oidcIdentities, oidcLogins, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { MAIL, mailHtml, mailI18n, mailLocale } from '../../mail/i18n';
import { escapeHtml } from '../../mail/mailer';
import { createSession } from './create-session';
import { loginLocal } from './login-local';

/** Wrong mailed codes before the sign-in must start again. */
const EMAIL_CODE_TRIES = 5;

/** POST /auth/login/openId (the spec's call with an ID token). "An unknown OpenID user is reported as not_registered". */
export async function loginOpenId({ ctx, input }: { ctx: AppContext; input: LoginOpenIdBody }): Promise<LoginResponse> {
  const identity = await verifyIdToken({ ctx, input: { providerId: input.idProvider, idToken: input.idToken } });
  const link = await linkedUser(ctx, identity.provider, identity.subject);
  if (!link) {
    throw new DomainError('unprocessable', 'not_registered', 'No user is registered with this identity', {
      email: identity.email ?? null,
    });
  }
  // Used once: the same token posted again opens no second session.
  await spendIdToken(ctx, identity.provider, input.idToken, identity.payload).catch((err) => {
    throw err instanceof DomainError
      ? new DomainError('unprocessable', 'invalid_id_token', err.message, { reason: 'used' })
      : err;
  });
  const token = await createSession({ ctx, input: { userId: link } });
  return { auth_token: token, _id: link };
}

export function startOpenId({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { idProvider: string; purpose: 'login' | 'link'; userId: string | undefined };
}) {
  if (input.purpose === 'link' && !input.userId)
    throw new DomainError('unauthenticated', 'unauthorized', 'Sign in to link an identity');
  return beginLogin(ctx, {
    providerId: input.idProvider,
    purpose: input.purpose,
    ...(input.purpose === 'link' && input.userId ? { userId: input.userId } : {}),
  });
}

/** POST /auth/login/openId/callback: the provider's answer → a session, a link, or what is still missing. */
export async function openIdCallback({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { transaction: string; callback: string; userId: string | undefined };
}): Promise<OpenIdCallbackResponse> {
  const row = await finishLogin(ctx, input);
  if (row.purpose === 'link') {
    if (!row.userId || row.userId !== input.userId) {
      throw oidcFailed('refused', 'Linking is for the driver who started it: sign in again');
    }
    return linkToSignedIn(ctx, row);
  }
  return decide(ctx, row);
}

/** What a sign-in with a known identity leads to (after the callback, or after an email was proven). */
async function decide(ctx: AppContext, row: LoginRow): Promise<LoginResponse> {
  const subject = row.subject as string;
  const userId = await linkedUser(ctx, row.provider, subject);
  if (userId) return sessionFor(ctx, row, userId);
  if (!row.email || !row.emailVerified) {
    throw new DomainError(
      'unprocessable',
      'openid_email_required',
      'This identity brought no verified email: give one',
      {
        email: row.email,
      },
    );
  }
  if (await accountOf(ctx, row.email)) {
    throw new DomainError(
      'conflict',
      'openid_link_required',
      'An account with this email exists: give its password to link',
      {
        email: row.email,
      },
    );
  }
  throw new DomainError('unprocessable', 'not_registered', 'No user is registered with this identity', {
    email: row.email,
  });
}

async function sessionFor(ctx: AppContext, row: LoginRow, userId: string): Promise<LoginResponse> {
  if (!(await completeLogin(ctx, row.id))) throw oidcFailed('used', 'This sign-in was completed already');
  return { auth_token: await createSession({ ctx, input: { userId } }), _id: userId };
}

async function linkToSignedIn(ctx: AppContext, row: LoginRow): Promise<OpenIdCallbackResponse> {
  const userId = row.userId as string;
  const owner = await linkedUser(ctx, row.provider, row.subject as string);
  if (owner && owner !== userId) {
    throw new DomainError('conflict', 'openid_identity_taken', 'This identity is linked to another account');
  }
  if (!(await completeLogin(ctx, row.id))) throw oidcFailed('used', 'This sign-in was completed already');
  await linkIdentity(ctx, row, userId);
  return { linked: true, provider: row.provider };
}

async function linkIdentity(ctx: AppContext, row: LoginRow, userId: string) {
  await ctx.db
    .insert(oidcIdentities)
    .values({
      provider: row.provider,
      subject: row.subject as string,
      userId,
      email: row.emailVerified ? row.email : null,
    })
    .onConflictDoNothing();
}

/** A sign-in whose callback was accepted and that still needs something (a password, an email, a registration). */
export async function exchangedLogin(ctx: AppContext, transaction: string): Promise<LoginRow> {
  const row = await openLogin(ctx, transaction);
  if (!row.exchangedAt || !row.subject || row.purpose !== 'login') {
    throw oidcFailed('expired', 'This sign-in is not waiting for anything: start again');
  }
  return row;
}

/** POST /auth/login/openId/email: a six-digit code to the email the driver gave (the identity had no verified one). */
export async function sendOpenIdEmailCode({
  ctx,
  input,
}: {
  ctx: AppContext;
  /** locale: the app's X-Locale, else Accept-Language (there is no account yet whose language to take). */
  input: OpenIdEmailBody & { locale?: string | undefined };
}) {
  const row = await exchangedLogin(ctx, input.transaction);
  if (row.email && row.emailVerified) throw oidcFailed('refused', 'This identity has a verified email already');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const i18n = mailI18n(mailLocale({ acceptLanguage: input.locale }));
  const t = i18n.t;
  const lines = [
    t(MAIL.greeting),
    t(MAIL.openIdCodeIs, { code }),
    t(MAIL.openIdCodeUse, { minutes: OIDC_LOGIN_TTL_MS / 60_000 }),
  ];
  const subject = t(MAIL.codeSubject, { code });
  const text = [...lines, t(MAIL.codeIgnore), t(MAIL.signature)].join('\n\n');
  const html = mailHtml({
    locale: i18n.locale,
    title: subject,
    paragraphs: [
      escapeHtml(lines[0] ?? ''),
      escapeHtml(lines[1] ?? '').replace(code, `<strong style="font-family:monospace;font-size:20px">${code}</strong>`),
      escapeHtml(lines[2] ?? ''),
      escapeHtml(t(MAIL.codeIgnore)),
      escapeHtml(t(MAIL.signature)),
    ],
  });
  // The code and its mail in one transaction: the mail queue sends what was stored, nothing else.
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(oidcLogins)
      // The code works for ten minutes from this mail (the sign-in waits for it as long), as the mail and the app say.
      .set({
        pendingEmail: input.email,
        emailCodeHash: sha256Hex(`${row.id}:${code}`),
        emailCodeTries: 0,
        expiresAt: new Date(ctx.clock.now().getTime() + OIDC_LOGIN_TTL_MS),
      })
      .where(eq(oidcLogins.id, row.id));
    await ctx.withDb(tx).mailer.send({ to: input.email, subject, text, html });
  });
  return { sent: true as const };
}

/** POST /auth/login/openId/complete: the mailed code proves the email; the password links to the account it has. */
export async function completeOpenId({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: OpenIdCompleteBody & { address: string | undefined };
}): Promise<LoginResponse> {
  let row = await exchangedLogin(ctx, input.transaction);
  if (input.emailCode) {
    if (!row.pendingEmail || !row.emailCodeHash || row.emailCodeTries >= EMAIL_CODE_TRIES) {
      throw new DomainError('unprocessable', 'openid_code_wrong', 'No code is waiting: ask for a new one', {
        triesLeft: 0,
      });
    }
    if (sha256Hex(`${row.id}:${input.emailCode}`) !== row.emailCodeHash) {
      const tries = row.emailCodeTries + 1;
      await ctx.db.update(oidcLogins).set({ emailCodeTries: tries }).where(eq(oidcLogins.id, row.id));
      throw new DomainError('unprocessable', 'openid_code_wrong', 'The code is not right', {
        triesLeft: Math.max(0, EMAIL_CODE_TRIES - tries),
      });
    }
    const [proven] = await ctx.db
      .update(oidcLogins)
      .set({ email: row.pendingEmail, emailVerified: true, pendingEmail: null, emailCodeHash: null })
      .where(eq(oidcLogins.id, row.id))
      .returning();
    row = proven as LoginRow;
  }
  if (input.password) {
    const email = row.email;
    const userId = email && row.emailVerified ? await accountOf(ctx, email) : null;
    if (!email || !userId) throw oidcFailed('refused', 'There is no account to link this identity to');
    const login = await loginLocal({ ctx, input: { email, password: input.password, address: input.address } });
    if (!(await completeLogin(ctx, row.id))) throw oidcFailed('used', 'This sign-in was completed already');
    await linkIdentity(ctx, row, login._id);
    return login;
  }
  return decide(ctx, row);
}

/**
 * For POST /auth/register with openIdTransaction: the identity to link, when its proven email is the one registered.
 * Called inside the registration's transaction with the same handle: the sign-in is spent there.
 */
export async function identityForRegistration(
  ctx: AppContext,
  transaction: string,
  email: string,
): Promise<{ row: LoginRow }> {
  const row = await exchangedLogin(ctx, transaction);
  if (!row.email || !row.emailVerified || row.email !== email) {
    throw oidcFailed('refused', 'Register with the email your sign-in proved');
  }
  return { row };
}

/** GET /auth/openId/identities. */
export async function listIdentities({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string };
}): Promise<OpenIdIdentities> {
  const rows = await ctx.db
    .select({ provider: oidcIdentities.provider, email: oidcIdentities.email })
    .from(oidcIdentities)
    .where(eq(oidcIdentities.userId, input.userId))
    .orderBy(oidcIdentities.provider);
  return { identities: rows.map((r) => ({ ...r, label: providerLabel(ctx, r.provider) })) };
}

/** DELETE /auth/openId/identities/{provider}: unlinks the driver's identities at that provider. */
export async function unlinkIdentity({ ctx, input }: { ctx: AppContext; input: { userId: string; provider: string } }) {
  const gone = await ctx.db
    .delete(oidcIdentities)
    .where(and(eq(oidcIdentities.userId, input.userId), eq(oidcIdentities.provider, input.provider)))
    .returning({ provider: oidcIdentities.provider });
  if (gone.length === 0) throw new DomainError('not_found', 'not_found', 'No identity of this provider is linked');
  return { ok: true as const };
}

async function linkedUser(ctx: AppContext, provider: string, subject: string): Promise<string | null> {
  const [link] = await ctx.db
    .select({ userId: oidcIdentities.userId })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)));
  return link?.userId ?? null;
}

async function accountOf(ctx: AppContext, email: string): Promise<string | null> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), or(eq(users.isGuest, false), isNull(users.isGuest))));
  return user?.id ?? null;
}
