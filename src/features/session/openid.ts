// Sign-in with an external identity provider (implicit flow: the provider returns an ID token in the URL fragment;
// the server verifies it against the provider's JWKS on POST /auth/login/openId). Which providers there are is the
// server's to say (GET auth/login/openId/providers): only those it accepts are offered, the demo one on demo servers.
import { queryOptions } from '@tanstack/react-query';
import type { OpenIdProviders } from '../../../contract/auth';
import { api, lazySchema } from '../../lib/http/index';

export type OpenIdProvider = OpenIdProviders['providers'][number];

const providersSchema = lazySchema(() => import('../../../contract/auth').then((m) => m.openIdProviders));

export const openIdKeys = { providers: ['session', 'openid-providers'] as const };

/** The server's identity providers. A server without the call (404) or not reached offers none. */
export const openIdProvidersQuery = queryOptions({
  queryKey: openIdKeys.providers,
  queryFn: ({ signal }) => api.request('auth/login/openId/providers', providersSchema, { signal }),
  staleTime: 5 * 60_000,
});

const PENDING_KEY = 'openid-pending';
const IDENTITY_KEY = 'openid-identity';

type Pending = { provider: string; state: string; nonce: string };
export type PendingIdentity = { idProvider: string; idToken: string; email: string | null };

function random(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function startOpenIdLogin(provider: OpenIdProvider, returnPath = '/login'): void {
  const pending: Pending = { provider: provider.id, state: random(), nonce: random() };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(provider.authorizeUrl, window.location.origin);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', new URL(returnPath, window.location.origin).toString());
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  window.location.assign(url.toString());
}

/** Reads an ID token returned in the fragment; null when there is none or its state does not match ours. */
export function takeOpenIdResult(hash: string): { idProvider: string; idToken: string } | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const idToken = params.get('id_token');
  if (!idToken) return null;
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return null;
  const pending = JSON.parse(raw) as Pending;
  if (params.get('state') !== pending.state) return null;
  return { idProvider: pending.provider, idToken };
}

/** After not_registered: the identity to link when the driver registers. */
export function rememberIdentity(identity: PendingIdentity): void {
  sessionStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
}

export function pendingIdentity(): PendingIdentity | null {
  try {
    const raw = sessionStorage.getItem(IDENTITY_KEY);
    return raw ? (JSON.parse(raw) as PendingIdentity) : null;
  } catch {
    return null;
  }
}

export function forgetIdentity(): void {
  sessionStorage.removeItem(IDENTITY_KEY);
}

/** The email inside an ID token (for prefilling the register form; the server verifies the token itself). */
export function emailFromIdToken(idToken: string): string | null {
  try {
    const payload = idToken.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof json.email === 'string' ? json.email : null;
  } catch {
    return null;
  }
}
