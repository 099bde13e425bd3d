// The loyalty calls (shell-and-account.md §7 Loyalty), answers parsed with the contract.
import { z } from 'zod';
import {
  type LoyaltySubscriptionBody,
  loyaltyProgramsResponse,
  loyaltySubscription,
  loyaltySubscriptionsResponse,
} from '../../contract/loyalty';
import { api } from '../../lib/http/index';

export const loyaltyApi = {
  programs: (signal?: AbortSignal) => api.request('v4/loyalty-programs', loyaltyProgramsResponse, { signal }),
  list: (signal?: AbortSignal) => api.request('v4/loyalty-subscriptions', loyaltySubscriptionsResponse, { signal }),
  add: (body: LoyaltySubscriptionBody) =>
    api.request('v4/loyalty-subscriptions/', loyaltySubscription, { method: 'POST', json: body }),
  remove: (id: string) =>
    api.request(`v4/loyalty-subscriptions/${encodeURIComponent(id)}`, z.object({ deleted: z.literal(true) }), {
      method: 'DELETE',
    }),
};
