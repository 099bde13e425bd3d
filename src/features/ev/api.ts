import { order } from '../../contract/orders';
import { api } from '../../lib/http/index';

export const evApi = {
  /** PUT v4/order/{id}/acquire/stop: finish charging; the charge is priced and captured (<= the pre-authorization). */
  stop: (orderId: string) =>
    api.request(`v4/order/${encodeURIComponent(orderId)}/acquire/stop`, order, { method: 'PUT' }),
};
