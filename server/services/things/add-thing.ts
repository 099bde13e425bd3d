import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { type ThingRow, things } from '../../db/schema';

/** Adds a vehicle (the vehicles issue brings the API; for now the demo seed and tests use it). */
export async function addThing({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; nickName: string; licensePlate: string; vin?: string | null };
}): Promise<ThingRow> {
  const [row] = await ctx.db
    .insert(things)
    .values({
      id: newId(),
      userId: input.userId,
      nickName: input.nickName,
      licensePlate: input.licensePlate,
      vin: input.vin ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}
