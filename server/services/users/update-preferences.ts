import { eq } from 'drizzle-orm';
import type { Preferences } from '../../../contract/users';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { loadOwnThing } from '../things';
import { loadOwnUser } from './load-user';
import { toPreferences } from './user-json';

/** PATCH /v4/users/preferences: sets the preferred vehicle, one of the caller's own (else 404); null clears it. */
export async function updatePreferences({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; preferredThing: string | null };
}): Promise<Preferences> {
  if (input.preferredThing !== null) {
    await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: input.preferredThing } });
  }
  await ctx.db
    .update(users)
    .set({ preferredThing: input.preferredThing, updatedAt: new Date() })
    .where(eq(users.id, input.session.userId));
  const { row } = await loadOwnUser({ ctx, input: { session: input.session } });
  return toPreferences(row, false);
}
