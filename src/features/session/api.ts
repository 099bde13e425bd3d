import type { AmazonSignInBody, ChangePasswordBody, LoginLocalBody, RegisterBody } from '../../../contract/auth';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the app's entry (lib/http/client.ts). The sign-in answer
// and the user, which every signed-in first screen waits for, are read by plain checks (no zod at all), which load
// beside the request the same way.
const loginResponse = lazySchema(() => import('../../../contract/plain/answers').then((m) => m.loginAnswer));
const user = lazySchema(() => import('../../../contract/plain/answers').then((m) => m.userAnswer));
const auth = () => import('../../../contract/auth');
const amazonSignInResponse = lazySchema(() => auth().then((m) => m.amazonSignInResponse));
const logoutResponse = lazySchema(() => auth().then((m) => m.logoutResponse));
const resendPasswordResponse = lazySchema(() => auth().then((m) => m.resendPasswordResponse));
const users = () => import('../../../contract/users');
const accountFeatures = lazySchema(() => users().then((m) => m.accountFeatures));

export const authApi = {
  register: (body: RegisterBody) => api.request('auth/register', loginResponse, { method: 'POST', json: body }),
  loginLocal: (body: LoginLocalBody) => api.request('auth/login/local', loginResponse, { method: 'POST', json: body }),
  loginGuest: (partner?: string) =>
    api.request('auth/register/guest', loginResponse, { method: 'POST', json: partner ? { partner } : {} }),
  changePassword: (body: ChangePasswordBody) =>
    api.request('auth/change-password', loginResponse, { method: 'POST', json: body }),
  resendPassword: (email: string) =>
    api.request('auth/resend-password', resendPasswordResponse, { method: 'POST', json: { email } }),
  /** POST auth/amazon/sign-in (ours): Amazon's buyer token for a session. */
  amazonSignIn: (body: AmazonSignInBody) =>
    api.request('auth/amazon/sign-in', amazonSignInResponse, { method: 'POST', json: body }),
  logout: () => api.request('auth/logout', logoutResponse, { method: 'POST', json: {} }),
};

/** The signed-in user ("User (auth store)", shell-and-account.md §3) and the account's feature flags. */
export const userApi = {
  get: (id: string, signal?: AbortSignal) => api.request(`users/${encodeURIComponent(id)}`, user, { signal }),
  features: (accountId: string, signal?: AbortSignal) =>
    api.request(`accounts/${encodeURIComponent(accountId)}/features`, accountFeatures, { signal }),
};
