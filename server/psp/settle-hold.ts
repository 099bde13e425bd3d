// Sandbox PSP: settle a hold once. Capture the final amount (never above the hold: the guarded UPDATE and the
// table's CHECK constraints both refuse it, and a unique index allows one CAPTURE per order) and release the rest;
// nothing to capture voids the hold.
import { and, eq, gte, sql } from 'drizzle-orm';
import { newId } from '../auth/crypto';
import type { Tx } from '../db/client';
import { paymentHolds, paymentLedger } from '../db/schema';
import { AMOUNT_PRECISION } from '../money';
import type { Settlement } from '../payment-provider';

/** Returns undefined when there is no open hold (never held, or already settled). */
export async function settleHold({
  tx,
  input,
}: {
  tx: Tx;
  input: { orderId: string; capture: number; now: Date };
}): Promise<Settlement | undefined> {
  const capture = Math.max(0, Math.floor(input.capture));
  const voided = capture === 0;
  const [hold] = await tx
    .update(paymentHolds)
    .set({
      status: voided ? 'VOIDED' : 'CAPTURED',
      captured: capture,
      released: sql`${paymentHolds.held} - ${capture}`,
      settledAt: input.now,
    })
    .where(
      and(eq(paymentHolds.orderId, input.orderId), eq(paymentHolds.status, 'HELD'), gte(paymentHolds.held, capture)),
    )
    .returning();
  if (!hold) return undefined;
  const base = { orderId: input.orderId, currency: hold.currency, precision: AMOUNT_PRECISION, createdAt: input.now };
  if (voided) {
    await tx.insert(paymentLedger).values({ id: newId(), kind: 'VOID', amount: hold.held, ...base });
  } else {
    await tx.insert(paymentLedger).values({ id: newId(), kind: 'CAPTURE', amount: capture, ...base });
    if (hold.released > 0) {
      await tx.insert(paymentLedger).values({ id: newId(), kind: 'RELEASE', amount: hold.released, ...base });
    }
  }
  return { held: hold.held, captured: hold.captured, released: hold.released, voided };
}
