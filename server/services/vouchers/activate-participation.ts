// POST v4/vouchers/campaign-participation-activations {campaignId, active?}: switch one of the caller's voucher cards
// on or off (shell-and-account.md §4 Voucher card). A campaign the caller does not take part in is 404.
import { and, eq } from 'drizzle-orm';
import type { ActivationBody, CampaignParticipation } from '../../../contract/vouchers';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { voucherParticipations } from '../../db/schema';
import { notFound } from '../../errors';
import { loadCard, participationJson } from './load-vouchers';

export async function activateParticipation({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: ActivationBody };
}): Promise<CampaignParticipation> {
  const { userId } = input.session;
  const { campaignId } = input.body;
  await ctx.db
    .update(voucherParticipations)
    .set({ active: input.body.active ?? true })
    .where(and(eq(voucherParticipations.userId, userId), eq(voucherParticipations.campaignId, campaignId)));
  const card = await loadCard(ctx.db, userId, campaignId);
  if (!card) throw notFound('You have no voucher of this campaign');
  return participationJson(card);
}
