// OpenID Connect, the client side (issue 36): authorization code flow with PKCE (S256) through oauth4webapi, from
// discovery ({issuer}/.well-known/openid-configuration) alone. The server exchanges the code itself — as a confidential
// client with the provider's client secret, else as a public client whose PKCE verifier never leaves the server — so the
// browser never holds an ID token. State, nonce and verifier live in oidc_logins; the ID token is validated by oauth4webapi
// (iss, aud, azp, exp, iat, nonce) and its signature by jose against jwks_uri (cached, fetched again on an unknown kid),
// and it is used once (oidc_used_tokens). The demo provider (DEMO_MODE) speaks the same flow, answered in-process.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import type { OpenIdProviders } from '../../contract/auth';
import type { AppContext } from '../context';
import { oidcLogins, oidcUsedTokens } from '../db/schema';
import type { OidcProvider } from '../env';
import { DomainError } from '../errors';
import { newToken, sha256Hex } from './crypto';
import { DEMO_PROVIDER_ID } from './demo-oidc';

/** The app's page the provider sends the driver back to (register `${PUBLIC_URL}/openid/callback` at the provider). */
export const OIDC_REDIRECT_PATH = '/openid/callback';
/** A sign-in started must come back within ten minutes (the provider's page, a password, a mailed code). */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/** A second look at jwks_uri for an unknown key id waits at least this long after the last one. */
export const JWKS_COOLDOWN_MS = 1_000;
const HTTP_TIMEOUT_MS = 10_000;

export type OidcFailure = 'cancelled' | 'refused' | 'state' | 'expired' | 'used' | 'invalid_token';
export const oidcFailed = (reason: OidcFailure, message: string) =>
  new DomainError('unprocessable', 'openid_failed', message, { reason });
const unavailable = (id: string, why: string) =>
  new DomainError('unavailable', 'openid_unavailable', `The identity provider "${id}" cannot be reached: ${why}`);

/** The providers drivers are offered (GET /auth/login/openId/providers): the demo one in DEMO_MODE, each labelled one. */
export function offeredProviders(ctx: AppContext): OpenIdProviders {
  const providers: OpenIdProviders['providers'] = [];
  if (ctx.demoOidc) providers.push({ id: DEMO_PROVIDER_ID, label: 'Demo ID' });
  for (const p of ctx.env.oidcProviders) if (p.label) providers.push({ id: p.id, label: p.label });
  return { providers };
}

export const providerLabel = (ctx: AppContext, id: string): string =>
  id === DEMO_PROVIDER_ID ? 'Demo ID' : (ctx.env.oidcProviders.find((p) => p.id === id)?.label ?? id);

type HttpOptions = {
  [oauth.allowInsecureRequests]?: boolean;
  [oauth.customFetch]?: typeof fetch;
  signal?: () => AbortSignal;
};

export type ResolvedProvider = {
  id: string;
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  keys: JWTVerifyGetKey;
  scopes: string;
  http: () => { [oauth.allowInsecureRequests]?: boolean; [oauth.customFetch]?: typeof fetch; signal: AbortSignal };
};

const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(url.hostname);

