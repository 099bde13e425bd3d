// Car wash redemption codes (pay-flows.md §3 Order: products[].redemptionCodes): 8 digits typed at the wash terminal,
// unique across the network (a unique index) and single-use. Issued inside the transaction that acquires the order;
// a clash with an existing code is skipped by the insert (ON CONFLICT DO NOTHING keeps the transaction alive) and
// drawn again.
import { randomInt } from 'node:crypto';
import { newId } from '../../auth/crypto';
import type { Tx } from '../../db/client';
import { redemptionCodes } from '../../db/schema';

/** A code is valid for 30 days at the wash terminal. */
export const WASH_CODE_TTL_MS = 30 * 24 * 3600 * 1000;
/** A gift card's code is valid for a year. */
export const GIFT_CARD_TTL_MS = 365 * 24 * 3600 * 1000;
/** Digits of a code (what the wash terminal's keypad takes). */
export const WASH_CODE_DIGITS = 8;
/** Rows per insert when many codes are issued at once. */
const BATCH = 1000;

export type IssuedCode = { id: string; code: string; expiresAt: Date };

/** One random code: WASH_CODE_DIGITS digits, leading zeros kept. */
export function drawCode(random: (max: number) => number = randomInt): string {
  return String(random(10 ** WASH_CODE_DIGITS)).padStart(WASH_CODE_DIGITS, '0');
}

/**
 * Issues `count` new codes for a wash product (and the order and driver they belong to, when bought in the app).
 * `random` is for tests (a small range forces clashes); give up after a number of rounds that only a nearly full code
 * space could need.
 */
export async function issueWashCodes({
  tx,
  input,
  random = randomInt,
}: {
  tx: Tx;
  input: {
    productId: string;
    itemCode?: string | null;
    orderId?: string | null;
    userId?: string | null;
    count: number;
    now: Date;
    /** Validity (default: a wash code's 30 days). */
    ttlMs?: number;
  };
  random?: (max: number) => number;
}): Promise<IssuedCode[]> {
  const expiresAt = new Date(input.now.getTime() + (input.ttlMs ?? WASH_CODE_TTL_MS));
  const issued: IssuedCode[] = [];
  for (let round = 0; issued.length < input.count; round++) {
    if (round > 50) throw new Error('issueWashCodes: no free codes left after 50 rounds');
    const wanted = Math.min(BATCH, input.count - issued.length);
    const codes = new Set<string>();
    while (codes.size < wanted) codes.add(drawCode(random));
    const rows = await tx
      .insert(redemptionCodes)
      .values(
        [...codes].map((code) => ({
          id: newId(),
          productId: input.productId,
          code,
          expiresAt,
          orderId: input.orderId ?? null,
          userId: input.userId ?? null,
          itemCode: input.itemCode ?? null,
          createdAt: input.now,
        })),
      )
      .onConflictDoNothing({ target: redemptionCodes.code })
      .returning({ id: redemptionCodes.id, code: redemptionCodes.code, expiresAt: redemptionCodes.expiresAt });
    issued.push(...rows);
  }
  return issued;
}
