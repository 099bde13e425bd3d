// Receipts kept on the device (Dexie through src/db): the one owner of a receipt. Written by the order poll loop
// whenever it fetches an order that has reached PRODUCT_ACQUIRED; read by screens with useLiveQuery.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Order } from '../../../contract/orders';
import { db, type StoredReceipt } from '../../db';
import type { StationSummary } from './model/receipt';
import { newerCopy } from './model/waits';

/** How many receipts stay on the device. */
export const RECEIPTS_KEPT = 20;

/** Keep (or refresh) the receipt of an order; an older copy never replaces a newer one. */
export async function keepReceipt(input: {
  order: Order;
  userId: string | null;
  station: StationSummary | null;
}): Promise<void> {
  await db.transaction('rw', db.receipts, async () => {
    const existing = await db.receipts.get(input.order._id);
    const order = newerCopy(existing?.order, input.order) ?? input.order;
    await db.receipts.put({
      id: order._id,
      storedAt: existing?.storedAt ?? Date.now(),
      ...(input.userId ? { userId: input.userId } : existing?.userId ? { userId: existing.userId } : {}),
      order,
      station: input.station ?? existing?.station ?? null,
      pumpName: order.products[0]?.name ?? null,
    });
    const extra = (await db.receipts.count()) - RECEIPTS_KEPT;
    if (extra > 0) {
      const oldest = await db.receipts.orderBy('storedAt').limit(extra).primaryKeys();
      await db.receipts.bulkDelete(oldest);
    }
  });
}

/** The kept receipt of an order: undefined while the device is asked, null when it keeps none. */
export function useReceipt(orderId: string): StoredReceipt | null | undefined {
  return useLiveQuery(async () => (await db.receipts.get(orderId)) ?? null, [orderId]);
}

/** The user's last receipts on this device, newest first. */
export function useRecentReceipts(userId: string, limit: number): StoredReceipt[] | undefined {
  return useLiveQuery(
    () =>
      db.receipts
        .orderBy('storedAt')
        .reverse()
        .filter((r) => r.userId === userId)
        .limit(limit)
        .toArray(),
    [userId, limit],
  );
}
