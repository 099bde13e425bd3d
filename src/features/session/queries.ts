// The session in the app (pay-flows.md §4 Session): the signed-in user, the auth guard, and every sign-in write as a
// mutation whose defaults are registered once at boot (registerSessionMutations).
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type {
  AmazonSignInBody,
  AmazonSignInResponse,
  ChangePasswordBody,
  LoginLocalBody,
  LoginResponse,
  RegisterBody,
} from '../../../contract/auth';
import type { User } from '../../../contract/users';
import type { ApiError } from '../../lib/http/errors';
import { authApi, userApi } from './api';
import { type AuthRecord, clearSdkKeys } from './model/auth-record';
import { sessionEnded } from './model/session-check';
import { session } from './store';

export const userKeys = {
  all: ['user'] as const,
  detail: (id: string) => ['user', id] as const,
  features: (accountId: string) => ['user', 'features', accountId] as const,
};

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => userApi.get(id, signal),
    staleTime: 60_000,
  });

/**
 * How long the account features count as fresh. The console switches them per account (EV, refer-a-friend, loyalty,
 * odometer ...); after this a screen that mounts, or the app coming back to the foreground, asks again, so a change
 * reaches a signed-in driver within about half a minute. The persisted copy still shows at once, offline too.
 */
export const ACCOUNT_FEATURES_STALE_MS = 30_000;

export const featuresQuery = (accountId: string) =>
  queryOptions({
    queryKey: userKeys.features(accountId),
    queryFn: ({ signal }) => userApi.features(accountId, signal),
    staleTime: ACCOUNT_FEATURES_STALE_MS,
    refetchOnWindowFocus: true,
  });

/** The auth record, re-rendering when it changes (login, logout, another tab). */
export function useSession(): AuthRecord | null {
  return useSyncExternalStore(session.subscribe, session.snapshot, () => null);
}

export function useUser(id: string | null | undefined) {
  return useQuery({ ...userQuery(id ?? ''), enabled: !!id });
}

export function useFeatures(accountId: string | null | undefined) {
  return useQuery({ ...featuresQuery(accountId ?? ''), enabled: !!accountId });
}

/** Who is signed in on this device right now (null without a session). */
export function currentUserId(): string | null {
  return session.snapshot()?.userId ?? null;
}

/** Whether this guest chose "Continue as guest" already (landing, login or the pump): they are not asked again. */
export function isGuestConfirmed(): boolean {
  return session.isGuestConfirmed();
}

export function confirmGuest(): void {
  session.confirmGuest();
}

/** The session's bearer token, for the API client. */
export function sessionToken(): string | null {
  return session.token();
}

let guestLogin: Promise<AuthRecord> | null = null;

/** Store a new auth record from a login answer. */
export function startSession(queryClient: QueryClient, response: LoginResponse, isGuest: boolean): AuthRecord {
  queryClient.removeQueries({ queryKey: userKeys.all });
  return session.start(response.auth_token, response._id, isGuest);
}

/** Clear what belongs to a session: the auth record, the SDK's keys and cached user data. */
export function clearLocalStore(queryClient: QueryClient): void {
  session.clear();
  try {
    clearSdkKeys(window.localStorage);
  } catch {
    // No storage (private mode): nothing to clear.
  }
  queryClient.removeQueries({ queryKey: userKeys.all });
}

export function loginAsGuest(queryClient: QueryClient): Promise<AuthRecord> {
  // Several guards may ask at once (parallel route loads): one guest account, not three.
  guestLogin ??= authApi
    .loginGuest()
    .then((response) => startSession(queryClient, response, true))
    .finally(() => {
      guestLogin = null;
    });
  return guestLogin;
}

export type SessionState = { record: AuthRecord; user: User | null };

/** The guest sign-in startGuestSessionEarly began, until the first guard takes it. */
let earlyGuest: Promise<SessionState | null> | null = null;

/**
 * A new visitor (no session stored) on a page that needs one: the guest sign-in the auth guard would make, asked for
 * at once (main.tsx), beside the page's other start-up requests, instead of when the router runs the guard after the
 * first render has begun. The first guard takes its answer as it is (a new guest has no user to read yet, as in
 * ensureSession). A visitor with a stored session is left to the guard.
 */
export function startGuestSessionEarly(queryClient: QueryClient): void {
  if (session.get()?.token) return;
  earlyGuest = ensureSession(queryClient);
}

