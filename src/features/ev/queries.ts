// EV charging in the app: finishing a charge (acquire/stop) and whether the account may charge. Finishing needs the
// signal (the charger stops on the server's command): a plain mutation, not an outbox write.
import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { orderKeys } from '../orders/queries';
import { useFeatures, useSession, useUser } from '../session/queries';
import { evApi } from './api';

export const useStopCharging = () =>
  useMutation<Order, ApiError, string>({
    mutationKey: ['ev', 'stop'],
    mutationFn: (orderId) => evApi.stop(orderId),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order._id), order),
  });

/** The signed-in account's features (EV pre-authorizations), or undefined while loading / for nobody. */
export function useAccountFeatures() {
  const record = useSession();
  const user = useUser(record?.userId);
  return useFeatures(user.data?.accountId);
}
