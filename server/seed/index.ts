// Demo data, seeded on start (idempotent: re-running never duplicates). Later issues add a vehicle and a card.
import type { AppContext } from '../context';
import { seedDemoUser } from '../services/seed/seed-demo-user';
import { seedNetwork } from '../services/seed/seed-network';

export async function seed(ctx: AppContext): Promise<void> {
  if (ctx.env.seedNetwork) await seedNetwork({ ctx });
  if (!ctx.env.demoMode) return;
  await seedDemoUser({ ctx });
}
