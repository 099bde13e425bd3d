// Who may connect at /ocpp/{id}, and the record of each charge point's connection. A charge point connects to one API
// process (on PostgreSQL any of the WORKERS: the upgrade lands where it lands); that process writes itself into
// connectedBy, so commands reach it (commands.ts) and a worker that died is found out (sweepDeadConnections).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { ocppChargePoints, ocppConnectors, stationProducts } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { CHANNEL } from '../events';

/** A charge point's key: SHA-256 (the passwords are random keys we generate, 192 bits: no slow hash needed). */
export const hashChargerPassword = (password: string) =>
  createHash('sha256').update(`ocpp-charge-point:${password}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A new random charge point password (32 characters, as the OCPP security whitepaper's AuthorizationKey asks). */
export const newChargerPassword = () => randomBytes(24).toString('base64url');

/** Tells the process that holds this charge point's socket (and every other) to look: commands, a replacement. */
export async function pokeChargePoint(db: Db | Tx, chargePointId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${`c:${chargePointId}`})`);
}

export type Credentials = { builtin: boolean };

/**
 * The HTTP Basic password of a connecting charge point: its registered key (hashed), or in DEMO_MODE the demo password
 * for an id that is an EV port's product id (an outside charge point standing in for a demo one). Undefined: refused.
 */
export async function checkChargePoint({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; password: string | undefined };
}): Promise<Credentials | undefined> {
  if (input.password === undefined) return undefined;
  const [row] = await ctx.db.select().from(ocppChargePoints).where(eq(ocppChargePoints.id, input.id));
  if (row?.passwordHash && sameHash(row.passwordHash, hashChargerPassword(input.password))) {
    return { builtin: row.builtin };
  }
  if (
    ctx.env.demoMode &&
    sameHash(hashChargerPassword(ctx.env.ocpp.demoPassword), hashChargerPassword(input.password))
  ) {
    const [port] = await ctx.db
      .select({ id: stationProducts.id })
      .from(stationProducts)
      .where(and(eq(stationProducts.id, input.id), eq(stationProducts.facility, 'CHARGER')));
    if (!port) return undefined;
    // A stand-in: the charge point and its one connector are the port (created on first use).
    await ctx.db.transaction(async (tx) => {
      await tx.insert(ocppChargePoints).values({ id: input.id }).onConflictDoNothing();
      await tx
        .insert(ocppConnectors)
        .values({ chargePointId: input.id, connectorId: 1, productId: input.id })
        .onConflictDoNothing();
    });
    return { builtin: false };
  }
  return undefined;
}

/**
 * Registers (or re-keys) a charge point for EV ports: connector n is the n-th product given. Answers the new password
 * once (only its hash is kept). A built-in one is re-keyed at every start of the chargers.
 */
export async function registerChargePoint({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; productIds: string[]; builtin?: boolean; password?: string };
}): Promise<{ id: string; password: string; connectors: { connectorId: number; productId: string }[] }> {
  if (input.productIds.length === 0)
    throw new DomainError('unprocessable', 'unprocessable', 'Name at least one EV port');
  const ports = await ctx.db
    .select({ id: stationProducts.id, facility: stationProducts.facility })
    .from(stationProducts)
    .where(inArray(stationProducts.id, input.productIds));
  for (const id of input.productIds) {
    const port = ports.find((p) => p.id === id);
    if (!port) throw notFound(`No such product ${id}`);
    if (port.facility !== 'CHARGER') throw new DomainError('unprocessable', 'unprocessable', `${id} is not an EV port`);
  }
  const password = input.password ?? newChargerPassword();
  const connectors = input.productIds.map((productId, i) => ({ connectorId: i + 1, productId }));
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(ocppChargePoints).where(eq(ocppChargePoints.id, input.id)).for('update');
    // A built-in charge point never takes over the key of one an operator registered.
    if (input.builtin && existing?.passwordHash && !existing.builtin) return;
    await tx
      .insert(ocppChargePoints)
      .values({ id: input.id, passwordHash: hashChargerPassword(password), builtin: input.builtin ?? false })
      .onConflictDoUpdate({
        target: ocppChargePoints.id,
        set: { passwordHash: hashChargerPassword(password), builtin: input.builtin ?? false },
      });
    for (const c of connectors) {
      // A port belongs to one charge point: registering it elsewhere moves it. Registering it again where it is (the
      // built-in charge point's every reconnect, a key issued anew) keeps the status its charger last reported: a
      // connector row made anew would have none, and the port would read unavailable until the next
      // StatusNotification (an outside charge point standing in lost its Available that way, every 10 s).
      await tx
        .delete(ocppConnectors)
        .where(
          and(
            eq(ocppConnectors.productId, c.productId),
            or(ne(ocppConnectors.chargePointId, input.id), ne(ocppConnectors.connectorId, c.connectorId)),
          ),
        );
      await tx
        .insert(ocppConnectors)
        .values({ chargePointId: input.id, connectorId: c.connectorId, productId: c.productId })
        .onConflictDoUpdate({
          target: [ocppConnectors.chargePointId, ocppConnectors.connectorId],
          // Another port on that connector: what was reported was about the other one.
          set: { productId: c.productId, status: null, errorCode: null, info: null, statusAt: null },
          setWhere: ne(ocppConnectors.productId, c.productId),
        });
    }
  });
  return { id: input.id, password, connectors };
}

