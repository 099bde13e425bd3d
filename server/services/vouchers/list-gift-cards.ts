// GET v4/vouchers/gift-cards: the gift cards the caller bought (shell-and-account.md §3 Gift card; the voucher store's
// gift-card balances). A gift card is the code its order issued (services/orders authorize-priced.ts, GIFT_CARD flow);
// its balance is its value until the code is redeemed (PATCH /v4/redemption-codes), then nothing.
import { and, desc, eq } from 'drizzle-orm';
import type { Currency } from '../../../contract/stations';
import type { GiftCard } from '../../../contract/vouchers';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { orders, redemptionCodes } from '../../db/schema';
import { AMOUNT_PRECISION } from '../forecourt';

export async function listGiftCards({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession };
}): Promise<GiftCard[]> {
  const rows = await ctx.db
    .select({ order: orders, code: redemptionCodes })
    .from(orders)
    .innerJoin(redemptionCodes, eq(redemptionCodes.orderId, orders.id))
    .where(and(eq(orders.userId, input.session.userId), eq(orders.productType, 'GIFT_CARD')))
    .orderBy(desc(redemptionCodes.createdAt), desc(redemptionCodes.code));
  return rows
    .filter((r) => r.order.totalAmount !== null)
    .map(({ order, code }) => {
      const price = (amount: number) => ({
        amount,
        currency: order.currency as Currency,
        precision: AMOUNT_PRECISION,
      });
      const value = order.totalAmount ?? 0;
      return {
        orderId: order.id,
        code: code.code,
        expirationDate: code.expiresAt.toISOString(),
        amount: price(value),
        balance: price(code.usedAt ? 0 : value),
        name: order.itemName ?? order.productName,
      };
    });
}
