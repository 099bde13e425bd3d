// The driver's own payment methods: count against the limit, set as preferred, deactivate. Another user's id is 404.
import { and, count, eq, ne } from 'drizzle-orm';
import { PAYMENT_METHODS_LIMIT } from '../../../contract/payment-methods';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { type PaymentMethodRow, paymentMethods } from '../../db/schema';
import { DomainError, notFound } from '../../errors';

export async function countActive(db: AppContext['db'] | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.state, 'ACTIVE')));
  return Number(row?.n ?? 0);
}

/** GET v4/payment-methods/is-payment-methods-limit-exceeded: true once the driver has the limit's number of methods. */
export async function limitExceeded({ ctx, input }: { ctx: AppContext; input: { userId: string } }) {
  const active = await countActive(ctx.db, input.userId);
  return { isLimitExceeded: active >= PAYMENT_METHODS_LIMIT, limit: PAYMENT_METHODS_LIMIT, active };
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

/** POST /v4/payment-methods/{id}/set-as-preferred: this one becomes the only preferred method. */
export async function setPreferred({ ctx, input }: { ctx: AppContext; input: { userId: string; id: string } }) {
  return ctx.db.transaction(async (tx) => {
    await ownActiveMethod(tx, input.userId, input.id);
    await tx
      .update(paymentMethods)
      .set({ isPreferred: false })
      .where(and(eq(paymentMethods.userId, input.userId), ne(paymentMethods.id, input.id)));
    const [row] = await tx
      .update(paymentMethods)
      .set({ isPreferred: true })
      .where(eq(paymentMethods.id, input.id))
      .returning();
    return row as PaymentMethodRow;
  });
}

/**
 * POST /v4/payment-methods/{id}/deactivate. "A preferred payment method … cannot be deleted without first switching"
 * (shell-and-account.md §4): 409 while another active method could take its place. The only method left has nothing
 * to switch to, so it may go (otherwise a driver could never remove their last card).
 */
export async function deactivate({ ctx, input }: { ctx: AppContext; input: { userId: string; id: string } }) {
  return ctx.db.transaction(async (tx) => {
    const row = await ownActiveMethod(tx, input.userId, input.id);
    if (row.isPreferred && (await countActive(tx, input.userId)) > 1) {
      throw new DomainError(
        'conflict',
        'conflict',
        'This is your preferred payment method: choose another preferred method before removing it',
        { reason: 'preferred_payment_method' },
      );
    }
    const [updated] = await tx
      .update(paymentMethods)
      .set({ state: 'INACTIVE', isPreferred: false })
      .where(eq(paymentMethods.id, input.id))
      .returning();
    return updated as PaymentMethodRow;
  });
}
