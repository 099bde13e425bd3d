// The built-in demo identity provider (DEMO_MODE only): an ES256 key pair made at start, an issuer at
// ${PUBLIC_URL}/dev/oidc, client 'forecourt-pay' (public, PKCE). It speaks the authorization code flow as a real provider
// does: its page (routes/dev-oidc.ts) issues a one-time code bound to the PKCE challenge, its token endpoint trades the
// code for an ID token carrying the nonce. The server reaches that endpoint in-process (`fetch`), others over HTTP.
// One provider for all API processes (WORKERS on PostgreSQL): the primary hands every worker the same key (server/
// index.ts, as the sandbox Amazon's, issue 32.6), a code is the grant itself signed with that key, and it is spent once
// in the database (`spend`), so a code issued by one worker is taken by whichever gets the callback, and only once.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createLocalJWKSet, exportJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { AuthorizationServer } from 'oauth4webapi';
import { sha256Hex } from './crypto';

export const DEMO_PROVIDER_ID = 'demo';
export const DEMO_AUDIENCE = 'forecourt-pay';
const KID = 'demo-es256';
/** The variable through which the cluster's primary hands its workers one demo provider key (server/index.ts). */
export const DEMO_OIDC_KEY_VAR = 'FORECOURT_DEMO_OIDC_KEY';
const CODE_TYPE = 'demo-oidc-code+jwt';

/** A new demo provider signing key (ES256), as PEM (PKCS #8). */
export function newDemoOidcKey(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

/** Takes a code once, for all processes (the database's table of spent tokens); false when it was taken before. */
export type SpendOnce = (key: string, expiresAt: Date) => Promise<boolean>;
/** A code is good for one minute, once. */
const CODE_TTL_MS = 60_000;

type Grant = {
  email: string | undefined;
  emailVerified: boolean;
  nonce: string | undefined;
  codeChallenge: string;
  redirectUri: string;
  clientId: string;
  expiresAt: number;
};

export type DemoOidc = {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] };
  keySet: ReturnType<typeof createLocalJWKSet>;
  /** The discovery document (also served at /dev/oidc/.well-known/openid-configuration). */
  metadata: AuthorizationServer;
  mint(claims: {
    email?: string;
    emailVerified?: boolean;
    subject?: string;
    nonce?: string;
    expiresInSeconds?: number;
  }): Promise<string>;
  /** The sign-in page's answer: a one-time code for this driver, bound to the client's PKCE challenge. */
  issueCode(grant: Omit<Grant, 'expiresAt'>): Promise<string>;
  /** The token endpoint: `grant_type=authorization_code` (+ code, redirect_uri, client_id, code_verifier). */
  token(form: URLSearchParams): Promise<{ status: number; body: Record<string, unknown> }>;
  /** fetch() as oauth4webapi calls it, answered here: the token endpoint; anything else 404. */
  fetch: typeof fetch;
};

/** The stable subject of an email at the demo provider. */
export const demoSubject = (email: string): string => sha256Hex(`demo-oidc:${email.trim().toLowerCase()}`).slice(0, 32);

export async function createDemoOidc(
  publicUrl: string,
  spend: SpendOnce,
  pem: string = process.env[DEMO_OIDC_KEY_VAR] ?? newDemoOidcKey(),
): Promise<DemoOidc> {
  // A worker uses its primary's key; a single process makes its own.
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const publicJwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  const jwks = { keys: [publicJwk] };
  const issuer = `${publicUrl}/dev/oidc`;
  const metadata: AuthorizationServer = {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks.json`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    scopes_supported: ['openid', 'email'],
    claims_supported: ['sub', 'email', 'email_verified', 'nonce', 'iss', 'aud', 'exp', 'iat', 'jti'],
  };
  const mint: DemoOidc['mint'] = ({ email, emailVerified = true, subject, nonce, expiresInSeconds = 600 }) => {
    const normalized = email?.trim().toLowerCase();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      ...(normalized ? { email: normalized, email_verified: emailVerified } : {}),
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(DEMO_AUDIENCE)
      .setSubject(subject ?? demoSubject(normalized ?? randomUUID()))
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + expiresInSeconds)
      .sign(privateKey);
  };
  const oauthError = (error: string, description: string) => ({
    status: 400,
    body: { error, error_description: description },
  });
  /** A code this provider (any of its processes) issued and that has not expired: its grant, else null. */
  const openCode = async (code: string): Promise<(Grant & { jti: string }) | null> => {
    try {
      const { payload } = await jwtVerify(code, publicKey, { issuer, typ: CODE_TYPE, algorithms: ['ES256'] });
      const grant = payload.grant as Omit<Grant, 'expiresAt'> | undefined;
      if (!grant || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      return { ...grant, expiresAt: payload.exp * 1000, jti: payload.jti };
    } catch {
      return null;
    }
  };
  const token: DemoOidc['token'] = async (form) => {
    if (form.get('grant_type') !== 'authorization_code') return oauthError('unsupported_grant_type', 'code only');
    const code = form.get('code') ?? '';
    const grant = await openCode(code);
    if (!grant || !(await spend(`demo-code:${grant.jti}`, new Date(grant.expiresAt + 60_000)))) {
      return oauthError('invalid_grant', 'unknown, used or expired code');
    }
    if (form.get('redirect_uri') !== grant.redirectUri) return oauthError('invalid_grant', 'redirect_uri differs');
    if ((form.get('client_id') ?? DEMO_AUDIENCE) !== grant.clientId) return oauthError('invalid_client', 'client_id');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!verifier || challenge !== grant.codeChallenge) return oauthError('invalid_grant', 'PKCE verification failed');
    const idToken = await mint({
      ...(grant.email ? { email: grant.email, emailVerified: grant.emailVerified } : {}),
      // No email: a subject of its own (the driver is told to give one to us).
      ...(grant.email ? {} : { subject: `demo-anon-${randomUUID()}` }),
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    });
    return {
      status: 200,
      body: {
        access_token: randomBytes(24).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 600,
        id_token: idToken,
      },
    };
  };
  return {
    issuer,
    audience: DEMO_AUDIENCE,
    jwks,
    keySet: createLocalJWKSet(jwks),
    metadata,
    mint,
    issueCode: (grant) =>
      new SignJWT({ grant })
        .setProtectedHeader({ alg: 'ES256', kid: KID, typ: CODE_TYPE })
        .setIssuer(issuer)
        .setJti(randomUUID())
        .setExpirationTime(new Date(Date.now() + CODE_TTL_MS))
        .sign(privateKey),
    token,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.href !== metadata.token_endpoint) return new Response('not found', { status: 404 });
      const answer = await token(new URLSearchParams(String(init?.body ?? '')));
      return Response.json(answer.body, { status: answer.status, headers: { 'cache-control': 'no-store' } });
    },
  };
}

/** For tests and docs: an ID token of the demo provider for an email, without the HTML form. */
export function mintDemoIdToken(
  ctx: { demoOidc: DemoOidc | undefined },
  email: string,
  opts: { nonce?: string; expiresInSeconds?: number; emailVerified?: boolean } = {},
): Promise<string> {
  if (!ctx.demoOidc) throw new Error('The demo identity provider exists only in DEMO_MODE');
  return ctx.demoOidc.mint({ email, ...opts });
}
