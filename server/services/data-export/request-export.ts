// GET /events/request-data-dump: a registered driver asks for the export; it is built in the background and mailed
// about when ready. While one is being built, asking again answers that one (no second build).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DataExport } from '../../../contract/users';
import { newId } from '../../auth/crypto';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import { type DataExportRow, dataExports, users } from '../../db/schema';
import { DomainError, forbidden, notFound } from '../../errors';
import { loadOwnThing } from '../things';
import { buildExport } from './build-export';

/** The wire form: PENDING and BUILDING are REQUESTED to the driver; a READY one past its expiry is EXPIRED. */
export function toDataExportJson(row: DataExportRow, now: Date): DataExport {
  const state =
    row.state === 'READY'
      ? row.expiresAt && row.expiresAt.getTime() <= now.getTime()
        ? 'EXPIRED'
        : 'READY'
      : row.state === 'FAILED'
        ? 'FAILED'
        : 'REQUESTED';
  return {
    id: row.id,
    state,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    byteSize: state === 'READY' ? row.byteSize : null,
  };
}

export async function requestDataExport({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; thingId?: string | undefined; locale?: string | undefined };
}): Promise<{ requested: true; sentTo: string; export: DataExport }> {
  if (input.session.isGuest) throw forbidden('Guests have no data to export; please register');
  const userId = input.session.userId;
  if (input.thingId !== undefined) await loadOwnThing({ ctx, input: { userId, thingId: input.thingId } });
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('No such user');
  if (!user.email) throw new DomainError('unprocessable', 'unprocessable', 'This user has no email address');
  const [open] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.state, ['PENDING', 'BUILDING'])))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  const row =
    open ??
    (
      await ctx.db
        .insert(dataExports)
        .values({
          id: newId(),
          userId,
          thingId: input.thingId ?? null,
          locale: (input.locale ?? 'en').slice(0, 64),
          createdAt: ctx.clock.now(),
        })
        .returning()
    )[0];
  if (!row) throw new Error('data export: insert returned nothing');
  if (!open) {
    const exportId = row.id;
    ctx.background.run('data export', () => buildExport({ ctx, input: { exportId } }));
  }
  return { requested: true, sentTo: user.email, export: toDataExportJson(row, ctx.clock.now()) };
}
