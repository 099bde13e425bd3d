// Session transitions the shell needs: the auth guard, logins, logout (pay-flows.md §4 Session).
import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '../../contract/auth';
import type { User } from '../../contract/users';
import { ApiError } from '../../lib/http/errors';
import { userQuery } from '../profile/queries';
import { authApi } from './api';
import { userKeys } from './keys';
import type { AuthRecord } from './model/auth-record';
import { clearSdkKeys } from './model/auth-record';
import { session } from './store';

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

/**
 * The auth guard: "A page needing auth checks the auth status. On failure the local store is cleared and the user is
 * logged in as a guest." Without signal the stored record is trusted so the driver keeps working offline.
 */
export async function ensureSession(queryClient: QueryClient): Promise<SessionState | null> {
  const record = session.get();
  if (record?.token && record.userId) {
    try {
      const user = await queryClient.ensureQueryData(userQuery(record.userId));
      return { record, user };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        // Offline or the server is down: keep the session we have, with the user we last saw (if any).
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

export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // Logging out locally matters more than telling the server; the token expires anyway.
  }
  clearLocalStore(queryClient);
}
