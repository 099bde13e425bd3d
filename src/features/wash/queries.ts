// The car wash in the app (pay-flows.md §4 Wash flow): ordering a package, paying for it, and keeping its codes on the
// device. Writes are mutations whose defaults register when this module first loads (the end of this file), not with
// the app's entry.
import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { AuthorizeBody, Order } from '../../../contract/orders';
import { isTerminal } from '../../../contract/plain/orders';
import type { Currency } from '../../../contract/plain/stations';
import type { Poi } from '../../../contract/stations';
import { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { stationSummary } from '../orders/model/receipt';
import { authorizeOrder, createOrder, fetchOrder } from '../orders/queries';
import { currentUserId } from '../session/queries';
import { stationKeys } from '../stations/queries';
import { ticketsOf } from './model/tickets';

/** Keep the order's codes on the device at once (Dexie comes with the first code, not with the page). */
export async function keepTicketsOf(order: Order): Promise<void> {
  if (!order.products.some((p) => (p.redemptionCodes?.length ?? 0) > 0)) return;
  const station = queryClient.getQueryData<Poi>(stationKeys.detail(order.poiId));
  const tickets = ticketsOf(order, currentUserId(), station ? stationSummary(station) : null);
  const { keepWashTickets } = await import('./store');
  await keepWashTickets(tickets);
}

export type CreateWashInput = {
  pid: string;
  productId: string;
  itemCode: string;
  thingId: string | null;
  partner?: string | undefined;
  /** One key per chosen package: pressing confirm again replays the same order. */
  idempotencyKey: string;
};

export type PayWashInput = {
  order: Order;
  /** What pays (a saved method, a wallet token) and where 3-D Secure returns: the authorize payload but its price. */
  means: Omit<AuthorizeBody, 'authorizePrice'>;
  /** One key per order and card: a repeat never pays twice. */
  idempotencyKey: string;
};

/** Pay the wash order's total; an order already paid (the answer was lost) is followed instead. */
async function payWash({ order, means, idempotencyKey }: PayWashInput): Promise<Order> {
  const total = order.totalAfterDiscounts;
  if (!total) throw new Error('A wash order has a total');
  let paid: Order;
  try {
    paid = await authorizeOrder(
      order._id,
      {
        ...means,
        authorizePrice: { amount: total.amount, currency: total.currency as Currency, precision: total.precision },
      },
      idempotencyKey,
    );
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const current = await fetchOrder(order._id);
    if (current.state === 'PAYMENT_PENDING' || isTerminal(current.state)) throw error;
    paid = current;
  }
  await keepTicketsOf(paid);
  return paid;
}

export const washMutations = {
  create: ['wash', 'create'] as const,
  pay: ['wash', 'pay'] as const,
};

export function registerWashMutations(client: QueryClient): void {
  client.setMutationDefaults(washMutations.create, {
    mutationFn: (input: CreateWashInput) =>
      createOrder(
        {
          poiId: input.pid,
          thingId: input.thingId,
          autoAcquire: true,
          products: [{ productId: input.productId, fuelTypeId: input.itemCode }],
        },
        input.idempotencyKey,
        input.partner,
      ),
  });
  client.setMutationDefaults(washMutations.pay, { mutationFn: payWash });
}

export const useCreateWashOrder = () =>
  useMutation<Order, ApiError, CreateWashInput>({ mutationKey: washMutations.create });
export const usePayWash = () => useMutation<Order, ApiError, PayWashInput>({ mutationKey: washMutations.pay });

registerWashMutations(queryClient);