/**
 * A charge point's WebSocket was accepted by this process: it is the one connection of that id now. An outside charge
 * point replaces a built-in one; a built-in one does not replace an outside one (it steps aside: false).
 */
export async function recordConnected({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; connectionId: string; builtin: boolean; remoteAddress: string | null };
}): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(ocppChargePoints).where(eq(ocppChargePoints.id, input.id)).for('update');
    if (!row) return false;
    if (input.builtin && row.connectionId && !row.connectedBuiltin && row.connectedBy) {
      if (await ctx.process.isAlive(row.connectedBy)) return false;
    }
    await tx
      .update(ocppChargePoints)
      .set({
        connectionId: input.connectionId,
        connectedBy: ctx.process.id,
        connectedBuiltin: input.builtin,
        connectedAt: now,
        lastSeenAt: now,
        remoteAddress: input.remoteAddress,
      })
      .where(eq(ocppChargePoints.id, input.id));
    await announceChargePoint(tx, input.id);
    return true;
  });
}

/** The station screens of a charge point's ports reload (its connection or a connector's status changed). */
async function announceChargePoint(tx: Tx, chargePointId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${`c:${chargePointId}`})`);
  await tx.execute(
    sql`select pg_notify(${CHANNEL}, 's:' || station_id) from (select distinct p.station_id from ${ocppConnectors} c join ${stationProducts} p on p.id = c.product_id where c.charge_point_id = ${chargePointId}) s`,
  );
}

export async function announceChargePointChange(db: Db, chargePointId: string): Promise<void> {
  await db.transaction((tx) => announceChargePoint(tx, chargePointId));
}

/** That connection closed (nothing happens if a newer one has replaced it meanwhile). */
export async function recordDisconnected({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; connectionId: string };
}): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(ocppChargePoints)
      .set({ connectionId: null, connectedBy: null, connectedBuiltin: false, disconnectedAt: ctx.clock.now() })
      .where(and(eq(ocppChargePoints.id, input.id), eq(ocppChargePoints.connectionId, input.connectionId)))
      .returning({ id: ocppChargePoints.id });
    if (rows.length > 0) await announceChargePoint(tx, input.id);
  });
}

/** Is this connection still the charge point's current one? (A newer one on any process replaces it.) */
export async function isCurrentConnection({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; connectionId: string };
}): Promise<boolean> {
  const [row] = await ctx.db
    .select({ connectionId: ocppChargePoints.connectionId })
    .from(ocppChargePoints)
    .where(eq(ocppChargePoints.id, input.id));
  return row?.connectionId === input.connectionId;
}

/** Heartbeat and every other message: the charge point was heard of now. */
export async function touchChargePoint({ ctx, input }: { ctx: AppContext; input: { id: string } }): Promise<void> {
  await ctx.db.update(ocppChargePoints).set({ lastSeenAt: ctx.clock.now() }).where(eq(ocppChargePoints.id, input.id));
}

export async function recordBoot({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; vendor: string; model: string; serialNumber?: string; firmwareVersion?: string };
}): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(ocppChargePoints)
    .set({
      vendor: input.vendor,
      model: input.model,
      serialNumber: input.serialNumber ?? null,
      firmwareVersion: input.firmwareVersion ?? null,
      bootedAt: now,
      lastSeenAt: now,
    })
    .where(eq(ocppChargePoints.id, input.id));
}

/** A connector's StatusNotification (connectorId 0 is the whole charge point: recorded on none). */
export async function recordStatus({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; connectorId: number; status: string; errorCode: string; info?: string };
}): Promise<{ productId: string } | undefined> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(ocppConnectors)
      .set({ status: input.status, errorCode: input.errorCode, info: input.info ?? null, statusAt: ctx.clock.now() })
      .where(and(eq(ocppConnectors.chargePointId, input.id), eq(ocppConnectors.connectorId, input.connectorId)))
      .returning({ productId: ocppConnectors.productId });
    await announceChargePoint(tx, input.id);
    return row;
  });
}

/** The product (EV port) of a charge point's connector, or undefined. */
export async function productOfConnector({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { id: string; connectorId: number };
}): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ productId: ocppConnectors.productId })
    .from(ocppConnectors)
    .where(and(eq(ocppConnectors.chargePointId, input.id), eq(ocppConnectors.connectorId, input.connectorId)));
  return row?.productId;
}

export type PortLink = {
  chargePointId: string;
  connectorId: number;
  /** Connected now (the holding process is alive as far as the last sweep knows). */
  online: boolean;
  status: string | null;
  errorCode: string | null;
  builtin: boolean;
  lastSeenAt: Date | null;
};

/** The charge point connector behind each of these EV ports (absent: no charge point knows the port). */
export async function portLinks({
  db,
  input,
}: {
  db: Db | Tx;
  input: { productIds: string[] };
}): Promise<Map<string, PortLink>> {
  const out = new Map<string, PortLink>();
  if (input.productIds.length === 0) return out;
  const rows = await db
    .select({ connector: ocppConnectors, cp: ocppChargePoints })
    .from(ocppConnectors)
    .innerJoin(ocppChargePoints, eq(ocppChargePoints.id, ocppConnectors.chargePointId))
    .where(inArray(ocppConnectors.productId, input.productIds));
  for (const { connector, cp } of rows) {
    out.set(connector.productId, {
      chargePointId: cp.id,
      connectorId: connector.connectorId,
      online: cp.connectionId !== null,
      status: connector.status,
      errorCode: connector.errorCode,
      builtin: cp.connectedBuiltin,
      lastSeenAt: cp.lastSeenAt,
    });
  }
  return out;
}

/**
 * The leader's sweep: a connection held by a process that is gone (a worker killed) is over. On PGlite every other
 * owner is gone (one process per data directory): a restart forgets the connections of the one before.
 */
export async function sweepDeadConnections({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const held = await ctx.db
    .select({ id: ocppChargePoints.id, by: ocppChargePoints.connectedBy, connectionId: ocppChargePoints.connectionId })
    .from(ocppChargePoints)
    .where(isNotNull(ocppChargePoints.connectedBy));
  const owners = new Map<string, boolean>();
  const gone: string[] = [];
  for (const row of held) {
    if (!row.by || !row.connectionId) continue;
    let alive = owners.get(row.by);
    if (alive === undefined) {
      alive = await ctx.process.isAlive(row.by);
      owners.set(row.by, alive);
    }
    if (!alive) {
      await recordDisconnected({ ctx, input: { id: row.id, connectionId: row.connectionId } });
      gone.push(row.id);
    }
  }
  return gone;
}

/**
 * The product status drivers see for an EV port (pay-flows.md §5: only AVAILABLE is selectable): the status its
 * charge point last reported, UNAVAILABLE while no charge point is connected for it.
 */
export function portStatus(
  link: Pick<PortLink, 'online' | 'status'> | undefined,
  stationOnline: boolean,
): 'AVAILABLE' | 'IN_USE' | 'OUT_OF_ORDER' | 'UNAVAILABLE' {
  if (!stationOnline || !link?.online) return 'UNAVAILABLE';
  switch (link.status) {
    case 'Available':
      return 'AVAILABLE';
    case 'Faulted':
      return 'OUT_OF_ORDER';
    case 'Unavailable':
    case null:
      return 'UNAVAILABLE';
    default:
      return 'IN_USE';
  }
}
