// The leader's sweep (the simulator's purge step): exports whose process died are built again, and expired ones lose
// their bytes (the job row stays, so the screen says "expired").
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dataExportChunks, dataExports } from '../../db/schema';
import { buildExport } from './build-export';

/** A PENDING export not taken this long after its request was lost with its process (the request's background task). */
const PENDING_GRACE_MS = 60_000;

export async function resumeDataExports({ ctx }: { ctx: AppContext }): Promise<number> {
  const now = ctx.clock.now();
  const open = await ctx.db
    .select()
    .from(dataExports)
    .where(
      or(
        eq(dataExports.state, 'BUILDING'),
        and(eq(dataExports.state, 'PENDING'), lt(dataExports.createdAt, new Date(now.getTime() - PENDING_GRACE_MS))),
      ),
    );
  let resumed = 0;
  for (const job of open) {
    if (job.state === 'BUILDING') {
      if (job.owner && (await ctx.process.isAlive(job.owner))) continue;
      const taken = await ctx.db
        .update(dataExports)
        .set({ state: 'PENDING', owner: null })
        .where(and(eq(dataExports.id, job.id), eq(dataExports.state, 'BUILDING')))
        .returning({ id: dataExports.id });
      if (taken.length === 0) continue;
    }
    if (await buildExport({ ctx, input: { exportId: job.id } })) resumed++;
  }
  return resumed;
}

export async function purgeExpiredExports({ ctx }: { ctx: AppContext }): Promise<void> {
  const expired = await ctx.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.state, 'READY'), lt(dataExports.expiresAt, ctx.clock.now())));
  if (expired.length === 0) return;
  await ctx.db.delete(dataExportChunks).where(
    inArray(
      dataExportChunks.exportId,
      expired.map((e) => e.id),
    ),
  );
}
