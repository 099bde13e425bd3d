import { asc, eq } from 'drizzle-orm';
import type { Thing } from '../../../contract/vehicles';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { things, users } from '../../db/schema';
import { toThingJson } from './thing-json';

/** GET /things: the caller's vehicles, oldest first (the spec names no list call; the app's vehicle list needs one). */
export async function listThings({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession };
}): Promise<Thing[]> {
  const [user] = await ctx.db
    .select({ preferred: users.preferredThing })
    .from(users)
    .where(eq(users.id, input.session.userId));
  const rows = await ctx.db
    .select()
    .from(things)
    .where(eq(things.userId, input.session.userId))
    .orderBy(asc(things.createdAt), asc(things.id));
  return rows.map((row) => toThingJson(row, input.session.accountId, user?.preferred ?? null));
}
