// Sandbox PSP: authorize a hold on a saved card token. A test card that declines (decline, insufficient funds, expired) (a DECLINE
// ledger entry, no hold). Runs inside the caller's transaction so the hold and the order's state move together.
import { newId } from '../auth/crypto';
import type { Tx } from '../db/client';
import { type PaymentMethodRow, paymentHolds, paymentLedger } from '../db/schema';
import { AMOUNT_PRECISION } from '../money';
import type { HoldResult } from '../payment-provider';
import { DECLINE_REASONS } from './test-cards';

export async function authorizeHold({
  tx,
  input,
}: {
  tx: Tx;
  input: {
    orderId: string;
    method: Pick<PaymentMethodRow, 'id' | 'behavior'>;
    amount: number;
    currency: string;
    now: Date;
  };
}): Promise<HoldResult> {
  const reference = `sbx_${newId()}`;
  const entry = {
    orderId: input.orderId,
    amount: input.amount,
    currency: input.currency,
    precision: AMOUNT_PRECISION,
    reference,
    createdAt: input.now,
  };
  const declined = DECLINE_REASONS[input.method.behavior];
  if (declined) {
    await tx.insert(paymentLedger).values({ id: newId(), kind: 'DECLINE', ...entry });
    return { approved: false, reason: declined };
  }
  await tx.insert(paymentHolds).values({
    orderId: input.orderId,
    paymentMethodId: input.method.id,
    currency: input.currency,
    held: input.amount,
    createdAt: input.now,
  });
  await tx.insert(paymentLedger).values({ id: newId(), kind: 'HOLD', ...entry });
  return { approved: true, reference };
}
