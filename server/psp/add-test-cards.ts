// Saves the sandbox test cards for a user (demo seed, tests). Idempotent per user: cards already there are kept.
import { eq } from 'drizzle-orm';
import { newId, newToken } from '../auth/crypto';
import type { AppContext } from '../context';
import { type PaymentMethodRow, paymentMethods } from '../db/schema';
import { TEST_CARDS } from './test-cards';

export async function addTestCards({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; holderName?: string | null };
}): Promise<PaymentMethodRow[]> {
  const existing = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.userId, input.userId));
  if (existing.length > 0) return existing;
  const now = ctx.clock.now();
  const rows = Object.values(TEST_CARDS).map((card, i) => ({
    id: newId(),
    userId: input.userId,
    provider: 'sandbox',
    method: 'DIRECT_CREDIT',
    token: `tok_sbx_${newToken()}`,
    holderName: input.holderName ?? null,
    ...card,
    // Distinct creation times keep the listing order stable (preferred VISA first).
    createdAt: new Date(now.getTime() + i),
  }));
  return ctx.db.insert(paymentMethods).values(rows).returning();
}
