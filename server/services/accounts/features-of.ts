// One account's feature flags as stored (shell-and-account.md §3 Account features), for the services that check one.
import { eq } from 'drizzle-orm';
import type { AccountFeatures } from '../../../contract/users';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import { DomainError, notFound } from '../../errors';

export async function featuresOf(ctx: AppContext, accountId: string): Promise<AccountFeatures> {
  const [row] = await ctx.db.select({ features: accounts.features }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw notFound('No such account');
  return row.features;
}

/** 403 unless the account has the gift-card shop (§6 "Other account flags switch … gift cards"). */
export async function assertGiftCardShop({ ctx, input }: { ctx: AppContext; input: { accountId: string } }) {
  const features = await featuresOf(ctx, input.accountId);
  if (!features.giftCardShop)
    throw new DomainError('forbidden', 'forbidden', 'Gift cards are not offered to this account');
}
