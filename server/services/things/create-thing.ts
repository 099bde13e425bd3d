import { and, eq, isNull } from 'drizzle-orm';
import type { Thing, ThingBody } from '../../../contract/vehicles';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { things, users } from '../../db/schema';
import { forbidden } from '../../errors';
import { getThing } from './get-thing';

/** At most this many vehicles per driver: a bound on what one account can store. */
export const MAX_VEHICLES = 20;

/** POST /things/lite: a new vehicle of the caller; the first one becomes the preferred vehicle. */
export async function createThing({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: ThingBody };
}): Promise<Thing> {
  if (input.session.isGuest) throw forbidden('Guests have no vehicles; please register');
  const b = input.body;
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    const own = await tx.select({ id: things.id }).from(things).where(eq(things.userId, input.session.userId));
    if (own.length >= MAX_VEHICLES) throw forbidden(`At most ${MAX_VEHICLES} vehicles`);
    await tx.insert(things).values({
      id,
      userId: input.session.userId,
      type: b.type,
      nickName: b.nickName,
      brand: b.brand ?? null,
      model: b.model ?? null,
      buildYear: b.buildYear ?? null,
      fuelType: b.fuelType ?? null,
      tankCapacityL: b.tankCapacityL ?? null,
      licensePlate: b.licensePlate || null,
      vin: b.vin ?? null,
      mileageKm: b.mileageKm ?? null,
      nextInspection: b.nextInspection ?? null,
    });
    await tx
      .update(users)
      .set({ preferredThing: id })
      .where(and(eq(users.id, input.session.userId), isNull(users.preferredThing)));
  });
  return getThing({ ctx, input: { session: input.session, thingId: id } });
}
