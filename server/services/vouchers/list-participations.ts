// GET v4/vouchers/campaign-participations: the caller's voucher cards.
import type { CampaignParticipation } from '../../../contract/vouchers';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { loadCards, participationJson } from './load-vouchers';

export async function listParticipations({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession };
}): Promise<CampaignParticipation[]> {
  return (await loadCards(ctx.db, input.session.userId)).map(participationJson);
}
