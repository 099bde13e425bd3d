// POST /v4/account-history/{id}/images: the bytes of a JPEG, PNG or WebP (§5 "Images must be under 6 MB"). The type is
// read from the bytes and must be the one the request declares. Issue 32.5: registered drivers only, at most
// IMAGE_UPLOADS_PER_MINUTE uploads a minute and IMAGE_QUOTA_MIB in all per driver, and the body streams into
// history_image_chunks in pieces with the 6 MB limit counted while it is read (it was held whole in memory: 30 parallel
// uploads cost +300 MB). Three steps: beginImageUpload (checks, an image row that is not ready yet), streamImageUpload
// (the bytes), finishImageUpload (ready, inside the idempotent write); discardImageUpload when anything fails.
import { createHash } from 'node:crypto';
import { and, count, eq, lt, sql, sum } from 'drizzle-orm';
import { type ImageInfo, type ImageType, MAX_IMAGE_BYTES, MAX_IMAGES_PER_EVENT } from '../../../contract/history';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { historyEvents, historyImageChunks, historyImages } from '../../db/schema';
import { DomainError, forbidden, notFound } from '../../errors';
import { readThrottle, recordHit } from '../throttle';
import { sniffImageType } from './sniff-image';

/** The size of the pieces an upload is stored in: what one upload holds in memory at most. */
export const IMAGE_CHUNK_BYTES = 256 * 1024;
/** An upload still not ready after this long was abandoned (the connection died, the process was killed). */
export const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

const tooLarge = () =>
  new DomainError('too_large', 'payload_too_large', 'The image must be under 6 MB', { limit: MAX_IMAGE_BYTES });

const quotaBytes = (ctx: AppContext) => ctx.env.images.quotaMib * 1024 * 1024;

function quotaFull(ctx: AppContext, used: number) {
  return new DomainError(
    'too_large',
    'image_quota_exceeded',
    `Your images use ${Math.round(used / 1024 / 1024)} of ${ctx.env.images.quotaMib} MB: delete some to add more`,
    { limit: quotaBytes(ctx), used },
  );
}

/** What the driver's images take (uploads under way included). */
async function bytesUsed(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sum(historyImages.byteSize) })
    .from(historyImages)
    .where(eq(historyImages.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Before reading a byte: the event is the caller's (404), the caller is registered (403), within the uploads a minute
 * (429) and the quota (413, with the declared length when the request says it). Answers the new upload's id.
 */
export async function beginImageUpload({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; eventId: string; declaredLength: number | undefined };
}): Promise<{ imageId: string }> {
  const { session } = input;
  if (session.isGuest) throw forbidden('Images are kept for registered drivers: register to add them');
  if (input.declaredLength !== undefined && input.declaredLength > MAX_IMAGE_BYTES) throw tooLarge();
  const [event] = await ctx.db
    .select({ id: historyEvents.id })
    .from(historyEvents)
    .where(and(eq(historyEvents.id, input.eventId), eq(historyEvents.userId, session.userId)));
  if (!event) throw notFound('No such history event');
  const key = `images:${session.userId}`;
  const rate = { key, windowSeconds: 60 };
  const recent = await readThrottle({ ctx, input: rate });
  if (recent.count >= ctx.env.images.uploadsPerMinute) {
    throw new DomainError(
      'rate_limited',
      'too_many_requests',
      `At most ${ctx.env.images.uploadsPerMinute} images a minute`,
      undefined,
      recent.retryAfterSeconds,
    );
  }
  await recordHit({ ctx, input: rate });
  const used = await bytesUsed(ctx, session.userId);
  if (used + (input.declaredLength ?? 1) > quotaBytes(ctx)) throw quotaFull(ctx, used);
  const imageId = newId();
  await ctx.db.insert(historyImages).values({
    id: imageId,
    eventId: event.id,
    userId: session.userId,
    contentType: 'application/octet-stream',
    byteSize: 0,
    ready: false,
    createdAt: ctx.clock.now(),
  });
  return { imageId };
}

/**
 * The body into chunks as it arrives: at most 6 MB (413 the moment it is passed; the rest is not read), never empty
 * (400), and a JPEG, PNG or WebP by its bytes (422). Answers its type, size and sha256 (the idempotency fingerprint).
 */
export async function streamImageUpload({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; imageId: string; body: ReadableStream<Uint8Array> | null };
}): Promise<{ contentType: ImageType; size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let contentType: ImageType | null | undefined;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    // As base64 text, decoded by the database: PGlite's bytea parameters are hex-encoded in JavaScript a byte at a
    // time (1 MB took 5.7 s, as base64 0.18 s); PostgreSQL takes either at the same speed.
    await ctx.db
      .insert(historyImageChunks)
      .values({ imageId: input.imageId, seq, data: sql`decode(${data.toString('base64')}, 'base64')` });
    seq += 1;
    await ctx.db.update(historyImages).set({ byteSize: size }).where(eq(historyImages.id, input.imageId));
  };
  const reader = input.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!value || value.length === 0) continue;
      size += value.length;
      if (size > MAX_IMAGE_BYTES) throw tooLarge();
      hash.update(value);
      // Whatever arrives is kept in pieces; the type is known from the first 12 bytes.
      for (let at = 0; at < value.length; ) {
        const take = Math.min(value.length - at, IMAGE_CHUNK_BYTES - pendingBytes);
        pending.push(value.subarray(at, at + take));
        pendingBytes += take;
        at += take;
        if (contentType === undefined && size >= 12) {
          contentType = sniffImageType(Buffer.concat(pending, pendingBytes));
          if (!contentType)
            throw new DomainError('unprocessable', 'unprocessable', 'Only JPEG, PNG and WebP images are accepted');
        }
        if (pendingBytes === IMAGE_CHUNK_BYTES) await flush();
      }
    }
  } finally {
    await reader?.cancel().catch(() => {});
  }
  if (size === 0) throw new DomainError('invalid', 'bad_request', 'The image is empty');
  if (contentType === undefined) contentType = sniffImageType(Buffer.concat(pending, pendingBytes));
  if (!contentType)
    throw new DomainError('unprocessable', 'unprocessable', 'Only JPEG, PNG and WebP images are accepted');
  await flush();
  const used = await bytesUsed(ctx, input.userId);
  if (used > quotaBytes(ctx)) throw quotaFull(ctx, used - size);
  return { contentType, size, sha256: hash.digest('hex') };
}

