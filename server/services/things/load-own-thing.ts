import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type ThingRow, things } from '../../db/schema';
import { notFound } from '../../errors';

/** The caller's vehicle. Another user's vehicle answers exactly like an unknown one (404), so ids cannot be probed. */
export async function loadOwnThing({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; thingId: string };
}): Promise<ThingRow> {
  const [thing] = await ctx.db
    .select()
    .from(things)
    .where(and(eq(things.id, input.thingId), eq(things.userId, input.userId)));
  if (!thing) throw notFound('No such vehicle');
  return thing;
}
