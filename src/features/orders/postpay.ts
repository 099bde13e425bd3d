// Postpay in the app (pay-flows.md §4 Postpay flow): choosing the pump creates the order (the server releases the pump
// for it); paying it once its price is known is the checkout's payOrder. The mutation's defaults register when this
// module first loads (a postpay page), not with the app's entry.
import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { ordersApi, type UpdateOrderBody } from './api';
import { createOrder, rememberOrder } from './queries';

/**
 * The vehicle and reading of a postpay order now, not through the outbox: the summary's fuel-card sheet waits for
 * the answer before paying (a refusal, such as a reading below the vehicle's last, shows in the sheet).
 */
export async function updateOrderNow(orderId: string, body: UpdateOrderBody): Promise<Order> {
  const order = await ordersApi.update(orderId, body, crypto.randomUUID());
  rememberOrder(order);
  return order;
}

export type CreatePostpayInput = {
  pid: string;
  productId: string;
  thingId: string | null;
  /** The odometer screen's reading in metres (pay-flows.md §7 "optional carOdometerM"); absent when refused. */
  carOdometerM?: number | undefined;
  partner?: string | undefined;
  idempotencyKey: string;
};

const createPostpay = (input: CreatePostpayInput) =>
  createOrder(
    {
      poiId: input.pid,
      thingId: input.thingId,
      autoAcquire: true,
      products: [{ productId: input.productId }],
      ...(input.carOdometerM !== undefined ? { carOdometerM: input.carOdometerM } : {}),
    },
    input.idempotencyKey,
    input.partner,
  );

const createPostpayKey = ['orders', 'create-postpay'] as const;
queryClient.setMutationDefaults(createPostpayKey, { mutationFn: createPostpay });

export const useCreatePostpayOrder = () =>
  useMutation<Order, ApiError, CreatePostpayInput>({ mutationKey: createPostpayKey });
