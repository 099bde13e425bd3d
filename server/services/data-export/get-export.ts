// GET /v4/users/data-export (the newest export of the caller, for the screen) and its download: the owner's only,
// while READY and not expired; the ZIP streams a stored piece at a time.
import { and, desc, eq } from 'drizzle-orm';
import type { DataExport } from '../../../contract/users';
import type { AppContext } from '../../context';
import { dataExportChunks, dataExports } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { toDataExportJson } from './request-export';

export async function latestDataExport({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string };
}): Promise<{ export: DataExport | null }> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, input.userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return { export: row ? toDataExportJson(row, ctx.clock.now()) : null };
}

export async function openDataExport({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; exportId: string };
}): Promise<{ fileName: string; byteSize: number; body: ReadableStream<Uint8Array> }> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, input.exportId), eq(dataExports.userId, input.userId)));
  // Another user's export answers like an unknown one.
  if (!row) throw notFound('No such data export');
  const json = toDataExportJson(row, ctx.clock.now());
  if (json.state !== 'READY') {
    const message =
      json.state === 'EXPIRED'
        ? 'This data export has expired; please request a new one'
        : 'This data export is not ready';
    throw new DomainError('conflict', 'conflict', message, { state: json.state });
  }
  const exportId = row.id;
  let seq = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [piece] = await ctx.db
        .select({ data: dataExportChunks.data })
        .from(dataExportChunks)
        .where(and(eq(dataExportChunks.exportId, exportId), eq(dataExportChunks.seq, seq)));
      seq++;
      if (piece) controller.enqueue(new Uint8Array(piece.data));
      else controller.close();
    },
  });
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { fileName: `forecourt-pay-data-${day}.zip`, byteSize: row.byteSize ?? 0, body };
}
