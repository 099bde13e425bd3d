// The capture side of the one discount engine: inside the transaction that captures an order, apply the driver's
// voucher cards to what was bought, record the lines on the order (the receipt's vouchers) and use up single-use
// cards; the loyalty card's points; count a referred friend's litres (referral.ts). Returns the discount; the caller captures the amount minus
// it. Called exactly once per order: the callers run it right after their guarded state transition succeeded.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { VoucherProductType } from '../../../contract/vouchers';
import type { Tx } from '../../db/client';
import { orderDiscounts, voucherParticipations } from '../../db/schema';
import { AMOUNT_PRECISION } from '../forecourt';
import { recordLoyaltyPoints } from '../loyalty';
import { computeDiscounts } from './discount-engine';
import { loadCards, toEngineVoucher } from './load-vouchers';
import { recordReferralFuel } from './referral';

export async function applyOrderDiscounts({
  tx,
  input,
}: {
  tx: Tx;
  input: {
    orderId: string;
    userId: string | null;
    productType: VoucherProductType | null;
    currency: string;
    /** Price before discounts, minor units at precision 2. */
    amount: number;
    quantityMilli: number;
    now: Date;
  };
}): Promise<number> {
  const { userId, productType } = input;
  if (!userId || !productType || input.amount <= 0) return 0;
  const discount = await applyCards(tx, { ...input, userId, productType });
  // The driver's loyalty card collects points for what is paid after the discounts (the receipt's loyalty items).
  await recordLoyaltyPoints(tx, {
    orderId: input.orderId,
    userId,
    paid: input.amount - discount,
    precision: AMOUNT_PRECISION,
    now: input.now,
  });
  // Refer-a-friend counts a referred friend's litres at each fuel capture (after this refuel's own discounts).
  if (productType === 'GAS')
    await recordReferralFuel(tx, { userId, quantityMilli: input.quantityMilli, now: input.now });
  return discount;
}

async function applyCards(
  tx: Tx,
  input: {
    orderId: string;
    userId: string;
    productType: VoucherProductType;
    currency: string;
    amount: number;
    quantityMilli: number;
    now: Date;
  },
): Promise<number> {
  const { userId, productType } = input;
  const cards = await loadCards(tx, userId, { forUpdate: true });
  if (cards.length === 0) return 0;
  const result = computeDiscounts(
    cards.map(toEngineVoucher),
    { productType, currency: input.currency, amount: input.amount, quantityMilli: input.quantityMilli },
    input.now,
  );
  if (result.lines.length === 0) return 0;
  await tx.insert(orderDiscounts).values(
    result.lines.map((l, position) => ({
      orderId: input.orderId,
      position,
      participationId: l.participationId,
      campaignId: l.campaignId,
      name: l.name,
      label: l.label,
      amount: l.amount,
      currency: input.currency,
      createdAt: input.now,
    })),
  );
  for (const l of result.lines) {
    await tx
      .update(voucherParticipations)
      .set({ usesLeft: sql`${voucherParticipations.usesLeft} - 1` })
      .where(and(eq(voucherParticipations.id, l.participationId), gt(voucherParticipations.usesLeft, 0)));
  }
  return result.discount;
}
