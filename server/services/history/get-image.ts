// GET (and DELETE) /v4/account-history/{id}/images/{imageId}: the owner's image only.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { historyImages } from '../../db/schema';
import { notFound } from '../../errors';

const own = (input: { userId: string; eventId: string; imageId: string }) =>
  and(
    eq(historyImages.id, input.imageId),
    eq(historyImages.eventId, input.eventId),
    eq(historyImages.userId, input.userId),
  );

export async function getImage({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string; imageId: string };
}): Promise<{ contentType: string; data: Buffer }> {
  const [row] = await ctx.db
    .select({ contentType: historyImages.contentType, data: historyImages.data })
    .from(historyImages)
    .where(own(input));
  if (!row) throw notFound('No such image');
  return row;
}

export async function deleteImage({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string; imageId: string };
}): Promise<{ ok: true }> {
  const gone = await ctx.db.delete(historyImages).where(own(input)).returning({ id: historyImages.id });
  if (gone.length === 0) throw notFound('No such image');
  return { ok: true };
}
