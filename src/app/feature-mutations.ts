// The pay path's mutation defaults and outbox senders (orders, checkout, profile): one chunk, loaded by
// app/query-client.ts featureMutations() with the first feature page, so the public pages' start-up code has none.
import type { QueryClient } from '@tanstack/react-query';
import { registerCheckoutMutations } from '../features/checkout/queries';
import { registerOrderMutations } from '../features/orders/queries';
import { registerProfileMutations } from '../features/profile/queries';

export function registerFeatureMutations(client: QueryClient): void {
  registerOrderMutations(client);
  registerCheckoutMutations(client);
  registerProfileMutations(client);
}
