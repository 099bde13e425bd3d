// Issue 32.5: image uploads had no quota and no rate limit, guests could upload, and each body was held whole in
// memory (30 parallel 6 MB uploads: +300 MB). Now: registered drivers only, IMAGE_UPLOADS_PER_MINUTE, IMAGE_QUOTA_MIB,
// and the body streams into chunks of at most 256 KiB with the 6 MB limit counted while it is read.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { historyImageChunks, historyImages } from '../../server/db/schema';
import { IMAGE_CHUNK_BYTES } from '../../server/services/history/add-image';
import { drivers, type TestServer, useServer } from './helpers';
import { newDriver } from './orders-fixtures';

/** A PNG of `size` bytes: the signature and header chunk the sniffer reads, then filler. */
function png(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
  for (let i = 16; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

describe.each(drivers)('image uploads: who, how many, how much, how (%s)', (driver) => {
  const t = useServer(driver);

  const costFor = async (s: TestServer, token: string) => {
    const res = await s.request('/api/v4/account-history/costs', {
      token,
      body: { category: 'PARKING', price: 100, currency: 'EUR', sampleTime: new Date().toISOString() },
    });
    expect(res.status).toBe(201);
    return res.body._id as string;
  };
  const upload = async (s: TestServer, token: string, eventId: string, body: BodyInit, length?: number) => {
    const res = await createApp(s.ctx).request(`http://localhost:8080/api/v4/account-history/${eventId}/images`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'image/png',
        ...(length !== undefined ? { 'content-length': String(length) } : {}),
      },
      body,
      // A stream body needs it in Node's fetch Request.
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  const leftOf = async (s: TestServer, userId: string) => {
    const rows = await s.ctx.db.select().from(historyImages).where(eq(historyImages.userId, userId));
    return { ready: rows.filter((r) => r.ready).length, pending: rows.filter((r) => !r.ready).length };
  };

  it('a guest cannot upload (403): images are kept for registered drivers', async () => {
    const s = t.server;
    const guest = await s.request('/api/auth/register/guest', { method: 'POST' });
    const eventId = await costFor(s, guest.body.auth_token);
    const res = await upload(s, guest.body.auth_token, eventId, new Blob([png(1000)]));
    expect(res.status).toBe(403);
    expect(await leftOf(s, guest.body._id)).toEqual({ ready: 0, pending: 0 });
  });

  it('at most IMAGE_UPLOADS_PER_MINUTE a minute: then 429 with Retry-After', async () => {
    const s = await t.server.withEnv({ IMAGE_UPLOADS_PER_MINUTE: '3' });
    const d = await newDriver(s);
    const eventId = await costFor(s, d.token);
    for (let i = 0; i < 3; i++) expect((await upload(s, d.token, eventId, new Blob([png(200 + i)]))).status).toBe(201);
    const fourth = await upload(s, d.token, eventId, new Blob([png(300)]));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another driver is counted apart.
    const other = await newDriver(s);
    expect((await upload(s, other.token, await costFor(s, other.token), new Blob([png(200)]))).status).toBe(201);
  });

  it('at most IMAGE_QUOTA_MIB in all: then 413 image_quota_exceeded, and nothing of the refused upload is kept', async () => {
    const s = await t.server.withEnv({ IMAGE_QUOTA_MIB: '1' });
    const d = await newDriver(s);
    const eventId = await costFor(s, d.token);
    expect((await upload(s, d.token, eventId, new Blob([png(600_000)]))).status).toBe(201);
    // Declared too big for what is left: refused before a byte is read.
    const declared = await upload(s, d.token, eventId, new Blob([png(600_000)]), 600_000);
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: 'image_quota_exceeded', details: { limit: 1024 * 1024 } });
    // Not declared (a stream): refused once the bytes have passed the quota.
    const streamed = await upload(s, d.token, eventId, streamOf(png(600_000)).stream);
    expect(streamed.status).toBe(413);
    expect(streamed.body.code).toBe('image_quota_exceeded');
    expect(await leftOf(s, d.id)).toEqual({ ready: 1, pending: 0 });
  });

  it('the body streams into 256 KiB chunks, and past 6 MB reading stops at once (413), leaving nothing', async () => {
    const s = t.server;
    const d = await newDriver(s);
    const eventId = await costFor(s, d.token);
    const image = png(1024 * 1024 + 5);
    const res = await upload(s, d.token, eventId, streamOf(image).stream);
    expect(res.status).toBe(201);
    const chunks = await s.ctx.db
      .select()
      .from(historyImageChunks)
      .where(eq(historyImageChunks.imageId, res.body._id))
      .orderBy(historyImageChunks.seq);
    expect(chunks.map((c) => c.data.length)).toEqual([
      IMAGE_CHUNK_BYTES,
      IMAGE_CHUNK_BYTES,
      IMAGE_CHUNK_BYTES,
      IMAGE_CHUNK_BYTES,
      5,
    ]);
    const back = await createApp(s.ctx).request(
      `http://localhost:8080/api/v4/account-history/${eventId}/images/${res.body._id}`,
      { headers: { authorization: `Bearer ${d.token}` } },
    );
    expect(Buffer.from(await back.arrayBuffer()).equals(Buffer.from(image))).toBe(true);

    const huge = streamOf(png(20 * 1024 * 1024));
    const refused = await upload(s, d.token, eventId, huge.stream);
    expect(refused.status).toBe(413);
    // Read up to the limit and the few pieces the stream reads ahead, not the 20 MB the client had to send.
    expect(huge.pulled()).toBeLessThanOrEqual(6 * 1024 * 1024 + 4 * 64 * 1024);
    expect(await leftOf(s, d.id)).toEqual({ ready: 1, pending: 0 });
  });
});

/** A body that hands out `bytes` in 64 KiB pieces as it is read, counting what was taken. */
function streamOf(bytes: Uint8Array<ArrayBuffer>) {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      const piece = bytes.subarray(at, at + 64 * 1024);
      at += piece.length;
      controller.enqueue(piece);
    },
  });
  return { stream, pulled: () => at };
}
