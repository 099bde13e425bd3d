import { booleanResult } from '../../contract/auth';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import { preferences, type UserPatch, user } from '../../contract/users';
import { ApiError } from '../../lib/http/errors';
import { api } from '../../lib/http/index';

export const profileApi = {
  patchUser: (id: string, body: UserPatch) =>
    api.request(`users/${encodeURIComponent(id)}`, user, { method: 'PATCH', json: body }),
  preferences: (includeArchived = false) =>
    api.request('v4/users/preferences', preferences, {
      searchParams: { includeArchived: includeArchived || undefined },
    }),
  /** Sent through the outbox: `clientId` makes a repeat harmless. */
  setPreferredThing: (preferredThing: string | null, clientId: string) =>
    api.request('v4/users/preferences', preferences, {
      method: 'PATCH',
      json: { preferredThing },
      headers: { [IDEMPOTENCY_HEADER]: clientId },
    }),
  /** true when deleted; 'open_order' while an order of the user has not ended (409); false on any other failure
   *  ("The last three return false on failure"). */
  deleteUser: (): Promise<boolean | 'open_order'> =>
    api
      .request('functions/delete_user_prod', booleanResult, { method: 'DELETE' })
      .then((r) => r.result)
      .catch((error: unknown) => (error instanceof ApiError && error.status === 409 ? 'open_order' : false)),
};
