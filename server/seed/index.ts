// Demo data, seeded on start (idempotent: re-running never duplicates). The demo driver also gets a vehicle and the sandbox test cards.
import type { AppContext } from '../context';
import { seedDemoUser, seedDemoWallet, seedNetwork } from '../services/seed';

export async function seed(ctx: AppContext): Promise<void> {
  if (ctx.env.seedNetwork) await seedNetwork({ ctx });
  if (!ctx.env.demoMode) return;
  const { userId } = await seedDemoUser({ ctx });
  if (userId) await seedDemoWallet({ ctx, input: { userId } });
}
