// Sign-in with an external identity provider: the OpenID Connect authorization code flow with PKCE, done by the server
// (issue 36). The app asks the server to start (POST auth/login/openId/start: the provider's URL and a handle), keeps the
// handle in sessionStorage, sends the driver to the provider, and on /openid/callback hands the provider's answer to the
// server with the handle. State, nonce and PKCE verifier never reach the browser; the ID token neither.
// Which providers there are is the server's to say (GET auth/login/openId/providers).
import { queryOptions } from '@tanstack/react-query';
import type {
  OpenIdCallbackResponse,
  OpenIdCompleteBody,
  OpenIdEmailBody,
  OpenIdProviders,
} from '../../../contract/auth';
import { api, lazySchema } from '../../lib/http/index';

export type OpenIdProvider = OpenIdProviders['providers'][number];

const auth = () => import('../../../contract/auth');
const providersSchema = lazySchema(() => auth().then((m) => m.openIdProviders));
const startSchema = lazySchema(() => auth().then((m) => m.openIdStartResponse));
const callbackSchema = lazySchema(() => auth().then((m) => m.openIdCallbackResponse));
const loginSchema = lazySchema(() => auth().then((m) => m.loginResponse));
const sentSchema = lazySchema(() => auth().then((m) => m.resendPasswordResponse));
const identitiesSchema = lazySchema(() => auth().then((m) => m.openIdIdentities));
const okSchema = lazySchema(() => auth().then((m) => m.logoutResponse));

export const openIdKeys = {
  providers: ['session', 'openid-providers'] as const,
  identities: ['session', 'openid-identities'] as const,
};

/** The server's identity providers. A server without the call (404) or not reached offers none. */
export const openIdProvidersQuery = queryOptions({
  queryKey: openIdKeys.providers,
  queryFn: ({ signal }) => api.request('auth/login/openId/providers', providersSchema, { signal }),
  staleTime: 5 * 60_000,
});

/** The signed-in driver's linked sign-ins (profile). */
export const openIdIdentitiesQuery = queryOptions({
  queryKey: openIdKeys.identities,
  queryFn: ({ signal }) => api.request('auth/openId/identities', identitiesSchema, { signal }),
});

export const openIdApi = {
  callback: (transaction: string, callback: string): Promise<OpenIdCallbackResponse> =>
    api.request('auth/login/openId/callback', callbackSchema, { method: 'POST', json: { transaction, callback } }),
  sendEmailCode: (body: OpenIdEmailBody) =>
    api.request('auth/login/openId/email', sentSchema, { method: 'POST', json: body }),
  complete: (body: OpenIdCompleteBody) =>
    api.request('auth/login/openId/complete', loginSchema, { method: 'POST', json: body }),
  unlink: (provider: string) =>
    api.request(`auth/openId/identities/${encodeURIComponent(provider)}`, okSchema, { method: 'DELETE' }),
};

const START_KEY = 'openid-start';
const PENDING_KEY = 'openid-pending';
const IDENTITY_KEY = 'openid-identity';

/**
 * A sign-in the driver asked for (a button on /login, /register or the profile), for /openid/callback to start: that
 * page asks the server, sends the driver on to the provider, and says in words what went wrong (its strings are the
 * account catalog's, not the shell's every page loads).
 */
export type OpenIdStart = { provider: OpenIdProvider; purpose: 'login' | 'link'; redirect?: string };

export function requestOpenIdStart(start: OpenIdStart): void {
  sessionStorage.setItem(START_KEY, JSON.stringify(start));
}

/** The sign-in asked for in this tab (taken: a reload or Back does not start it twice). */
export function takeOpenIdStart(): OpenIdStart | null {
  return take(START_KEY);
}

function take<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** A sign-in under way, kept in this tab only: the server's handle, and where the driver goes afterwards. */
export type PendingOpenId = { transaction: string; provider: string; purpose: 'login' | 'link'; redirect?: string };
/** After not_registered: the sign-in to link when the driver registers with its email. */
export type PendingIdentity = { transaction: string; email: string };

/** Asks the server to start, keeps its handle in this tab, and sends the driver to the provider (replacing this page). */
export async function startOpenIdLogin({ provider, purpose, redirect }: OpenIdStart): Promise<void> {
  const { authorizeUrl, transaction } = await api.request('auth/login/openId/start', startSchema, {
    method: 'POST',
    json: { idProvider: provider.id, purpose },
  });
  const pending: PendingOpenId = { transaction, provider: provider.id, purpose, ...(redirect ? { redirect } : {}) };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  // Replaced: Back from the provider's page comes to where the button was, not to a page that would start again.
  window.location.replace(authorizeUrl);
}

/** The sign-in this tab started (taken: a reload of the callback page does not send it twice). */
export function takePendingOpenId(): PendingOpenId | null {
  return take(PENDING_KEY);
}

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
