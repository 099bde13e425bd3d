// The driver's cost limit on a paid EV order, apart from queries.ts: only the EV summary's cost limit loads it, not
// every pay page that asks whether the account may charge.
import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders';
import { IDEMPOTENCY_HEADER } from '../../../contract/plain/orders';
import type { ApiError } from '../../lib/http/errors';
import { api, lazySchema } from '../../lib/http/index';
import { queryClient } from '../../lib/query-client';
import { orderKeys } from '../orders/queries';

// The order schema loads with the call (lib/http/client.ts, issue 16).
const order = lazySchema(() => import('../../../contract/orders').then((m) => m.order));

type CostLimit = { amount: number; currency: string; precision: 2 };

/** PATCH v4/order/{id}/update-order {costLimit}: stop charging at this running cost (null: no limit). */
const setCostLimit = (orderId: string, costLimit: CostLimit | null) =>
  api.request(`v4/order/${encodeURIComponent(orderId)}/update-order`, order, {
    method: 'PATCH',
    json: { costLimit },
    headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
  });

/** The driver's cost limit on a paid EV order (sent once it exists; the server stops the charger there). */
export const useSetCostLimit = () =>
  useMutation<Order, ApiError, { orderId: string; costLimit: CostLimit | null }>({
    mutationKey: ['ev', 'cost-limit'],
    mutationFn: ({ orderId, costLimit }) => setCostLimit(orderId, costLimit),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order._id), order),
  });
