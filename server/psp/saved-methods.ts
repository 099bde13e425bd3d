// The driver's saved payment methods as the provider's pages (card form, method pages) and the account area both
// use them: how many are active, the limit, the caller's own active one.
import { and, count, eq } from 'drizzle-orm';
import { PAYMENT_METHODS_LIMIT } from '../../contract/payment-methods';
import type { Db, Tx } from '../db/client';
import { type PaymentMethodRow, paymentMethods } from '../db/schema';
import { DomainError, notFound } from '../errors';

export async function countActive(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.state, 'ACTIVE')));
  return Number(row?.n ?? 0);
}

export const limitReached = () =>
  new DomainError('conflict', 'conflict', `You have reached the limit of ${PAYMENT_METHODS_LIMIT} payment methods`, {
    reason: 'payment_methods_limit',
  });

/** The caller's active method, locked for the transaction; 404 for anyone else's or an inactive one. */
export async function ownActiveMethod(tx: Tx, userId: string, id: string): Promise<PaymentMethodRow> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.state, 'ACTIVE')))
    .for('update');
  if (!row) throw notFound('No such payment method');
  return row;
}
