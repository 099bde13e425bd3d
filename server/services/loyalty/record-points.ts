// The receipt's loyalty items (pay-flows.md §2 receipt "loyalty items", §3 Order loyaltyItems): at the capture of an
// order, the driver's loyalty card — the first one, as the summary shows it (LoyaltyCardSlot) — collects points for
// what was paid after the discounts. Inside the capture's transaction; written once per order.
import { asc, eq, sql } from 'drizzle-orm';
import { loyaltyPointsFor } from '../../../contract/loyalty';
import type { Tx } from '../../db/client';
import { loyaltySubscriptions, orderLoyaltyItems } from '../../db/schema';
import { PROGRAMS } from './programs';

export async function recordLoyaltyPoints(
  tx: Tx,
  input: { orderId: string; userId: string; paid: number; precision: number; now: Date },
): Promise<void> {
  const points = loyaltyPointsFor(input.paid, input.precision);
  if (points <= 0) return;
  const [card] = await tx
    .select()
    .from(loyaltySubscriptions)
    .where(eq(loyaltySubscriptions.userId, input.userId))
    .orderBy(asc(loyaltySubscriptions.createdAt), asc(loyaltySubscriptions.id))
    .limit(1)
    .for('update');
  if (!card) return;
  const [before] = await tx
    .select({ total: sql<number>`coalesce(sum(${orderLoyaltyItems.amount}), 0)`.mapWith(Number) })
    .from(orderLoyaltyItems)
    .where(eq(orderLoyaltyItems.subscriptionId, card.id));
  await tx
    .insert(orderLoyaltyItems)
    .values({
      orderId: input.orderId,
      position: 0,
      subscriptionId: card.id,
      programName: PROGRAMS[card.provider].name,
      amount: points,
      totalAmount: (before?.total ?? 0) + points,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}
