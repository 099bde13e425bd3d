import { accountFeatures, preferences, type UserPatch, user } from '../../contract/users';
import { api } from '../../lib/http/index';

export const usersApi = {
  get: (id: string, signal?: AbortSignal) => api.request(`users/${encodeURIComponent(id)}`, user, { signal }),
  patch: (id: string, body: UserPatch) =>
    api.request(`users/${encodeURIComponent(id)}`, user, { method: 'PATCH', json: body }),
  features: (accountId: string, signal?: AbortSignal) =>
    api.request(`accounts/${encodeURIComponent(accountId)}/features`, accountFeatures, { signal }),
  preferences: (includeArchived = false) =>
    api.request('v4/users/preferences', preferences, {
      searchParams: { includeArchived: includeArchived || undefined },
    }),
  setPreferredThing: (preferredThing: string | null) =>
    api.request('v4/users/preferences', preferences, { method: 'PATCH', json: { preferredThing } }),
};
