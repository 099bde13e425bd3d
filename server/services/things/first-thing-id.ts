import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { things } from '../../db/schema';

/** The user's first vehicle: GET /users/{id} reports it as thingId. */
export async function firstThingId({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string };
}): Promise<string | null> {
  const { userId } = input;
  const [thing] = await ctx.db
    .select({ id: things.id })
    .from(things)
    .where(eq(things.userId, userId))
    .orderBy(asc(things.createdAt), asc(things.id))
    .limit(1);
  return thing?.id ?? null;
}