function httpOptions(issuer: URL, extra: HttpOptions = {}): ResolvedProvider['http'] {
  return () => ({
    // Plain http only for a provider on this machine (tests, the demo): anything else must be https.
    ...(isLoopbackHttp(issuer) ? { [oauth.allowInsecureRequests]: true } : {}),
    ...(extra[oauth.customFetch] ? { [oauth.customFetch]: extra[oauth.customFetch] } : {}),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
}

/** Discovery of a configured provider: fetched once per process (a failure is tried again at the next sign-in). */
async function discover(ctx: AppContext, p: OidcProvider): Promise<ResolvedProvider> {
  const memoKey = `oidc:${p.id}`;
  const cached = ctx.memo.get(memoKey) as Promise<ResolvedProvider> | undefined;
  if (cached) return cached;
  const pending = (async () => {
    const issuer = new URL(p.issuer);
    const http = httpOptions(issuer);
    let as: oauth.AuthorizationServer;
    try {
      const res = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...http() });
      as = await oauth.processDiscoveryResponse(issuer, res);
    } catch (err) {
      throw unavailable(p.id, `discovery at ${p.issuer}/.well-known/openid-configuration failed (${describe(err)})`);
    }
    if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri) {
      throw unavailable(p.id, 'its discovery document lacks authorization_endpoint, token_endpoint or jwks_uri');
    }
    const jwksUri = new URL(as.jwks_uri);
    return {
      id: p.id,
      as,
      client: { client_id: p.clientId },
      clientAuth: p.clientSecret ? oauth.ClientSecretBasic(p.clientSecret) : oauth.None(),
      keys: createRemoteJWKSet(jwksUri, { cooldownDuration: JWKS_COOLDOWN_MS, timeoutDuration: HTTP_TIMEOUT_MS }),
      scopes: p.scopes,
      http,
    };
  })();
  ctx.memo.set(memoKey, pending);
  pending.catch(() => ctx.memo.delete(memoKey));
  return pending;
}

export async function resolveProvider(ctx: AppContext, id: string): Promise<ResolvedProvider> {
  if (id === DEMO_PROVIDER_ID && ctx.demoOidc) {
    const demo = ctx.demoOidc;
    return {
      id,
      as: demo.metadata,
      client: { client_id: demo.audience },
      clientAuth: oauth.None(),
      keys: demo.keySet,
      scopes: 'openid email',
      // The demo's token endpoint answers in this process: the same requests, no socket to our own port.
      http: httpOptions(new URL(demo.issuer), { [oauth.customFetch]: demo.fetch }),
    };
  }
  const p = ctx.env.oidcProviders.find((x) => x.id === id && x.label);
  if (!p) throw oidcFailed('refused', `Unknown identity provider: ${id}`);
  return discover(ctx, p);
}

