// The lottery calls (shell-and-account.md §7 Tutorials, lottery, map): GET /v4/rewards-status, GET optins/name/{name},
// POST /optins. Answers parsed with the contract.
import { type OptinBody, optin, rewardsStatus } from '../../../contract/benefits';
import { api } from '../../lib/http/index';

export const benefitsApi = {
  status: (signal?: AbortSignal) => api.request('v4/rewards-status', rewardsStatus, { signal }),
  optin: (name: string, signal?: AbortSignal) =>
    api.request(`optins/name/${encodeURIComponent(name)}`, optin, { signal }),
  join: (body: OptinBody) => api.request('optins', optin, { method: 'POST', json: body }),
};
