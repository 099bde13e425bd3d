// The wash console's code entry: the operator types (or scans) a driver's redemption code at the station's wash. A code
// of this station's wash, unused and unexpired, is marked used and starts the wash bay with its package; a wrong code
// (none at this station: 404), a used or an expired one (409) is answered with what is wrong. The guarded UPDATE lets
// one of two entries of the same code win; if the bay cannot start (busy, faulted), the code stays unused.
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { redemptionCodes, stationProducts } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import type { DeviceView } from './device-view';
import { startWash } from './start-wash';

export type RedeemedWashCode = { code: string; redeemedAt: string; device: DeviceView };

/** What an operator may type: digits, spaces and dashes as printed on the receipt (12 34-56 78). */
export function normalizeWashCode(input: string): string {
  return input.replace(/[\s-]+/g, '');
}

export async function redeemWashCode({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { stationId: string; code: string };
}): Promise<RedeemedWashCode> {
  const code = normalizeWashCode(input.code);
  const [found] = await ctx.db
    .select({ row: redemptionCodes, product: stationProducts })
    .from(redemptionCodes)
    .innerJoin(stationProducts, eq(stationProducts.id, redemptionCodes.productId))
    .where(and(eq(redemptionCodes.code, code), eq(stationProducts.stationId, input.stationId)));
  if (found?.product.facility !== 'WASH') throw notFound('This code is not a wash code of this station');
  const { row } = found;
  if (row.usedAt) {
    throw new DomainError('conflict', 'conflict', `This code was already used (${row.usedAt.toISOString()})`, [
      { path: 'code', message: 'already_redeemed' },
    ]);
  }
  const now = ctx.clock.now();
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('conflict', 'conflict', `This code expired (${row.expiresAt.toISOString()})`, [
      { path: 'code', message: 'expired' },
    ]);
  }
  const [used] = await ctx.db
    .update(redemptionCodes)
    .set({ usedAt: now })
    .where(and(eq(redemptionCodes.id, row.id), isNull(redemptionCodes.usedAt)))
    .returning({ id: redemptionCodes.id });
  if (!used) {
    throw new DomainError('conflict', 'conflict', 'This code was already used', [
      { path: 'code', message: 'already_redeemed' },
    ]);
  }
  try {
    const device = await startWash({
      ctx,
      input: { productId: row.productId, ...(row.itemCode ? { itemCode: row.itemCode } : {}) },
    });
    return { code, redeemedAt: now.toISOString(), device };
  } catch (err) {
    // The bay did not start: the driver keeps the code.
    await ctx.db
      .update(redemptionCodes)
      .set({ usedAt: null })
      .where(and(eq(redemptionCodes.id, row.id), eq(redemptionCodes.usedAt, now)));
    throw err;
  }
}
