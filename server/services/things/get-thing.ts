import { eq } from 'drizzle-orm';
import type { Thing } from '../../../contract/vehicles';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { loadOwnThing } from './load-own-thing';
import { toThingJson } from './thing-json';

/** GET /things/{id}: one of the caller's vehicles (another user's is 404). */
export async function getThing({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; thingId: string };
}): Promise<Thing> {
  const row = await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: input.thingId } });
  const [user] = await ctx.db
    .select({ preferred: users.preferredThing })
    .from(users)
    .where(eq(users.id, input.session.userId));
  return toThingJson(row, input.session.accountId, user?.preferred ?? null);
}
