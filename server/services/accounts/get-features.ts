import { eq } from 'drizzle-orm';
import type { AccountFeatures } from '../../../contract/users';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import { notFound } from '../../errors';

/** GET /accounts/{id}/features: own account only (another account answers 404, like an unknown one). */
export async function getFeatures({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; accountId: string };
}): Promise<AccountFeatures> {
  if (input.accountId !== input.session.accountId) throw notFound('No such account');
  const [row] = await ctx.db
    .select({ features: accounts.features })
    .from(accounts)
    .where(eq(accounts.id, input.accountId));
  if (!row) throw notFound('No such account');
  // The payment provider's preauth config overrides the account's amounts (pay-flows.md §9): the app shows what is held.
  const f = row.features;
  return {
    ...f,
    evCharging: {
      ...f.evCharging,
      preAuthorizations: { ...f.evCharging.preAuthorizations, ...ctx.env.pspPreauthConfig },
    },
  };
}
