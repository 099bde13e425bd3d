// Demo data, seeded on start (idempotent: re-running never duplicates). The demo driver also gets a vehicle, the sandbox
// test cards and a logbook.
import type { AppContext } from '../context';
import { seedLottery } from '../services/benefits';
import { seedDemoHistory } from '../services/history';
import { seedDemoUser, seedDemoWallet, seedNetwork } from '../services/seed';
import { firstThingId } from '../services/things';
import { seedCampaigns } from '../services/vouchers';

export async function seed(ctx: AppContext): Promise<void> {
  if (ctx.env.seedNetwork) await seedNetwork({ ctx });
  if (!ctx.env.demoMode) return;
  // This month's lottery (accounts with the gamification feature may join it).
  await seedLottery({ ctx });
  const { userId } = await seedDemoUser({ ctx });
  // Voucher campaigns and codes; the demo driver's three campaign cards start switched off.
  await seedCampaigns({ ctx, input: userId ? { demoUserId: userId } : {} });
  if (!userId) return;
  await seedDemoWallet({ ctx, input: { userId } });
  // Six months of the demo vehicle's logbook (trips from the simulated recorder, fuel stops, costs).
  const thingId = await firstThingId({ ctx, input: { userId } });
  if (thingId) await seedDemoHistory({ ctx, input: { userId, thingId } });
}
