import { and, count, eq, notInArray } from 'drizzle-orm';
import { TERMINAL_STATES } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { accounts, oidcIdentities, orders, sessions, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { forgetSessions } from '../auth';

/**
 * DELETE /functions/delete_user_prod: the user, their sessions and identities, and the account if now empty. Their
 * personal data goes with them (vehicles, payment methods, history cascade); their orders stay for the ledger, but
 * anonymised: no user, no vehicle, no odometer, no card digits. Not while an order of theirs is open (409): its hold
 * and pump would lose their owner, and the payment its record.
 */
export async function deleteUser({ ctx, input }: { ctx: AppContext; input: { session: AuthSession } }): Promise<void> {
  const { userId, accountId } = input.session;
  await ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), notInArray(orders.state, [...TERMINAL_STATES])))
      .limit(1)
      .for('update');
    if (open) throw new DomainError('conflict', 'conflict', 'An order is still open: finish or cancel it first');
    await tx
      .update(orders)
      .set({
        userId: null,
        thingId: null,
        thingExternalId: null,
        carOdometerM: null,
        paymentMethodId: null,
        paymentLast4: null,
        updatedAt: new Date(),
      })
      .where(eq(orders.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    const [left] = await tx.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
    if ((left?.n ?? 0) === 0) await tx.delete(accounts).where(eq(accounts.id, accountId));
  });
  forgetSessions({ ctx, input: { userId } });
}
