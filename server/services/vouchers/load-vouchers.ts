// A user's voucher cards with their campaigns, as rows for the list and as the engine's input.
import { and, asc, eq } from 'drizzle-orm';
import type { CampaignParticipation } from '../../../contract/vouchers';
import type { Db, Tx } from '../../db/client';
import {
  type VoucherCampaignRow,
  type VoucherParticipationRow,
  voucherCampaigns,
  voucherParticipations,
} from '../../db/schema';
import type { EngineVoucher } from './discount-engine';
import { discountLabel } from './discount-engine';

export type Card = { participation: VoucherParticipationRow; campaign: VoucherCampaignRow };

/** The user's cards, oldest first. forUpdate locks the participations (the capture decrements uses). */
export async function loadCards(db: Db | Tx, userId: string, opts: { forUpdate?: boolean } = {}): Promise<Card[]> {
  const q = db
    .select({ participation: voucherParticipations, campaign: voucherCampaigns })
    .from(voucherParticipations)
    .innerJoin(voucherCampaigns, eq(voucherCampaigns.id, voucherParticipations.campaignId))
    .where(eq(voucherParticipations.userId, userId))
    .orderBy(asc(voucherParticipations.createdAt), asc(voucherParticipations.id));
  return opts.forUpdate ? q.for('update', { of: voucherParticipations }) : q;
}

export async function loadCard(db: Db | Tx, userId: string, campaignId: string): Promise<Card | undefined> {
  const [card] = await db
    .select({ participation: voucherParticipations, campaign: voucherCampaigns })
    .from(voucherParticipations)
    .innerJoin(voucherCampaigns, eq(voucherCampaigns.id, voucherParticipations.campaignId))
    .where(and(eq(voucherParticipations.userId, userId), eq(voucherParticipations.campaignId, campaignId)));
  return card;
}

const unitOf = (c: VoucherCampaignRow) =>
  c.productTypes.includes('EV_CHARGE') && !c.productTypes.includes('GAS') ? 'kWh' : 'l';

export const labelOf = (c: VoucherCampaignRow) => discountLabel(c.kind, c.value, c.currency, unitOf(c));

export function toEngineVoucher({ participation: p, campaign: c }: Card): EngineVoucher {
  return {
    participationId: p.id,
    campaignId: c.id,
    name: c.name,
    label: labelOf(c),
    kind: c.kind,
    value: c.value,
    currency: c.currency,
    valuesByCurrency: c.valuesByCurrency ?? null,
    unit: unitOf(c),
    productTypes: c.productTypes,
    active: p.active,
    usesLeft: p.usesLeft,
    validUntil: c.validUntil,
    createdAt: p.createdAt,
  };
}

export function participationJson({ participation: p, campaign: c }: Card): CampaignParticipation {
  return {
    id: p.id,
    campaignId: c.id,
    name: c.name,
    label: labelOf(c),
    description: c.description,
    kind: c.kind,
    value: c.value,
    currency: (c.currency as CampaignParticipation['currency']) ?? null,
    productTypes: c.productTypes,
    source: c.source,
    active: p.active,
    usesLeft: p.usesLeft,
    validUntil: c.validUntil ? c.validUntil.toISOString() : null,
    createdAt: p.createdAt.toISOString(),
  };
}
