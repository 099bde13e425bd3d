// The driver's own payment methods: count against the limit, set as preferred, deactivate. Another user's id is 404.
import { and, eq, ne } from 'drizzle-orm';
import { PAYMENT_METHODS_LIMIT } from '../../../contract/payment-methods';
import type { AppContext } from '../../context';
import { type PaymentMethodRow, paymentMethods } from '../../db/schema';
import { DomainError } from '../../errors';
import { countActive, ownActiveMethod } from '../../psp/saved-methods';

export { countActive, limitReached, ownActiveMethod } from '../../psp/saved-methods';

/** GET v4/payment-methods/is-payment-methods-limit-exceeded: true once the driver has the limit's number of methods. */
export async function limitExceeded({ ctx, input }: { ctx: AppContext; input: { userId: string } }) {
  const active = await countActive(ctx.db, input.userId);
  return { isLimitExceeded: active >= PAYMENT_METHODS_LIMIT, limit: PAYMENT_METHODS_LIMIT, active };
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
