import { eq } from 'drizzle-orm';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { things, users } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { loadOwnThing } from './load-own-thing';

/**
 * DELETE /things/{thingId}/users/{userId}: the caller leaves (and so removes) their vehicle. §4: "A preferred car
 * cannot be deleted without first switching" (409). Another user's id or vehicle is 404.
 */
export async function removeThing({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; thingId: string; userId: string };
}): Promise<void> {
  if (input.userId !== input.session.userId) throw notFound('No such vehicle');
  const row = await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: input.thingId } });
  const [user] = await ctx.db
    .select({ preferred: users.preferredThing })
    .from(users)
    .where(eq(users.id, input.session.userId));
  if (user?.preferred === row.id) {
    throw new DomainError(
      'conflict',
      'conflict',
      'This is your preferred vehicle: choose another one as preferred first',
    );
  }
  await ctx.db.delete(things).where(eq(things.id, row.id));
}
