// The offline store (Dexie). Only src/db touches IndexedDB; components read through these functions or useLiveQuery.
import Dexie, { type EntityTable } from 'dexie';
import type { Order } from '../contract/orders';

export type StoredReceipt = {
  /** The order id. */
  id: string;
  /** When the receipt was stored (epoch ms), for "the last receipts". */
  storedAt: number;
  /** Whose receipt it is: a shared phone lists each driver only their own. */
  userId?: string;
  order: Order;
  station: { name: string; brand: string; address: string } | null;
  pumpName: string | null;
};

/** How many receipts stay on the device. */
export const RECEIPTS_KEPT = 20;

class ForecourtDb extends Dexie {
  /** Receipts of recent orders: the finish page opens them without signal. */
  receipts!: EntityTable<StoredReceipt, 'id'>;

  constructor() {
    super('forecourt-pay');
    this.version(1).stores({ receipts: 'id, storedAt' });
  }
}

export const db = new ForecourtDb();

export async function saveReceipt(receipt: Omit<StoredReceipt, 'storedAt'>): Promise<void> {
  await db.transaction('rw', db.receipts, async () => {
    await db.receipts.put({ ...receipt, storedAt: Date.now() });
    const extra = (await db.receipts.count()) - RECEIPTS_KEPT;
    if (extra > 0) {
      const oldest = await db.receipts.orderBy('storedAt').limit(extra).primaryKeys();
      await db.receipts.bulkDelete(oldest);
    }
  });
}

export function loadReceipt(orderId: string): Promise<StoredReceipt | undefined> {
  return db.receipts.get(orderId);
}

/** The user's last receipts on this device, newest first. */
export function recentReceipts(userId: string, limit = RECEIPTS_KEPT): Promise<StoredReceipt[]> {
  return db.receipts
    .orderBy('storedAt')
    .reverse()
    .filter((r) => r.userId === userId)
    .limit(limit)
    .toArray();
}
