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
        ...(existing?.usedAt ? { usedAt: existing.usedAt } : {}),
        ...(existing?.redeemPending ? { redeemPending: true } : {}),
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

/** One kept ticket of the driver: undefined while the device is asked, null when it is not here. */
export function useWashTicket(id: string, userId: string | null): StoredWashTicket | null | undefined {
  return useLiveQuery(async () => {
    const ticket = await db.washTickets.get(id);
    return ticket && ticket.userId === userId ? ticket : null;
  }, [id, userId]);
}

/** The driver marked the code used: shown at once (also without signal); the mark waits in the outbox. */
export async function markTicketUsed(id: string, at: number): Promise<void> {
  await db.washTickets.update(id, { isRedeemed: true, usedAt: at, redeemPending: true });
}

/**
 * The server answered the mark. Accepted, or refused as already used/expired (409: the code is spent either way): it
 * stays used. Refused otherwise (404: not the driver's code): the mark is taken back.
 */
export async function settleTicketRedeem(id: string, outcome: 'used' | 'undo'): Promise<void> {
  if (outcome === 'used') await db.washTickets.update(id, { isRedeemed: true, redeemPending: false });
  else await db.washTickets.update(id, { isRedeemed: false, redeemPending: false, usedAt: undefined });
}
