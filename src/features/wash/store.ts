// Wash tickets kept on the device (Dexie through src/db): the one owner of a bought wash code. Written as soon as an
// order with codes is seen (the pay answer, every poll of the wash finish); read with useLiveQuery, so the wash finish
// and the wash tickets screens show code and QR without signal.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type StoredWashTicket } from '../../db';
import type { WashTicket } from './model/tickets';

/** Keep (or refresh) tickets; a code once seen redeemed stays redeemed, and the first storedAt stays. */
export async function keepWashTickets(tickets: WashTicket[]): Promise<void> {
  if (tickets.length === 0) return;
  await db.transaction('rw', db.washTickets, async () => {
    for (const ticket of tickets) {
      const existing = await db.washTickets.get(ticket.id);
      await db.washTickets.put({
        ...ticket,
        isRedeemed: ticket.isRedeemed || (existing?.isRedeemed ?? false),
        station: ticket.station ?? existing?.station ?? null,
        storedAt: existing?.storedAt ?? Date.now(),
      });
    }
  });
}

/** The kept tickets of an order: undefined while the device is asked. */
export function useOrderWashTickets(orderId: string): StoredWashTicket[] | undefined {
  return useLiveQuery(() => db.washTickets.where('orderId').equals(orderId).sortBy('code'), [orderId]);
}

/** A driver's kept tickets, newest first (the account's wash tickets screens). */
export function useWashTickets(userId: string | null): StoredWashTicket[] | undefined {
  return useLiveQuery(
    () =>
      db.washTickets
        .orderBy('storedAt')
        .reverse()
        .filter((t) => t.userId === userId)
        .toArray(),
    [userId],
  );
}
