// The demo driver's vehicle ("My car", B-FP 2026) and sandbox test cards (VISA •••• 4242 approves and is preferred;
// MASTERCARD •••• 0002 always declines). Idempotent.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { things, users } from '../../db/schema';
import { addTestCards } from '../../psp/add-test-cards';
import { addThing } from '../things';

const DEMO_VEHICLE = { nickName: 'My car', licensePlate: 'B-FP 2026' } as const;

export async function seedDemoWallet({ ctx, input }: { ctx: AppContext; input: { userId: string } }): Promise<void> {
  const { userId } = input;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const [thing] = await ctx.db.select({ id: things.id }).from(things).where(eq(things.userId, userId)).limit(1);
  if (!thing) await addThing({ ctx, input: { userId, ...DEMO_VEHICLE } });
  const holder = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
  await addTestCards({ ctx, input: { userId, holderName: holder } });
}
