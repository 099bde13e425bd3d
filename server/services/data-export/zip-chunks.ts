// A ZIP written as it is made (fflate's streaming Zip) into data_export_chunks: at most one file's pending piece and
// one chunk are in memory, whatever the size of the export. Files are added one after the other (fflate would queue a
// second file's bytes while the first is open).
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { AppContext } from '../../context';
import { dataExportChunks } from '../../db/schema';

/** Bytes per stored piece of a ZIP. */
export const DATA_EXPORT_CHUNK_BYTES = 512 * 1024;

const encoder = new TextEncoder();

export type ZipSink = {
  /** Adds one file from its pieces (strings are UTF-8); `compress: false` for what is compressed already (images). */
  file(
    name: string,
    pieces: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
    opts?: { compress?: boolean },
  ): Promise<void>;
  /** Ends the archive and writes its last piece: the ZIP's size and file count. */
  finish(): Promise<{ byteSize: number; fileCount: number }>;
};

export function zipIntoChunks(ctx: AppContext, exportId: string, mtime: Date): ZipSink {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  let seq = 0;
  let files = 0;
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) {
      failure = err;
      return;
    }
    pending.push(data);
    pendingBytes += data.length;
    total += data.length;
  });

  async function write(all: boolean): Promise<void> {
    if (failure) throw failure;
    while (pendingBytes >= DATA_EXPORT_CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const size = Math.min(DATA_EXPORT_CHUNK_BYTES, joined.length);
      await ctx.db.insert(dataExportChunks).values({ exportId, seq, data: joined.subarray(0, size) });
      seq++;
      const rest = joined.subarray(size);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  }

  return {
    async file(name, pieces, opts = {}) {
      const entry = opts.compress === false ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      files++;
      for await (const piece of pieces) {
        const bytes = typeof piece === 'string' ? encoder.encode(piece) : piece;
        if (bytes.length > 0) entry.push(bytes);
        await write(false);
      }
      entry.push(new Uint8Array(0), true);
      await write(false);
    },
    async finish() {
      zip.end();
      await write(true);
      return { byteSize: total, fileCount: files };
    },
  };
}
