// The running orders kept on the device (Dexie through src/db, the one owner of this datum): written by the ongoing
// orders query (queries.ts) after each answer, read by the banner with useLiveQuery, so it shows offline too.
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db';
import type { KeptOrder, KeptStation } from './model/resume-list';

export function keptOrders(userId: string): Promise<KeptOrder[]> {
  return db.ongoingOrders.where('userId').equals(userId).toArray();
}

/** Keep these entries and let go of those, in one write. */
export async function saveKept(keep: readonly KeptOrder[], drop: readonly string[]): Promise<void> {
  await db.transaction('rw', db.ongoingOrders, async () => {
    if (drop.length > 0) await db.ongoingOrders.bulkDelete([...drop]);
    if (keep.length > 0) await db.ongoingOrders.bulkPut([...keep]);
  });
}

/** The driver dismissed the banner of this order at this stage (kept per device). */
export async function dismissKept(orderId: string, phase: string): Promise<void> {
  await db.ongoingOrders.update(orderId, { dismissedPhase: phase });
}

/** The station's name and address, once known (only that field: a dismissal made meanwhile stays). */
export async function nameKept(orderId: string, station: KeptStation): Promise<void> {
  await db.ongoingOrders.update(orderId, { station });
}

export async function forgetKept(orderIds: readonly string[]): Promise<void> {
  if (orderIds.length > 0) await db.ongoingOrders.bulkDelete([...orderIds]);
}

/** The kept running orders of this driver: undefined while the device is asked. */
export function useKeptOrders(userId: string): KeptOrder[] | undefined {
  return useLiveQuery(() => keptOrders(userId), [userId]);
}
