// Which means pays an order (the authorize payload): a saved card of the caller, a device wallet token, or the
// caller's preferred card.
import { and, desc, eq } from 'drizzle-orm';
import type { AuthorizeBody } from '../../../src/contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { type PaymentMethodRow, paymentMethods } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { requireSecondFactor } from '../payment-methods/two-factor';

export type Method = Pick<PaymentMethodRow, 'id' | 'behavior' | 'brand' | 'last4'> &
  Partial<Pick<PaymentMethodRow, 'method' | 'details'>>;

export async function pickMethod({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: AuthorizeBody; orderId?: string };
}): Promise<Method> {
  const { session, body } = input;
  if (body.paymentMethodId) {
    const [m] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, body.paymentMethodId),
          eq(paymentMethods.userId, session.userId),
          eq(paymentMethods.state, 'ACTIVE'),
        ),
      );
    if (!m) throw notFound('No such payment method');
    // A fuel card pays only after its own second factor for this order (shell-and-account.md §5).
    if (input.orderId) {
      await requireSecondFactor({ ctx, input: { method: m, orderId: input.orderId, now: ctx.clock.now() } });
    }
    return m;
  }
  // A device wallet token (guests pay this way): the sandbox approves it unless it says "decline".
  const wallet = body.paymentToken;
  const token = wallet?.googlePayToken ?? wallet?.applePayToken ?? wallet?.amazonPayToken;
  if (wallet && token) {
    const brand = wallet.googlePayToken ? 'GOOGLE_PAY' : wallet.applePayToken ? 'APPLE_PAY' : 'AMAZON_PAY';
    return {
      id: `wallet_${brand.toLowerCase()}`,
      brand,
      last4: '',
      behavior: /decline/i.test(token) ? 'decline' : 'approve',
    };
  }
  const [preferred] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, session.userId), eq(paymentMethods.state, 'ACTIVE')))
    .orderBy(desc(paymentMethods.isPreferred), paymentMethods.createdAt)
    .limit(1);
  if (!preferred) throw new ApiError(422, 'unprocessable', 'No payment method: give paymentMethodId or a wallet token');
  if (input.orderId) {
    await requireSecondFactor({ ctx, input: { method: preferred, orderId: input.orderId, now: ctx.clock.now() } });
  }
  return preferred;
}
