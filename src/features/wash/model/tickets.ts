// A wash ticket is what the driver keeps of a bought wash code (pay-flows.md §3 Order.products[].redemptionCodes and
// additionalDisplays of type QR): the code to type, the QR to scan, the package and its expiry. Pure.
import type { Order } from '../../../../contract/orders';
import type { StationSummary } from '../../orders/model/receipt';

export type WashTicket = {
  id: string;
  orderId: string;
  userId: string | null;
  code: string;
  qrPayload: string;
  expirationDate: string;
  isRedeemed: boolean;
  packageName: string | null;
  descriptionLines: string[];
  amount: { amount: number; currency: string; precision: number } | null;
  bayName: string | null;
  station: StationSummary | null;
  purchasedAt: string;
};

/** The tickets of an order: one per redemption code; none before the product is acquired. */
export function ticketsOf(order: Order, userId: string | null, station: StationSummary | null): WashTicket[] {
  const product = order.products[0];
  const codes = product?.redemptionCodes ?? [];
  const purchasedAt =
    order.stateHistory.find((h) => h.state === 'PRODUCT_ACQUIRED')?.createdAt ?? order.updatedAt ?? order.createdAt;
  return codes.map((c) => ({
    id: c._id,
    orderId: order._id,
    userId,
    code: c.code,
    // The display of this code, else the code itself (what the terminal's scanner reads either way).
    qrPayload:
      product?.additionalDisplays?.find((d) => d.type === 'QR' && d.redemptionCodeId === c._id)?.code ?? c.code,
    expirationDate: c.expirationDate,
    isRedeemed: c.isRedeemed ?? false,
    packageName: product?.fuelType?.name ?? null,
    descriptionLines: product?.attributes?.paymentAttributes?.descriptionLines ?? [],
    amount: order.totalAfterDiscounts
      ? {
          amount: order.totalAfterDiscounts.amount,
          currency: order.totalAfterDiscounts.currency,
          precision: order.totalAfterDiscounts.precision,
        }
      : null,
    bayName: product?.name ?? null,
    station,
    purchasedAt,
  }));
}

/** Expired at `now` (epoch ms)? */
export function isExpired(ticket: Pick<WashTicket, 'expirationDate'>, now: number): boolean {
  return new Date(ticket.expirationDate).getTime() <= now;
}

/** A ticket as the list shows it (§4 "Wash ticket. It is valid, then marked as used"; an unused code also runs out). */
export type TicketState = 'VALID' | 'USED' | 'EXPIRED';

export function ticketState(ticket: Pick<WashTicket, 'expirationDate' | 'isRedeemed'>, now: number): TicketState {
  if (ticket.isRedeemed) return 'USED';
  return isExpired(ticket, now) ? 'EXPIRED' : 'VALID';
}

/**
 * The wash tickets list's order: the codes still to use first, the one running out soonest on top; then used and
 * expired codes, the most recently bought first. Ties keep a stable order by code.
 */
export function sortTickets<T extends Pick<WashTicket, 'expirationDate' | 'isRedeemed' | 'purchasedAt' | 'code'>>(
  tickets: readonly T[],
  now: number,
): T[] {
  const time = (iso: string) => new Date(iso).getTime();
  return [...tickets].sort((a, b) => {
    const av = ticketState(a, now) === 'VALID';
    const bv = ticketState(b, now) === 'VALID';
    if (av !== bv) return av ? -1 : 1;
    const byTime = av ? time(a.expirationDate) - time(b.expirationDate) : time(b.purchasedAt) - time(a.purchasedAt);
    return byTime || a.code.localeCompare(b.code);
  });
}
