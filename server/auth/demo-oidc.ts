// The built-in demo identity provider (DEMO_MODE only): an ES256 key pair made at start, an issuer at
// ${PUBLIC_URL}/dev/oidc, audience 'forecourt-pay'. Its tokens are verified against the local JWKS, not over HTTP.
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { sha256Hex } from './crypto';

export const DEMO_PROVIDER_ID = 'demo';
export const DEMO_AUDIENCE = 'forecourt-pay';
const KID = 'demo-es256';

export type DemoOidc = {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] };
  keySet: ReturnType<typeof createLocalJWKSet>;
  mint(claims: { email: string; nonce?: string; expiresInSeconds?: number }): Promise<string>;
};

/** The stable subject of an email at the demo provider. */
const demoSubject = (email: string): string => sha256Hex(`demo-oidc:${email.trim().toLowerCase()}`).slice(0, 32);

export async function createDemoOidc(publicUrl: string): Promise<DemoOidc> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  const jwks = { keys: [publicJwk] };
  const issuer = `${publicUrl}/dev/oidc`;
  return {
    issuer,
    audience: DEMO_AUDIENCE,
    jwks,
    keySet: createLocalJWKSet(jwks),
    mint: ({ email, nonce, expiresInSeconds = 600 }) => {
      const normalized = email.trim().toLowerCase();
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email: normalized, email_verified: true, ...(nonce ? { nonce } : {}) })
        .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(DEMO_AUDIENCE)
        .setSubject(demoSubject(normalized))
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
  };
}

/** For tests and docs: an ID token of the demo provider for an email, without the HTML form. */
export function mintDemoIdToken(
  ctx: { demoOidc: DemoOidc | undefined },
  email: string,
  opts: { nonce?: string; expiresInSeconds?: number } = {},
): Promise<string> {
  if (!ctx.demoOidc) throw new Error('The demo identity provider exists only in DEMO_MODE');
  return ctx.demoOidc.mint({ email, ...opts });
}
