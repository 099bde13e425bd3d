// GET v4/ongoing-orders?limit=5 (pay-flows.md §7, §9 "Ongoing orders limit 5") as a query: asked on start, whenever
// the app comes back to the foreground (visibilitychange) and when the signal returns; paused without signal, as
// the app's other polling. Its answer goes to the device (store.ts): the banner reads it there, offline too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contract/orders';
import { ApiError } from '../../../lib/http/errors';
import { queryClient } from '../../../lib/query-client';
import { stationQuery } from '../../stations/queries';
import { ordersApi } from '../api';
import { stationSummary } from '../model/receipt';
import { rememberOrder } from '../queries';
import { type KeptOrder, type KeptStation, movedOn, reconcile } from './model/resume-list';
import { keptOrders, nameKept, saveKept } from './store';

export const ongoingKeys = {
  all: ['ongoing-orders'] as const,
  user: (userId: string) => ['ongoing-orders', userId] as const,
};

/** The station's name and address for the banner: from the cache when the app has it, else asked once. */
async function stationOf(poiId: string): Promise<KeptStation | null> {
  try {
    const station = await queryClient.ensureQueryData({ ...stationQuery(poiId), staleTime: Number.POSITIVE_INFINITY });
    return stationSummary(station);
  } catch {
    // The banner then names the pump without its station.
    return null;
  }
}

/** What became of an order that left the list: its state now, or gone (no longer this driver's to see). */
async function askAgain(before: KeptOrder, now: number): Promise<KeptOrder | null> {
  try {
    const order = await ordersApi.get(before.id);
    rememberOrder(order);
    return movedOn(before, order, now);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
    // No answer: kept as it was, asked again next time.
    return before;
  }
}

/** Ask the server, bring the kept list up to date; answers the ids of the orders the banner knows of. */
export async function refreshOngoing(userId: string): Promise<string[]> {
  const answer: Order[] = await ordersApi.ongoing();
  const now = Date.now();
  for (const order of answer) rememberOrder(order);
  const kept = await keptOrders(userId);
  const { keep, drop, missing } = reconcile(kept, answer, userId, now);
  const asked = await Promise.all(
    missing.map(async (id) => ({ id, entry: await askAgain(kept.find((k) => k.id === id)!, now) })),
  );
  const entries = [...keep, ...asked.flatMap((a) => (a.entry ? [a.entry] : []))];
  const gone = [...drop, ...asked.filter((a) => !a.entry).map((a) => a.id)];
  // Shown at once; the station's name follows (a station not in the cache is one more request).
  await saveKept(entries, gone);
  const unnamed = entries.filter((k) => !k.station);
  if (unnamed.length > 0) {
    await Promise.all(
      unnamed.map(async (k) => {
        const station = await stationOf(k.order.poiId);
        if (station) await nameKept(k.id, station);
      }),
    );
  }
  return entries.map((k) => k.id);
}

export const ongoingOrdersQuery = (userId: string) =>
  queryOptions({
    queryKey: ongoingKeys.user(userId),
    queryFn: () => refreshOngoing(userId),
    // Without signal the query waits (paused) instead of failing: the kept list shows meanwhile.
    networkMode: 'online',
    staleTime: 0,
    // "On every return to the app": TanStack's focus manager listens to visibilitychange; `online` refetches too.
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export function useOngoingOrders(userId: string) {
  return useQuery(ongoingOrdersQuery(userId));
}
