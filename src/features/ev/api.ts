import { api, lazySchema } from '../../lib/http/index';

// The order schema loads with the call, not with the summary's code (lib/http/client.ts, issue 16).
const order = lazySchema(() => import('../../../contract/orders').then((m) => m.order));

export const evApi = {
  /** PUT v4/order/{id}/acquire/stop: finish charging; the charge is priced and captured (<= the pre-authorization). */
  stop: (orderId: string) =>
    api.request(`v4/order/${encodeURIComponent(orderId)}/acquire/stop`, order, { method: 'PUT' }),
};
