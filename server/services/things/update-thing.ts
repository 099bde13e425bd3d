import { eq } from 'drizzle-orm';
import type { Thing, ThingPatch } from '../../../contract/vehicles';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { things } from '../../db/schema';
import { DomainError } from '../../errors';
import { getThing } from './get-thing';
import { loadOwnThing } from './load-own-thing';

/** PATCH /v3/things/{id}: absent fields stay, null clears. §5: the mileage must not go below the previous value. */
export async function updateThing({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; thingId: string; patch: ThingPatch };
}): Promise<Thing> {
  const row = await loadOwnThing({ ctx, input: { userId: input.session.userId, thingId: input.thingId } });
  const p = input.patch;
  if (p.mileageKm != null && row.mileageKm !== null && p.mileageKm < row.mileageKm) {
    throw new DomainError('unprocessable', 'unprocessable', 'The mileage must not be lower than the previous value', [
      { path: 'mileageKm', message: `At least ${row.mileageKm}` },
    ]);
  }
  const set: Partial<typeof things.$inferInsert> = { updatedAt: new Date() };
  for (const key of Object.keys(p) as (keyof ThingPatch)[]) {
    const value = p[key];
    if (value === undefined) continue;
    (set as Record<string, unknown>)[key] = value === '' ? null : value;
  }
  await ctx.db.update(things).set(set).where(eq(things.id, row.id));
  return getThing({ ctx, input: { session: input.session, thingId: row.id } });
}