/**
 * The auth guard: "A page needing auth checks the auth status. On failure the local store is cleared and the user is
 * logged in as a guest." Without signal the stored record is trusted so the driver keeps working offline.
 */
export async function ensureSession(queryClient: QueryClient): Promise<SessionState | null> {
  const early = earlyGuest;
  if (early) {
    earlyGuest = null;
    const state = await early;
    // Unless it failed (no signal), or another sign-in replaced it meanwhile.
    if (state && session.get()?.token === state.record.token) return state;
  }
  const record = session.get();
  if (record?.token && record.userId) {
    try {
      const user = await queryClient.ensureQueryData(userQuery(record.userId));
      return { record, user };
    } catch (error) {
      if (!sessionEnded(error)) {
        // Offline, rate-limited or the server is down: keep the session we have, with the user we last saw (if any).
        return { record, user: queryClient.getQueryData(userQuery(record.userId).queryKey) ?? null };
      }
    }
  }
  clearLocalStore(queryClient);
  try {
    const guest = await loginAsGuest(queryClient);
    return { record: guest, user: null };
  } catch {
    return null;
  }
}

export const sessionMutations = {
  login: ['session', 'login'] as const,
  amazonSignIn: ['session', 'amazon-sign-in'] as const,
  continueAsGuest: ['session', 'continue-as-guest'] as const,
  register: ['session', 'register'] as const,
  changePassword: ['session', 'change-password'] as const,
  resendPassword: ['session', 'resend-password'] as const,
  logout: ['session', 'logout'] as const,
};

/** The writes of this area; called once with the app's query client at boot. */
export function registerSessionMutations(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(sessionMutations.login, {
    mutationFn: async (body: LoginLocalBody) => {
      const response = await authApi.loginLocal(body);
      startSession(queryClient, response, false);
      return response;
    },
  });
  queryClient.setMutationDefaults(sessionMutations.amazonSignIn, {
    mutationFn: async (body: AmazonSignInBody) => {
      const response = await authApi.amazonSignIn(body);
      startSession(queryClient, response, false);
      return response;
    },
  });
  queryClient.setMutationDefaults(sessionMutations.continueAsGuest, {
    mutationFn: async () => {
      const record = await loginAsGuest(queryClient);
      session.confirmGuest();
      return record;
    },
  });
  queryClient.setMutationDefaults(sessionMutations.register, {
    mutationFn: async (body: RegisterBody) => {
      const response = await authApi.register(body);
      startSession(queryClient, response, false);
      return response;
    },
  });
  queryClient.setMutationDefaults(sessionMutations.changePassword, {
    // A change ends every session: the answer's fresh token becomes this one.
    mutationFn: async (body: ChangePasswordBody) => {
      const response = await authApi.changePassword(body);
      startSession(queryClient, response, false);
      return response;
    },
  });
  queryClient.setMutationDefaults(sessionMutations.resendPassword, {
    mutationFn: (email: string) => authApi.resendPassword(email),
  });
  queryClient.setMutationDefaults(sessionMutations.logout, {
    mutationFn: async () => {
      try {
        await authApi.logout();
      } catch {
        // Logging out locally matters more than telling the server; the token expires anyway.
      }
      clearLocalStore(queryClient);
    },
  });
}

export const useLogin = () =>
  useMutation<LoginResponse, ApiError, LoginLocalBody>({ mutationKey: sessionMutations.login });
export const useAmazonSignIn = () =>
  useMutation<AmazonSignInResponse, ApiError, AmazonSignInBody>({ mutationKey: sessionMutations.amazonSignIn });
export const useContinueAsGuest = () =>
  useMutation<AuthRecord, ApiError, void>({ mutationKey: sessionMutations.continueAsGuest });
export const useRegister = () =>
  useMutation<LoginResponse, ApiError, RegisterBody>({ mutationKey: sessionMutations.register });
export const useChangePassword = () =>
  useMutation<LoginResponse, ApiError, ChangePasswordBody>({ mutationKey: sessionMutations.changePassword });
export const useResendPassword = () =>
  useMutation<{ sent: boolean }, ApiError, string>({ mutationKey: sessionMutations.resendPassword });
export const useLogout = () => useMutation<void, ApiError, void>({ mutationKey: sessionMutations.logout });
