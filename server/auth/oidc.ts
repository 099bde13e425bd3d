// Verifies an OpenID Connect ID token of a configured provider (OIDC_PROVIDERS) or of the demo provider.
// Issuer, audience (= clientId), signature and exp are checked by jose.
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { OpenIdProviders } from '../../contract/auth';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { DEMO_PROVIDER_ID } from './demo-oidc';

/**
 * The providers drivers are offered (GET /auth/login/openId/providers): the demo provider in DEMO_MODE, and each of
 * OIDC_PROVIDERS that names its button and authorization endpoint. The same ones POST /auth/login/openId accepts.
 */
export function offeredProviders(ctx: AppContext): OpenIdProviders {
  const providers: OpenIdProviders['providers'] = [];
  if (ctx.demoOidc) {
    providers.push({
      id: DEMO_PROVIDER_ID,
      label: 'Demo ID',
      authorizeUrl: `${ctx.demoOidc.issuer}/authorize`,
      clientId: ctx.demoOidc.audience,
    });
  }
  for (const p of ctx.env.oidcProviders) {
    if (p.label && p.authorizeUrl)
      providers.push({ id: p.id, label: p.label, authorizeUrl: p.authorizeUrl, clientId: p.clientId });
  }
  return { providers };
}

export type VerifiedIdentity = { provider: string; subject: string; email: string | undefined };

type Verifier = { issuer: string; audience: string; keys: JWTVerifyGetKey };

function verifierFor(ctx: AppContext, providerId: string): Verifier | undefined {
  if (providerId === DEMO_PROVIDER_ID && ctx.demoOidc) {
    return { issuer: ctx.demoOidc.issuer, audience: ctx.demoOidc.audience, keys: ctx.demoOidc.keySet };
  }
  const provider = ctx.env.oidcProviders.find((p) => p.id === providerId);
  if (!provider) return undefined;
  const memoKey = `jwks:${provider.id}`;
  let keys = ctx.memo.get(memoKey) as JWTVerifyGetKey | undefined;
  if (!keys) {
    keys = createRemoteJWKSet(new URL(provider.jwksUri));
    ctx.memo.set(memoKey, keys);
  }
  return { issuer: provider.issuer, audience: provider.clientId, keys };
}

export async function verifyIdToken({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { providerId: string; idToken: string };
}): Promise<VerifiedIdentity> {
  const { providerId, idToken } = input;
  const verifier = verifierFor(ctx, providerId);
  if (!verifier) throw new ApiError(422, 'invalid_id_token', `Unknown identity provider: ${providerId}`);
  try {
    const { payload } = await jwtVerify(idToken, verifier.keys, {
      issuer: verifier.issuer,
      audience: verifier.audience,
      requiredClaims: ['sub', 'exp'],
      clockTolerance: 30,
    });
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : undefined;
    return { provider: providerId, subject: payload.sub as string, email };
  } catch (err) {
    const reason = err instanceof Error ? ((err as { code?: string }).code ?? err.name) : 'invalid';
    throw new ApiError(422, 'invalid_id_token', `The ID token was not accepted (${reason})`);
  }
}
