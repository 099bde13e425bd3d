// Calls from the central system to a charge point. Whoever decides one (an API worker authorizing an order, the leader's
// watchdog) writes it here inside its own transaction and pokes the charge point (NOTIFY "c:<id>", delivered on
// commit); the process that holds the charge point's WebSocket claims it (one claimer: UPDATE ... WHERE PENDING),
// sends it and writes the answer. A command nobody could send in time expires (the leader's tick).
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { type OcppCommandRow, ocppCommands } from '../../db/schema';
import { pokeChargePoint } from './charge-points';

/** What the central system sends (OCPP 1.6 Core, Remote Trigger). */
export type OcppCommandAction =
  | 'RemoteStartTransaction'
  | 'RemoteStopTransaction'
  | 'ChangeAvailability'
  | 'ChangeConfiguration'
  | 'GetConfiguration'
  | 'Reset'
  | 'TriggerMessage';

/** A command not sent within this long is dropped: a remote start for a charger that never came back is no use. */
export const COMMAND_TTL_MS = 120_000;

export async function queueCommand({
  db,
  input,
}: {
  db: Db | Tx;
  input: { chargePointId: string; action: OcppCommandAction; payload: Record<string, unknown>; orderId?: string };
}): Promise<string> {
  const id = newId();
  await db.insert(ocppCommands).values({
    id,
    chargePointId: input.chargePointId,
    action: input.action,
    payload: input.payload,
    orderId: input.orderId ?? null,
  });
  await pokeChargePoint(db, input.chargePointId);
  return id;
}

/** Takes the charge point's pending commands for this process to send, oldest first. */
export async function claimCommands({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { chargePointId: string };
}): Promise<OcppCommandRow[]> {
  const pending = await ctx.db
    .select({ id: ocppCommands.id })
    .from(ocppCommands)
    .where(and(eq(ocppCommands.chargePointId, input.chargePointId), eq(ocppCommands.status, 'PENDING')))
    .orderBy(asc(ocppCommands.createdAt))
    .limit(20);
  if (pending.length === 0) return [];
  const claimed = await ctx.db
    .update(ocppCommands)
    .set({ status: 'SENT', sentAt: ctx.clock.now(), sentBy: ctx.process.id })
    .where(
      and(
        inArray(
          ocppCommands.id,
          pending.map((p) => p.id),
        ),
        eq(ocppCommands.status, 'PENDING'),
      ),
    )
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export async function finishCommand({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; response?: Record<string, unknown>; error?: string };
}): Promise<void> {
  await ctx.db
    .update(ocppCommands)
    .set({
      status: input.error ? 'FAILED' : 'ANSWERED',
      answeredAt: ctx.clock.now(),
      response: input.response ?? null,
      error: input.error ?? null,
    })
    .where(eq(ocppCommands.id, input.id));
}

/** Pending commands older than the TTL: EXPIRED (returned, so the orders can follow: a start that never went out). */
export async function expireCommands({ ctx, input }: { ctx: AppContext; input: { now: Date } }) {
  return ctx.db
    .update(ocppCommands)
    .set({ status: 'EXPIRED', answeredAt: input.now })
    .where(
      and(
        eq(ocppCommands.status, 'PENDING'),
        lt(ocppCommands.createdAt, new Date(input.now.getTime() - COMMAND_TTL_MS)),
      ),
    )
    .returning();
}
