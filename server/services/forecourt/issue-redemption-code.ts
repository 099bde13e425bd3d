import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { redemptionCodes, stationProducts } from '../../db/schema';
import { DomainError, notFound } from '../../errors';

/** A code is valid for 30 days at the wash terminal. */
const REDEMPTION_CODE_TTL_MS = 30 * 24 * 3600 * 1000;

/** Issues a wash redemption code (8 digits) for a wash product: {code, expiresAt}. */
export async function issueRedemptionCode({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string };
}): Promise<{ code: string; expiresAt: string }> {
  const [product] = await ctx.db
    .select({ type: stationProducts.type })
    .from(stationProducts)
    .where(eq(stationProducts.id, input.productId));
  if (!product) throw notFound('No such product');
  if (product.type !== 'CAR_WASH')
    throw new DomainError('conflict', 'conflict', 'Only car wash products issue redemption codes');
  const expiresAt = new Date(ctx.clock.now().getTime() + REDEMPTION_CODE_TTL_MS);
  for (let attempt = 0; ; attempt++) {
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    try {
      await ctx.db.insert(redemptionCodes).values({ id: newId(), productId: input.productId, code, expiresAt });
      return { code, expiresAt: expiresAt.toISOString() };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 5) throw err;
    }
  }
}