/** The upload becomes one of the event's images: the type must be the declared one (422); at most 10 (409). */
export async function finishImageUpload({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: {
    userId: string;
    eventId: string;
    imageId: string;
    declaredType: string | undefined;
    stored: { contentType: ImageType; size: number };
  };
}): Promise<ImageInfo> {
  const { stored } = input;
  const declared = input.declaredType?.split(';')[0]?.trim().toLowerCase();
  if (declared !== stored.contentType) {
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      `The content type says ${declared ?? 'nothing'} but the image is ${stored.contentType}`,
    );
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: historyEvents.id })
      .from(historyEvents)
      .where(and(eq(historyEvents.id, input.eventId), eq(historyEvents.userId, input.userId)))
      .for('update');
    const [had] = await tx
      .select({ n: count() })
      .from(historyImages)
      .where(and(eq(historyImages.eventId, input.eventId), eq(historyImages.ready, true)));
    if ((had?.n ?? 0) >= MAX_IMAGES_PER_EVENT) {
      throw new DomainError('conflict', 'conflict', `An event keeps at most ${MAX_IMAGES_PER_EVENT} images`);
    }
    await tx
      .update(historyImages)
      .set({ ready: true, contentType: stored.contentType, byteSize: stored.size, createdAt: now })
      .where(eq(historyImages.id, input.imageId));
    await tx.update(historyEvents).set({ updatedAt: now }).where(eq(historyEvents.id, input.eventId));
    return { _id: input.imageId, contentType: stored.contentType, size: stored.size, createdAt: now.toISOString() };
  });
}

/** An upload that failed, or whose answer was a replay: its row and chunks go (only if it never became ready). */
export async function discardImageUpload({ ctx, input }: { ctx: AppContext; input: { imageId: string } }) {
  await ctx.db.delete(historyImages).where(and(eq(historyImages.id, input.imageId), eq(historyImages.ready, false)));
}

/** Uploads abandoned mid-way (a dead connection or process): gone after ABANDONED_UPLOAD_MS. */
export async function purgeAbandonedUploads({ ctx }: { ctx: AppContext }) {
  const before = new Date(ctx.clock.now().getTime() - ABANDONED_UPLOAD_MS);
  await ctx.db.delete(historyImages).where(and(eq(historyImages.ready, false), lt(historyImages.createdAt, before)));
}

/** An image's bytes, its chunks in order. */
export async function readImageBytes(ctx: AppContext, imageId: string): Promise<Buffer> {
  // As base64, like the writes (PGlite decodes bytea answers a byte at a time: 2.6 MB in 3 s, as base64 0.13 s).
  const chunks = await ctx.db
    .select({ data: sql<string>`encode(${historyImageChunks.data}, 'base64')` })
    .from(historyImageChunks)
    .where(eq(historyImageChunks.imageId, imageId))
    .orderBy(historyImageChunks.seq);
  return Buffer.concat(chunks.map((c) => Buffer.from(c.data, 'base64')));
}
