import { z } from 'zod';
import {
  booleanResult,
  type ChangePasswordBody,
  type LoginLocalBody,
  type LoginOpenIdBody,
  loginResponse,
  type RegisterBody,
} from '../../contract/auth';
import { ApiError } from '../../lib/http/errors';
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
    api.request('auth/resend-password', z.object({ sent: z.boolean() }), { method: 'POST', json: { email } }),
  logout: () => api.request('auth/logout', z.unknown(), { method: 'POST', json: {} }),
  /** "The last three return false on failure." */
  userHasPin: () =>
    api
      .request('functions/user_has_pin_prod', booleanResult)
      .then((r) => r.result)
      .catch(() => false),
  hasUserWebauthn: () =>
    api
      .request('functions/has_user_webauthn_prod', booleanResult)
      .then((r) => r.result)
      .catch(() => false),
  /** true when deleted; 'open_order' while an order of the user has not ended (409); false on any other failure. */
  deleteUser: (): Promise<boolean | 'open_order'> =>
    api
      .request('functions/delete_user_prod', booleanResult, { method: 'DELETE' })
      .then((r) => r.result)
      .catch((error: unknown) => (error instanceof ApiError && error.status === 409 ? 'open_order' : false)),
};
