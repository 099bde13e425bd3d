// POST v4/vouchers/vouchers {code}: join a campaign by its code (shell-and-account.md §4 Custom voucher, §8 Voucher
// errors). Unknown code: 422 voucher_not_verifiable. Expired: 422 voucher_expired. Already on the caller's cards, or
// every use of the code taken: 409 voucher_already_redeemed. The code's use count is checked under a lock of the
// campaign row, so two drivers racing for the last use cannot both get it.
import { count, eq } from 'drizzle-orm';
import type { CampaignParticipation, CustomVoucherBody } from '../../../contract/vouchers';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { voucherCampaigns, voucherParticipations } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { loadCard, participationJson } from './load-vouchers';

const alreadyRedeemed = () => new DomainError('conflict', 'voucher_already_redeemed', 'Voucher already redeemed');

export async function addCustomVoucher({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: CustomVoucherBody };
}): Promise<CampaignParticipation> {
  const { userId, isGuest } = input.session;
  if (isGuest) throw new DomainError('forbidden', 'forbidden', 'Register to collect vouchers');
  const code = input.body.code.toUpperCase();
  const now = ctx.clock.now();
  let campaignId: string;
  try {
    campaignId = await ctx.db.transaction(async (tx) => {
      const [campaign] = await tx.select().from(voucherCampaigns).where(eq(voucherCampaigns.code, code)).for('update');
      if (!campaign) {
        throw new DomainError('unprocessable', 'voucher_not_verifiable', 'Voucher code could not be verified', [
          { path: 'code', message: 'Unknown code' },
        ]);
      }
      if (campaign.validUntil && campaign.validUntil.getTime() <= now.getTime()) {
        throw new DomainError('unprocessable', 'voucher_expired', 'Voucher is expired', [
          { path: 'code', message: 'Expired' },
        ]);
      }
      if (await loadCard(tx, userId, campaign.id)) throw alreadyRedeemed();
      if (campaign.maxCodeUses !== null) {
        const [used] = await tx
          .select({ n: count() })
          .from(voucherParticipations)
          .where(eq(voucherParticipations.campaignId, campaign.id));
        if ((used?.n ?? 0) >= campaign.maxCodeUses) throw alreadyRedeemed();
      }
      await tx.insert(voucherParticipations).values({
        id: newId(),
        userId,
        campaignId: campaign.id,
        active: true,
        usesLeft: campaign.usesPerParticipation,
        createdAt: now,
      });
      return campaign.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRedeemed();
    throw err;
  }
  const card = await loadCard(ctx.db, userId, campaignId);
  if (!card) throw notFound('No such voucher');
  return participationJson(card);
}
