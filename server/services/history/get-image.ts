// GET (and DELETE) /v4/account-history/{id}/images/{imageId}: the owner's image only.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { historyImages } from '../../db/schema';
import { notFound } from '../../errors';
import { readImageBytes } from './add-image';

const own = (input: { userId: string; eventId: string; imageId: string }) =>
  and(
    eq(historyImages.id, input.imageId),
    eq(historyImages.eventId, input.eventId),
    eq(historyImages.userId, input.userId),
    eq(historyImages.ready, true),
  );

export async function getImage({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string; imageId: string };
}): Promise<{ contentType: string; data: Buffer }> {
  const [row] = await ctx.db.select({ contentType: historyImages.contentType }).from(historyImages).where(own(input));
  if (!row) throw notFound('No such image');
  return { contentType: row.contentType, data: await readImageBytes(ctx, input.imageId) };
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
