// The loyalty calls (shell-and-account.md §7 Loyalty), answers parsed with the contract.
import type { LoyaltySubscriptionBody } from '../../../contract/loyalty';
import { api, lazySchema } from '../../lib/http/index';

// The response schemas load with the first call, not with the summary's code (lib/http/client.ts, issue 16).
const contract = () => import('../../../contract/loyalty');
const loyaltyProgramsResponse = lazySchema(() => contract().then((m) => m.loyaltyProgramsResponse));
const loyaltySubscription = lazySchema(() => contract().then((m) => m.loyaltySubscription));
const loyaltySubscriptionsResponse = lazySchema(() => contract().then((m) => m.loyaltySubscriptionsResponse));
const loyaltySubscriptionDeleted = lazySchema(() => contract().then((m) => m.loyaltySubscriptionDeleted));

export const loyaltyApi = {
  programs: (signal?: AbortSignal) => api.request('v4/loyalty-programs', loyaltyProgramsResponse, { signal }),
  list: (signal?: AbortSignal) => api.request('v4/loyalty-subscriptions', loyaltySubscriptionsResponse, { signal }),
  add: (body: LoyaltySubscriptionBody) =>
    api.request('v4/loyalty-subscriptions/', loyaltySubscription, { method: 'POST', json: body }),
  remove: (id: string) =>
    api.request(`v4/loyalty-subscriptions/${encodeURIComponent(id)}`, loyaltySubscriptionDeleted, {
      method: 'DELETE',
    }),
};
