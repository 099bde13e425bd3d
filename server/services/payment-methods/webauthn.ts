// WebAuthn (biometrics) as the alternative to the payment PIN (pay-flows.md §6 "two-factor validation (PIN or
// webauthn) before a card payment"; cloud functions generate_register_options, register_webauthn,
// generate_login_options, login_webauthn, has_user_webauthn). @simplewebauthn/server does the ceremony; the
// challenges live in auth_challenges: single-use (used_at set by the one answer that takes it) and expiring.
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { authChallenges, users, webauthnCredentials } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { issuePaymentProof } from './payment-proof';

export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'Forecourt Pay';

type Purpose = 'WEBAUTHN_REGISTER' | 'WEBAUTHN_LOGIN';
const rp = (ctx: AppContext) => ({ origin: ctx.env.publicOrigin, id: new URL(ctx.env.publicOrigin).hostname });
const transportsOf = (list: string[] | null) => (list ?? []) as AuthenticatorTransport[];

/** The spec sends userId: it must be the caller (another user's id is 404, as every id of ours). */
function ownUser(sessionUserId: string, userId: string | undefined) {
  if (userId !== undefined && userId !== sessionUserId) throw notFound('No such user');
}

async function saveChallenge(ctx: AppContext, userId: string, purpose: Purpose, challenge: string) {
  const now = ctx.clock.now();
  await ctx.db.insert(authChallenges).values({
    id: newId(),
    userId,
    purpose,
    secret: challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
  });
}

/** Takes the newest open challenge of this purpose (single-use: one answer uses it up, right or wrong). */
async function takeChallenge(ctx: AppContext, userId: string, purpose: Purpose): Promise<string> {
  const now = ctx.clock.now();
  const open = and(
    eq(authChallenges.userId, userId),
    eq(authChallenges.purpose, purpose),
    isNull(authChallenges.usedAt),
    gt(authChallenges.expiresAt, now),
  );
  const [row] = await ctx.db.select().from(authChallenges).where(open).orderBy(desc(authChallenges.createdAt)).limit(1);
  if (!row)
    throw new DomainError('conflict', 'conflict', 'No WebAuthn challenge is waiting: ask for new options', {
      reason: 'no_challenge',
    });
  const [taken] = await ctx.db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(and(eq(authChallenges.id, row.id), open))
    .returning({ id: authChallenges.id });
  if (!taken)
    throw new DomainError('conflict', 'conflict', 'This WebAuthn challenge was used already', {
      reason: 'no_challenge',
    });
  return row.secret;
}

/** generate_register_options (userId, userName) */
export async function registerOptions({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { sessionUserId: string; userId?: string | undefined; userName?: string | undefined };
}) {
  ownUser(input.sessionUserId, input.userId);
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, input.sessionUserId));
  if (!user?.email) throw new DomainError('forbidden', 'forbidden', 'A registered account is needed for biometrics');
  const existing = await ctx.db
    .select({ id: webauthnCredentials.id, transports: webauthnCredentials.transports })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, input.sessionUserId));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp(ctx).id,
    userName: input.userName?.slice(0, 100) || user.email,
    userID: new TextEncoder().encode(input.sessionUserId),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await saveChallenge(ctx, input.sessionUserId, 'WEBAUTHN_REGISTER', options.challenge);
  return options;
}

/** register_webauthn (credential): verified against the waiting challenge; the account's 2FA is WebAuthn then. */
export async function registerCredential({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; credential: unknown };
}) {
  const expectedChallenge = await takeChallenge(ctx, input.userId, 'WEBAUTHN_REGISTER');
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.credential as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp(ctx).origin,
      expectedRPID: rp(ctx).id,
      requireUserVerification: true,
    });
  } catch (err) {
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      `The credential could not be verified: ${(err as Error).message}`.slice(0, 300),
    );
  }
  if (!verification.verified)
    throw new DomainError('unprocessable', 'unprocessable', 'The credential could not be verified');
  const { credential } = verification.registrationInfo;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(webauthnCredentials)
      .values({
        id: credential.id,
        userId: input.userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? null,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    await tx.update(users).set({ twoFactorMethod: 'webauthn' }).where(eq(users.id, input.userId));
  });
  return { result: true };
}

/** generate_login_options (userId): the caller's credentials, a fresh challenge. */
export async function loginOptions({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { sessionUserId: string; userId?: string | undefined };
}) {
  ownUser(input.sessionUserId, input.userId);
  const creds = await ctx.db
    .select({ id: webauthnCredentials.id, transports: webauthnCredentials.transports })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, input.sessionUserId));
  if (creds.length === 0)
    throw new DomainError('conflict', 'conflict', 'No biometrics are registered', { reason: 'no_webauthn' });
  const options = await generateAuthenticationOptions({
    rpID: rp(ctx).id,
    allowCredentials: creds.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    userVerification: 'required',
  });
  await saveChallenge(ctx, input.sessionUserId, 'WEBAUTHN_LOGIN', options.challenge);
  return options;
}

/** login_webauthn (userId, assertion): 403 when the assertion does not verify. */
export async function login({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { sessionUserId: string; userId?: string | undefined; assertion: unknown };
}) {
  ownUser(input.sessionUserId, input.userId);
  const assertion = input.assertion as AuthenticationResponseJSON;
  const expectedChallenge = await takeChallenge(ctx, input.sessionUserId, 'WEBAUTHN_LOGIN');
  const [cred] = await ctx.db
    .select()
    .from(webauthnCredentials)
    .where(
      and(eq(webauthnCredentials.id, String(assertion?.id ?? '')), eq(webauthnCredentials.userId, input.sessionUserId)),
    );
  if (!cred)
    throw new DomainError('forbidden', 'forbidden', 'This credential is not registered', { reason: 'webauthn_failed' });
  let verified = false;
  let newCounter = cred.counter;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge,
      expectedOrigin: rp(ctx).origin,
      expectedRPID: rp(ctx).id,
      credential: {
        id: cred.id,
        publicKey: new Uint8Array(Buffer.from(cred.publicKey, 'base64url')),
        counter: cred.counter,
        transports: transportsOf(cred.transports),
      },
      requireUserVerification: true,
    });
    verified = result.verified;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    verified = false;
  }
  if (!verified)
    throw new DomainError('forbidden', 'forbidden', 'Biometric validation failed', { reason: 'webauthn_failed' });
  await ctx.db
    .update(webauthnCredentials)
    .set({ counter: newCounter, lastUsedAt: ctx.clock.now() })
    .where(eq(webauthnCredentials.id, cred.id));
  return { result: true, paymentProof: await issuePaymentProof(ctx, input.sessionUserId) };
}

/** has_user_webauthn */
export async function hasWebauthn({ ctx, input }: { ctx: AppContext; input: { userId: string } }) {
  const [row] = await ctx.db
    .select({ id: webauthnCredentials.id })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, input.userId))
    .limit(1);
  return { result: !!row };
}
