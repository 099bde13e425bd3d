// POST /v4/account-history/{id}/images: the bytes of a JPEG, PNG or WebP (§5 "Images must be under 6 MB"). The type is
// read from the bytes and must be the one the request declares; the bytes go to history_images, not the event rows.
import { and, count, eq } from 'drizzle-orm';
import { type ImageInfo, MAX_IMAGE_BYTES, MAX_IMAGES_PER_EVENT } from '../../../contract/history';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import { historyEvents, historyImages } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { sniffImageType } from './sniff-image';

export async function addImage({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; eventId: string; declaredType: string | undefined; bytes: Uint8Array };
}): Promise<ImageInfo> {
  const { bytes } = input;
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ApiError(413, 'payload_too_large', 'The image must be under 6 MB', { limit: MAX_IMAGE_BYTES });
  }
  const [event] = await ctx.db
    .select({ id: historyEvents.id })
    .from(historyEvents)
    .where(and(eq(historyEvents.id, input.eventId), eq(historyEvents.userId, input.userId)));
  if (!event) throw notFound('No such history event');
  if (bytes.length === 0) throw new ApiError(400, 'bad_request', 'The image is empty');
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new ApiError(422, 'unprocessable', 'Only JPEG, PNG and WebP images are accepted');
  const declared = input.declaredType?.split(';')[0]?.trim().toLowerCase();
  if (declared !== sniffed) {
    throw new ApiError(
      422,
      'unprocessable',
      `The content type says ${declared ?? 'nothing'} but the image is ${sniffed}`,
    );
  }
  const now = ctx.clock.now();
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: historyEvents.id }).from(historyEvents).where(eq(historyEvents.id, event.id)).for('update');
    const [had] = await tx.select({ n: count() }).from(historyImages).where(eq(historyImages.eventId, event.id));
    if ((had?.n ?? 0) >= MAX_IMAGES_PER_EVENT) {
      throw new ApiError(409, 'conflict', `An event keeps at most ${MAX_IMAGES_PER_EVENT} images`);
    }
    await tx.insert(historyImages).values({
      id,
      eventId: event.id,
      userId: input.userId,
      contentType: sniffed,
      byteSize: bytes.length,
      data: Buffer.from(bytes),
      createdAt: now,
    });
    await tx.update(historyEvents).set({ updatedAt: now }).where(eq(historyEvents.id, event.id));
  });
  return { _id: id, contentType: sniffed, size: bytes.length, createdAt: now.toISOString() };
}