/** At start-up: a line per offered provider, so a mistyped issuer shows in the log at once, not at the first sign-in. */
export async function checkProviders(
  ctx: AppContext,
  log: { info(l: string, f?: object): void; warn(l: string, f?: object): void },
) {
  for (const p of ctx.env.oidcProviders.filter((x) => x.label)) {
    try {
      const r = await discover(ctx, p);
      log.info(`OpenID provider "${p.id}" ready: ${r.as.issuer}`, { provider: p.id, issuer: r.as.issuer });
    } catch (err) {
      log.warn(`OpenID provider "${p.id}" is unusable: ${err instanceof Error ? err.message : String(err)}`, {
        provider: p.id,
        issuer: p.issuer,
      });
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: string }).code;
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${code ? `${code}: ` : ''}${err.message}${cause}`;
  }
  return String(err);
}

export type LoginRow = typeof oidcLogins.$inferSelect;

/** Starts a sign-in: the provider's authorization URL and the browser's handle (the only thing the browser keeps). */
export async function beginLogin(
  ctx: AppContext,
  input: { providerId: string; purpose: 'login' | 'link'; userId?: string },
): Promise<{ authorizeUrl: string; transaction: string }> {
  const p = await resolveProvider(ctx, input.providerId);
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const redirectUri = `${ctx.env.publicOrigin}${OIDC_REDIRECT_PATH}`;
  const transaction = newToken();
  const now = ctx.clock.now();
  await ctx.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await ctx.db.insert(oidcLogins).values({
    id: sha256Hex(transaction),
    provider: p.id,
    purpose: input.purpose,
    userId: input.userId ?? null,
    state,
    nonce,
    codeVerifier,
    redirectUri,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OIDC_LOGIN_TTL_MS),
  });
  const url = new URL(p.as.authorization_endpoint as string);
  url.searchParams.set('client_id', p.client.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', p.scopes);
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { authorizeUrl: url.toString(), transaction };
}

/** The sign-in a handle stands for, while it may still be used. */
export async function openLogin(ctx: AppContext, transaction: string): Promise<LoginRow> {
  const [row] = await ctx.db
    .select()
    .from(oidcLogins)
    .where(eq(oidcLogins.id, sha256Hex(transaction)));
  if (!row || row.expiresAt.getTime() <= ctx.clock.now().getTime()) {
    throw oidcFailed('expired', 'This sign-in has expired or is not known: start again');
  }
  if (row.doneAt) throw oidcFailed('used', 'This sign-in was completed already');
  return row;
}

/**
 * The provider's answer (the callback's query string) → the identity it vouches for, stored on the sign-in. Claimed
 * once (exchanged_at): a replayed callback, a second tab or a replayed code is refused before anything is asked.
 */
export async function finishLogin(
  ctx: AppContext,
  input: { transaction: string; callback: string },
): Promise<LoginRow> {
  const row = await openLogin(ctx, input.transaction);
  const [claimed] = await ctx.db
    .update(oidcLogins)
    .set({ exchangedAt: ctx.clock.now() })
    .where(and(eq(oidcLogins.id, row.id), isNull(oidcLogins.exchangedAt)))
    .returning({ id: oidcLogins.id });
  if (!claimed) throw oidcFailed('used', 'This sign-in was used already');
  const p = await resolveProvider(ctx, row.provider);
  const params = new URLSearchParams(input.callback.startsWith('?') ? input.callback.slice(1) : input.callback);
  let callback: URLSearchParams;
  try {
    callback = oauth.validateAuthResponse(p.as, p.client, params, row.state);
  } catch (err) {
    if (params.get('state') !== row.state) throw oidcFailed('state', 'The answer does not belong to this sign-in');
    if (err instanceof oauth.AuthorizationResponseError) {
      if (err.error === 'access_denied') throw oidcFailed('cancelled', 'The sign-in was cancelled at the provider');
      throw oidcFailed('refused', `The provider refused the sign-in (${err.error})`);
    }
    throw oidcFailed('refused', `The provider's answer was not accepted (${describe(err)})`);
  }
  let result: oauth.TokenEndpointResponse;
  try {
    const res = await oauth.authorizationCodeGrantRequest(
      p.as,
      p.client,
      p.clientAuth,
      callback,
      row.redirectUri,
      row.codeVerifier,
      p.http(),
    );
    result = await oauth.processAuthorizationCodeResponse(p.as, p.client, res, {
      expectedNonce: row.nonce,
      requireIdToken: true,
    });
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError) {
      throw oidcFailed('refused', `The provider refused the code (${err.error})`);
    }
    if (err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError')) {
      throw unavailable(row.provider, describe(err));
    }
    throw oidcFailed('invalid_token', `The ID token was not accepted (${describe(err)})`);
  }
  const idToken = result.id_token as string;
  const claims = oauth.getValidatedIdTokenClaims(result) as oauth.IDToken;
  try {
    await jwtVerify(idToken, p.keys, { issuer: p.as.issuer, audience: p.client.client_id, clockTolerance: 30 });
  } catch (err) {
    throw oidcFailed('invalid_token', `The ID token's signature was not accepted (${describe(err)})`);
  }
  await spendIdToken(ctx, row.provider, idToken, claims);

  let email = typeof claims.email === 'string' ? claims.email : undefined;
  let verified = claims.email_verified === true;
  // No email in the token: ask the provider's userinfo endpoint (with the access token just received).
  if (!email && p.as.userinfo_endpoint && result.access_token) {
    try {
      const res = await oauth.userInfoRequest(p.as, p.client, result.access_token, p.http());
      const info = await oauth.processUserInfoResponse(p.as, p.client, claims.sub, res);
      if (typeof info.email === 'string') {
        email = info.email;
        verified = info.email_verified === true;
      }
    } catch (err) {
      ctx.log.info(`OpenID userinfo of "${row.provider}" failed: ${describe(err)}`, { provider: row.provider });
    }
  }
  const normalized = email?.trim().toLowerCase() || null;
  const [stored] = await ctx.db
    .update(oidcLogins)
    .set({ subject: claims.sub, email: normalized, emailVerified: Boolean(normalized) && verified })
    .where(eq(oidcLogins.id, row.id))
    .returning();
  return stored as LoginRow;
}

