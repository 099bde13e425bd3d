// The car wash in the app (pay-flows.md §4 Wash flow): ordering a package and keeping its codes on the device (paying
// for it is the checkout's payOrder; the summary keeps the paid order's codes with keepTicketsOf). The create
// mutation's defaults register when this module first loads (the end of this file), not with the app's entry.
import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders';
import type { Poi } from '../../../contract/stations';
import type { ApiError } from '../../lib/http/errors';
import { queryClient } from '../../lib/query-client';
import { stationSummary } from '../orders/model/receipt';
import { createOrder } from '../orders/queries';
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

export const washMutations = {
  create: ['wash', 'create'] as const,
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
}

export const useCreateWashOrder = () =>
  useMutation<Order, ApiError, CreateWashInput>({ mutationKey: washMutations.create });

registerWashMutations(queryClient);
