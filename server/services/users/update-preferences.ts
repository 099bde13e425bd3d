import { eq } from 'drizzle-orm';
import type { Preferences } from '../../../src/contract/users';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { AuthSession } from '../auth/authenticate';
import { loadOwnUser } from './load-user';
import { toPreferences } from './user-json';

/**
 * PATCH /v4/users/preferences: sets the preferred vehicle (null clears it).
 * No vehicles exist yet, so any preferredThing string is accepted for now; the vehicles issue must validate it
 * against the user's vehicles (unknown thing → 404).
 */
export async function updatePreferences({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; preferredThing: string | null };
}): Promise<Preferences> {
  await ctx.db
    .update(users)
    .set({ preferredThing: input.preferredThing, updatedAt: new Date() })
    .where(eq(users.id, input.session.userId));
  const { row } = await loadOwnUser({ ctx, input: { session: input.session } });
  return toPreferences(row, false);
}