/** Spends an ID token (and its nonce): a token or nonce seen before is refused. Rows go once the token expired. */
export async function spendIdToken(ctx: AppContext, provider: string, idToken: string, claims: JWTPayload) {
  const now = ctx.clock.now();
  const expiresAt = new Date(Math.max((claims.exp ?? 0) * 1000, now.getTime()) + 60_000);
  const keys = [
    typeof claims.jti === 'string'
      ? `${provider}:jti:${claims.jti}`
      : `${provider}:token:${createHash('sha256').update(idToken).digest('hex')}`,
  ];
  if (typeof claims.nonce === 'string') keys.push(`${provider}:nonce:${claims.nonce}`);
  await ctx.db.delete(oidcUsedTokens).where(lt(oidcUsedTokens.expiresAt, now));
  const inserted = await ctx.db
    .insert(oidcUsedTokens)
    .values(keys.map((key) => ({ key, expiresAt })))
    .onConflictDoNothing()
    .returning({ key: oidcUsedTokens.key });
  if (inserted.length !== keys.length) throw oidcFailed('used', 'This ID token was used already');
}

/** Marks a sign-in done (a session was made, an identity linked); false when another request did it first. */
export async function completeLogin(ctx: AppContext, id: string): Promise<boolean> {
  const done = await ctx.db
    .update(oidcLogins)
    .set({ doneAt: ctx.clock.now() })
    .where(and(eq(oidcLogins.id, id), isNull(oidcLogins.doneAt)))
    .returning({ id: oidcLogins.id });
  return done.length === 1;
}

// ---- POST /auth/login/openId (the spec's call: a host app posts an ID token it received itself) ----

export type VerifiedIdentity = { provider: string; subject: string; email: string | undefined; payload: JWTPayload };

function directVerifier(
  ctx: AppContext,
  providerId: string,
): { issuer: string; audience: string; keys: () => Promise<JWTVerifyGetKey> } | undefined {
  if (providerId === DEMO_PROVIDER_ID && ctx.demoOidc) {
    const demo = ctx.demoOidc;
    return { issuer: demo.issuer, audience: demo.audience, keys: async () => demo.keySet };
  }
  const p = ctx.env.oidcProviders.find((x) => x.id === providerId);
  if (!p) return undefined;
  return {
    issuer: p.issuer,
    audience: p.clientId,
    keys: async () => {
      if (!p.jwksUri) return (await discover(ctx, p)).keys;
      const memoKey = `jwks:${p.id}`;
      let keys = ctx.memo.get(memoKey) as JWTVerifyGetKey | undefined;
      if (!keys) {
        keys = createRemoteJWKSet(new URL(p.jwksUri), { cooldownDuration: JWKS_COOLDOWN_MS });
        ctx.memo.set(memoKey, keys);
      }
      return keys;
    },
  };
}

/** A posted ID token: issuer, audience, azp, signature, exp and iat checked (not yet spent: the caller spends it). */
export async function verifyIdToken({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { providerId: string; idToken: string };
}): Promise<VerifiedIdentity> {
  const { providerId, idToken } = input;
  const verifier = directVerifier(ctx, providerId);
  if (!verifier) throw new DomainError('unprocessable', 'invalid_id_token', `Unknown identity provider: ${providerId}`);
  const keys = await verifier.keys();
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: verifier.issuer,
      audience: verifier.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    });
    // Several audiences: the token must be issued to us (azp), as OpenID Connect Core 3.1.3.7 says.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== verifier.audience) {
      throw new Error('azp');
    }
    if (payload.azp !== undefined && payload.azp !== verifier.audience) throw new Error('azp');
    const verified = payload.email_verified !== false;
    const email = typeof payload.email === 'string' && verified ? payload.email.trim().toLowerCase() : undefined;
    return { provider: providerId, subject: payload.sub as string, email, payload };
  } catch (err) {
    const reason = err instanceof Error ? ((err as { code?: string }).code ?? err.message) : 'invalid';
    throw new DomainError('unprocessable', 'invalid_id_token', `The ID token was not accepted (${reason})`);
  }
}
