// The forecourt console's switches for one driver's account (operators; shell-and-account.md §3 Account features):
// EV charging, the gift-card shop, the odometer screen before checkout, refer-a-friend and the lottery. A new account
// starts with none of them; there is no driver-facing call that turns one on, so the operator's console does.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AccountFeatures } from '../../../contract/users';
import type { AppContext } from '../../context';
import { accounts, users } from '../../db/schema';
import { notFound } from '../../errors';

/** PATCH /forecourt/api/accounts/features: the driver by email, and the flags to set (at least one). */
export const consoleFeaturesBody = z
  .strictObject({
    email: z.string().trim().toLowerCase().email().max(254),
    evCharging: z.boolean().optional(),
    giftCardShop: z.boolean().optional(),
    showOdometerScreenBeforeCheckout: z.boolean().optional(),
    referAFriend: z.boolean().optional(),
    gamification: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 1, { message: 'Give at least one feature to set' });
export type ConsoleFeaturesBody = z.infer<typeof consoleFeaturesBody>;

export async function setAccountFeatures({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: ConsoleFeaturesBody;
}): Promise<{ accountId: string; features: AccountFeatures }> {
  const { email, evCharging, ...flags } = input;
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ accountId: users.accountId })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (!user?.accountId) throw notFound('No driver with that email');
    const [row] = await tx
      .select({ features: accounts.features })
      .from(accounts)
      .where(eq(accounts.id, user.accountId))
      .for('update');
    if (!row) throw notFound('No driver with that email');
    const features: AccountFeatures = {
      ...row.features,
      ...flags,
      ...(evCharging !== undefined ? { evCharging: { ...row.features.evCharging, enabled: evCharging } } : {}),
    };
    await tx.update(accounts).set({ features }).where(eq(accounts.id, user.accountId));
    return { accountId: user.accountId, features };
  });
}
