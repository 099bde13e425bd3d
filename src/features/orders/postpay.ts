// Postpay in the app (pay-flows.md §4 Postpay flow): choosing the pump creates the order (the server releases the pump
// for it), and paying an order whose price is known (PAYMENT_PENDING) authorizes its total with one key per order and
// card, so pressing pay again or a lost answer never pays twice. The mutations' defaults register when this module
// first loads (a postpay page), not with the app's entry.
import { useMutation } from '@tanstack/react-query';
import type { AuthorizeBody, Order } from '../../../contract/orders';
import type { Currency } from '../../../contract/plain/stations';
import { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { ordersApi, type UpdateOrderBody } from './api';
import { authorizeOrder, createOrder, fetchOrder, rememberOrder } from './queries';

/** What pays (a saved method, a wallet token) and where 3-D Secure returns: the authorize payload but its price. */
export type PayPricedInput = { order: Order; means: Omit<AuthorizeBody, 'authorizePrice'>; idempotencyKey: string };

async function payPriced({ order, means, idempotencyKey }: PayPricedInput): Promise<Order> {
  const total = order.totalAfterDiscounts;
  if (!total) throw new Error('A priced order has a total');
  try {
    return await authorizeOrder(
      order._id,
      {
        ...means,
        authorizePrice: { amount: total.amount, currency: total.currency as Currency, precision: total.precision },
      },
      idempotencyKey,
    );
  } catch (error) {
    // Refused because it is no longer waiting for payment: paid already (the answer was lost), or expired.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const current = await fetchOrder(order._id);
    if (current.state === 'PAYMENT_PENDING') throw error;
    return current;
  }
}

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

const payPricedKey = ['orders', 'pay-priced'] as const;
const createPostpayKey = ['orders', 'create-postpay'] as const;
queryClient.setMutationDefaults(payPricedKey, { mutationFn: payPriced });
queryClient.setMutationDefaults(createPostpayKey, { mutationFn: createPostpay });

export const useCreatePostpayOrder = () =>
  useMutation<Order, ApiError, CreatePostpayInput>({ mutationKey: createPostpayKey });

export const usePayPriced = () => useMutation<Order, ApiError, PayPricedInput>({ mutationKey: payPricedKey });
