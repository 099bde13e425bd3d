// Demo vouchers (issue 13: "cents per litre on fuel, percent on wash, fixed on EV"), and custom codes to try on
// /profile/vouchers/add. The demo driver gets the three campaign cards switched off: switching one on makes the
// summaries show a discount (and keeps the shared demo driver's prices plain for everyone else). Idempotent.
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { voucherCampaigns, voucherParticipations } from '../../db/schema';
import { ensureReferralCampaigns } from './referral';

type CampaignSeed = typeof voucherCampaigns.$inferInsert;

export const DEMO_CAMPAIGNS: CampaignSeed[] = [
  {
    id: 'demo-fuel-5ct',
    name: 'Fuel saver',
    description: '5 cents off every litre of fuel.',
    kind: 'PER_UNIT',
    value: 5,
    currency: 'EUR',
    productTypes: ['GAS'],
    source: 'CAMPAIGN',
  },
  {
    id: 'demo-wash-10pct',
    name: 'Shiny car',
    description: '10 % off every car wash.',
    kind: 'PERCENT',
    value: 1000,
    currency: null,
    productTypes: ['CAR_WASH'],
    source: 'CAMPAIGN',
  },
  {
    id: 'demo-ev-2eur',
    name: 'EV starter',
    description: '2.00 EUR off each charging session.',
    kind: 'FIXED',
    value: 200,
    currency: 'EUR',
    productTypes: ['EV_CHARGE'],
    source: 'CAMPAIGN',
  },
];

/** Codes anyone may add (each driver once). */
export const DEMO_CODES: CampaignSeed[] = [
  {
    id: 'code-welcome10',
    name: 'Welcome',
    description: '10 cents off every litre of your next refuel.',
    kind: 'PER_UNIT',
    value: 10,
    currency: 'EUR',
    productTypes: ['GAS'],
    source: 'CODE',
    code: 'WELCOME10',
    usesPerParticipation: 1,
  },
  {
    id: 'code-wash3',
    name: 'Wash bonus',
    description: '3.00 EUR off your next car wash.',
    kind: 'FIXED',
    value: 300,
    currency: 'EUR',
    productTypes: ['CAR_WASH'],
    source: 'CODE',
    code: 'WASH3',
    usesPerParticipation: 1,
  },
  {
    id: 'code-summer2024',
    name: 'Summer 2024',
    description: 'A summer offer that has ended.',
    kind: 'PERCENT',
    value: 500,
    currency: null,
    productTypes: ['GAS', 'CAR_WASH', 'EV_CHARGE'],
    source: 'CODE',
    code: 'SUMMER2024',
    validUntil: new Date('2024-09-30T22:00:00Z'),
  },
];

export async function seedCampaigns({ ctx, input }: { ctx: AppContext; input: { demoUserId?: string } }) {
  await ctx.db
    .insert(voucherCampaigns)
    .values([...DEMO_CAMPAIGNS, ...DEMO_CODES])
    .onConflictDoNothing();
  await ensureReferralCampaigns(ctx.db);
  if (!input.demoUserId) return;
  await ctx.db
    .insert(voucherParticipations)
    .values(
      DEMO_CAMPAIGNS.map((c) => ({
        id: newId(),
        userId: input.demoUserId!,
        campaignId: c.id,
        active: false,
        usesLeft: null,
      })),
    )
    .onConflictDoNothing();
}
