// The demo's running lottery: one per calendar month, from its first day to the first day of the next, drawn the day
// after. Seeded on every start (idempotent), so a demo server always has a lottery to join.
import type { AppContext } from '../../context';
import { lotteries } from '../../db/schema';
import { DEMO_LOTTERY_TEXTS } from './lottery-texts';

export function monthlyLottery(now: Date) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const month = `${y}-${String(m + 1).padStart(2, '0')}`;
  return {
    id: `lottery-${month}`,
    name: `fuel-lottery-${month}`,
    texts: DEMO_LOTTERY_TEXTS,
    startsAt: new Date(Date.UTC(y, m, 1)),
    endsAt: new Date(Date.UTC(y, m + 1, 1)),
    drawAt: new Date(Date.UTC(y, m + 1, 2, 12)),
  };
}

export async function seedLottery({ ctx }: { ctx: AppContext }): Promise<{ name: string }> {
  const row = monthlyLottery(ctx.clock.now());
  await ctx.db.insert(lotteries).values(row).onConflictDoNothing();
  return { name: row.name };
}
