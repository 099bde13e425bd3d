import { IDEMPOTENCY_HEADER } from '../../../contract/plain/orders';
import type { UserPatch } from '../../../contract/users';
import { ApiError } from '../../lib/http/errors';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the app's entry (lib/http/client.ts).
const users = () => import('../../../contract/users');
const user = lazySchema(() => import('../../../contract/plain/answers').then((m) => m.userAnswer));
const preferences = lazySchema(() => users().then((m) => m.preferences));
const booleanResult = lazySchema(() => import('../../../contract/auth').then((m) => m.booleanResult));

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
