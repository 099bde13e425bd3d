// GET /v4/invoices/{id}: the PDF invoice of the caller's completed order (id = the order's or its PAYMENT event's).
import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { historyPayments, orders, users } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { renderInvoicePdf } from './invoice-pdf';
import { loadOwnEvent } from './load-events';
import { ensurePaymentEvent } from './record-payment-event';

export async function getInvoice({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; id: string; language: 'en' | 'de' };
}): Promise<{ pdf: Uint8Array; filename: string }> {
  const [found] = await ctx.db
    .select({ order: orders })
    .from(orders)
    .leftJoin(historyPayments, eq(historyPayments.orderId, orders.id))
    .where(and(eq(orders.userId, input.userId), or(eq(orders.id, input.id), eq(historyPayments.eventId, input.id))));
  if (!found) throw notFound('No such order');
  const { order } = found;
  if (order.state !== 'COMPLETED') throw new DomainError('conflict', 'conflict', 'The order has no invoice yet');
  await ensurePaymentEvent({ ctx, input: { order } });
  const [link] = await ctx.db
    .select({ eventId: historyPayments.eventId })
    .from(historyPayments)
    .where(eq(historyPayments.orderId, order.id));
  if (!link) throw notFound('No such order');
  const event = await loadOwnEvent(ctx.db, { userId: input.userId, eventId: link.eventId });
  if (!event.payment) throw notFound('No such order');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, input.userId));
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || null;
  const street = [user?.street, user?.houseNumber].filter(Boolean).join(' ');
  const city = [user?.zip, user?.city].filter(Boolean).join(' ');
  const completed = order.stateHistory.find((h) => h.state === 'COMPLETED');
  const issuedAt = completed ? new Date(completed.createdAt) : order.updatedAt;
  const number = `FP-${issuedAt.getUTCFullYear()}-${order.id.slice(-10).toUpperCase()}`;
  const pdf = await renderInvoicePdf({
    number,
    issuedAt,
    paidAt: new Date(event.sampleTime),
    payment: event.payment,
    buyer: {
      name,
      company: user?.companyName ?? null,
      address: [street, user?.street2 ?? '', city, user?.countryCode ?? ''].filter(Boolean),
      email: user?.email ?? null,
      taxId: user?.taxId ?? null,
    },
    language: input.language,
  });
  return { pdf, filename: `${number}.pdf` };
}
