// Sandbox PSP: give the whole hold back (cancel before fuel, watchdog). No-op when there is no open hold.
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../auth/crypto';
import type { Tx } from '../db/client';
import { paymentHolds, paymentLedger } from '../db/schema';
import { AMOUNT_PRECISION } from '../money';

export async function releaseHold({
  tx,
  input,
}: {
  tx: Tx;
  input: { orderId: string; now: Date };
}): Promise<number | undefined> {
  const [hold] = await tx
    .update(paymentHolds)
    .set({ status: 'RELEASED', released: sql`${paymentHolds.held}`, settledAt: input.now })
    .where(and(eq(paymentHolds.orderId, input.orderId), eq(paymentHolds.status, 'HELD')))
    .returning();
  if (!hold) return undefined;
  await tx.insert(paymentLedger).values({
    id: newId(),
    orderId: input.orderId,
    kind: 'RELEASE',
    amount: hold.held,
    currency: hold.currency,
    precision: AMOUNT_PRECISION,
    createdAt: input.now,
  });
  return hold.held;
}
