// PATCH /v4/redemption-codes/{id} {isRedeemed: true}: the driver marks one of their own wash codes used (another
// driver's code: 404). Single-use: a code already redeemed, or expired, is refused (409). The guarded UPDATE lets
// exactly one of two concurrent redeems win.
import { and, eq, isNull } from 'drizzle-orm';
import type { RedemptionCode } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { redemptionCodes } from '../../db/schema';
import { DomainError, notFound } from '../../errors';

type CodeRow = typeof redemptionCodes.$inferSelect;

export function codeJson(row: Pick<CodeRow, 'id' | 'code' | 'expiresAt' | 'usedAt'>): RedemptionCode {
  return {
    _id: row.id,
    code: row.code,
    expirationDate: row.expiresAt.toISOString(),
    isRedeemed: row.usedAt !== null,
  };
}

export async function redeemCode({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; codeId: string };
}): Promise<RedemptionCode> {
  const own = and(eq(redemptionCodes.id, input.codeId), eq(redemptionCodes.userId, input.session.userId));
  const [row] = await ctx.db.select().from(redemptionCodes).where(own);
  if (!row) throw notFound('No such redemption code');
  if (row.usedAt) throw new DomainError('conflict', 'conflict', 'This code has already been redeemed');
  const now = ctx.clock.now();
  if (row.expiresAt.getTime() <= now.getTime()) throw new DomainError('conflict', 'conflict', 'This code has expired');
  const [used] = await ctx.db
    .update(redemptionCodes)
    .set({ usedAt: now })
    .where(and(own, isNull(redemptionCodes.usedAt)))
    .returning();
  if (!used) throw new DomainError('conflict', 'conflict', 'This code has already been redeemed');
  return codeJson(used);
}
