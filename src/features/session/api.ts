import {
  type AmazonSignInBody,
  type ChangePasswordBody,
  type LoginLocalBody,
  type LoginOpenIdBody,
  loginResponse,
  logoutResponse,
  type RegisterBody,
  resendPasswordResponse,
} from '../../contract/auth';
import { accountFeatures, user } from '../../contract/users';
import { api } from '../../lib/http/index';

export const authApi = {
  register: (body: RegisterBody) => api.request('auth/register', loginResponse, { method: 'POST', json: body }),
  loginLocal: (body: LoginLocalBody) => api.request('auth/login/local', loginResponse, { method: 'POST', json: body }),
  loginGuest: (partner?: string) =>
    api.request('auth/register/guest', loginResponse, { method: 'POST', json: partner ? { partner } : {} }),
  loginOpenId: (body: LoginOpenIdBody) =>
    api.request('auth/login/openId', loginResponse, { method: 'POST', json: body }),
  changePassword: (body: ChangePasswordBody) =>
    api.request('auth/change-password', loginResponse, { method: 'POST', json: body }),
  resendPassword: (email: string) =>
    api.request('auth/resend-password', resendPasswordResponse, { method: 'POST', json: { email } }),
  /** POST auth/amazon/sign-in (ours): Amazon's buyer token for a session. */
  amazonSignIn: (body: AmazonSignInBody) =>
    api.request('auth/amazon/sign-in', loginResponse, { method: 'POST', json: body }),
  logout: () => api.request('auth/logout', logoutResponse, { method: 'POST', json: {} }),
};

/** The signed-in user ("User (auth store)", shell-and-account.md §3) and the account's feature flags. */
export const userApi = {
  get: (id: string, signal?: AbortSignal) => api.request(`users/${encodeURIComponent(id)}`, user, { signal }),
  features: (accountId: string, signal?: AbortSignal) =>
    api.request(`accounts/${encodeURIComponent(accountId)}/features`, accountFeatures, { signal }),
};
