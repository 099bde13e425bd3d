import { eq } from 'drizzle-orm';
import { hashPassword, newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { accounts, users } from '../../db/schema';
import { allAccountFeatures } from '../accounts';

/** Idempotent: creates the demo account and registered user DEMO_EMAIL / DEMO_PASSWORD once. */
export async function seedDemoUser({ ctx }: { ctx: AppContext }): Promise<{ created: boolean; userId: string }> {
  const email = ctx.env.demoEmail;
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { created: false, userId: existing.id };
  const passwordHash = await hashPassword(ctx.env, ctx.env.demoPassword);
  const accountId = newId();
  const userId = newId();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id: accountId, features: allAccountFeatures() });
      await tx.insert(users).values({
        id: userId,
        email,
        passwordHash,
        accountId,
        firstName: 'Alex',
        lastName: 'Driver',
        countryCode: 'DE',
        localisationCountry: 'DE',
        referrer: 'seed',
      });
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const [again] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { created: false, userId: again?.id ?? '' };
  }
  return { created: true, userId };
}
