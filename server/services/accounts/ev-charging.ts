// The account's EV-charging feature (pay-flows.md §6: "EV routes ... require the EV-charging feature on the account")
// and the amount held for a charge (§9: the payment provider's preauth config, else the defaults per currency).
import { eq, sql } from 'drizzle-orm';
import { evPreAuthorization } from '../../../contract/ev';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
import { DomainError } from '../../errors';
import { featuresOf } from './features-of';

/** 403 unless the account may charge; answers the hold for `currency` (minor units, precision 2). */
export async function assertEvCharging({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { accountId: string; currency: string };
}): Promise<{ preAuthorization: number }> {
  const features = await featuresOf(ctx, input.accountId);
  if (!features.evCharging.enabled) {
    throw new DomainError('forbidden', 'forbidden', 'EV charging is not enabled for this account');
  }
  const amount = evPreAuthorization(input.currency, {
    ...features.evCharging.preAuthorizations,
    ...ctx.env.pspPreauthConfig,
  });
  if (amount === undefined) {
    throw new DomainError('unprocessable', 'unprocessable', `EV charging is not offered in ${input.currency}`);
  }
  return { preAuthorization: amount };
}

/** Switches EV charging on or off for an account (operators; tests). */
export async function setEvCharging({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { accountId: string; enabled: boolean };
}): Promise<void> {
  await ctx.db
    .update(accounts)
    .set({
      features: sql`jsonb_set(${accounts.features}, '{evCharging,enabled}', ${JSON.stringify(input.enabled)}::jsonb)`,
    })
    .where(eq(accounts.id, input.accountId));
}
