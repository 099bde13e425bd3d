// EV charging orders (pay-flows.md §4 EV flow; ARCHITECTURE.md "Order lifecycle", EV), driven over OCPP 1.6J:
// CREATED -> authorize (hold the pre-authorization; RemoteStartTransaction with an idTag that stands for the order)
// -> PRODUCT_PENDING (plug in) -> StartTransaction with that idTag: PRODUCT_SUPPLYING (MeterValues: the live meter)
// -> acquire/stop (RemoteStopTransaction), the driver's cost limit or the pre-authorization reached (the server stops
// it), or the charger's own end -> StopTransaction: PRODUCT_ACQUIRED (energy, time, parking and flat lines priced from
// the port's price elements; capture <= the hold and <= the cost limit, the rest released) -> COMPLETED.
// The charge point's messages arrive at server/ocpp (any process); the commands go out through services/ocpp.
// An EV order is one whose item is sold per kWh.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { type OrderCharge, priceCharge } from '../../../contract/ev';
import type { AuthorizeBody, Order } from '../../../contract/orders';
import type { Currency, PriceElement } from '../../../contract/stations';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  type OcppStopCause,
  type OcppTransactionRow,
  type OrderRow,
  ocppIdTags,
  ocppTransactions,
  orders,
  stationProducts,
  stations,
} from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { assertEvCharging } from '../accounts';
import { announce, orderTopic } from '../events';
import { AMOUNT_PRECISION, connectorRateW } from '../forecourt';
import { type PortLink, portLinks, queueCommand } from '../ocpp';
import {
  type ApprovedHold,
  awaitInteraction,
  cancelAndRelease,
  captureAcquired,
  cardLabel,
  declineAuthorization,
  holdAuthorized,
  interactionUrls,
} from './hold-settle';
import { isChargeOrder } from './live-charge';
import { findOrder } from './load-order';
import { pickMethod } from './pick-method';
import { applyTransition } from './transitions';

/** Station time zones by country (the price elements' HH:MM windows are the station's local time). */
const TIME_ZONES: Record<string, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  CH: 'Europe/Zurich',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  ES: 'Europe/Madrid',
  IT: 'Europe/Rome',
  LU: 'Europe/Luxembourg',
  NL: 'Europe/Amsterdam',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  CZ: 'Europe/Prague',
};

export { isChargeOrder };

export type ChargeOutcome = 'acquired' | 'cancelled' | 'not-ended' | 'skipped';

/** Connector statuses in which a charger takes a remote start. */
const STARTABLE = new Set(['Available', 'Preparing']);

/** The charge point behind an EV port, if it is connected and can start a charge; else why not (409). */
function refusalOf(link: PortLink | undefined): string | undefined {
  if (!link?.online) return 'The charger is offline';
  if (link.status && !STARTABLE.has(link.status)) return `The charger is ${link.status}`;
  return undefined;
}

/** Why the charger of this port cannot take a charge now (offline, faulted), or undefined. */
export async function chargerRefusal(db: AppContext['db'] | Tx, productId: string): Promise<string | undefined> {
  return refusalOf((await portLinks({ db, input: { productIds: [productId] } })).get(productId));
}

/** POST /v4/order/{id}/authorize of a CREATED EV order: the amount must be the pre-authorization of its currency. */
export async function authorizeCharge({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: AuthorizeBody; row: OrderRow };
}): Promise<Order> {
  const { row, body } = input;
  const { preAuthorization } = await assertEvCharging({
    ctx,
    input: { accountId: input.session.accountId, currency: row.currency },
  });
  const price = body.authorizePrice;
  if (price.currency !== row.currency) {
    throw new DomainError('unprocessable', 'unprocessable', `The station takes ${row.currency}`, [
      { path: 'authorizePrice.currency', message: `Must be ${row.currency}` },
    ]);
  }
  if (price.precision !== AMOUNT_PRECISION || price.amount !== preAuthorization) {
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      `The pre-authorization is ${preAuthorization} (precision 2)`,
      [{ path: 'authorizePrice.amount', message: `Must be ${preAuthorization} at precision ${AMOUNT_PRECISION}` }],
    );
  }
  // A charger that is not connected gets no order: nothing is held (the station shows it unavailable).
  const refused = refusalOf(
    (await portLinks({ db: ctx.db, input: { productIds: [row.productId] } })).get(row.productId),
  );
  if (refused) throw new DomainError('conflict', 'conflict', refused);
  const method = await pickMethod({
    ctx,
    input: { session: input.session, body, poiId: row.poiId, orderId: row.id, amount: price.amount, order: row },
  });
  // 3-D Secure (as prepay and postpay): the issuer's page first; the order waits in PAYMENT_PENDING, nothing held,
  // and the page's answer holds the pre-authorization and starts the charger (answer-challenge.ts).
  const verdict = ctx.payments.verdict(method);
  const challengeUrls = interactionUrls(verdict.kind === 'challenge', body.userInteraction?.urls);
  const now = ctx.clock.now();
  const amount = preAuthorization;
  const paymentPatch = { paymentMethodId: method.id, paymentBrand: method.brand, paymentLast4: method.last4 || null };
  await ctx.db.transaction(async (tx) => {
    const [station] = await tx.select({ status: stations.status }).from(stations).where(eq(stations.id, row.poiId));
    if (station?.status !== 'ONLINE') throw new DomainError('conflict', 'conflict', 'The station is offline');
    if (verdict.kind === 'decline') {
      await declineAuthorization({
        tx,
        payments: ctx.payments,
        input: {
          row,
          from: 'CREATED',
          method,
          amount,
          now,
          what: 'pre-authorization',
          reason: verdict.reason,
          patch: paymentPatch,
        },
      });
      return;
    }
    if (challengeUrls) {
      const start = await ctx.payments.openChallenge(ctx, tx, {
        userId: input.session.userId,
        orderId: row.id,
        paymentMethodId: method.id,
        urls: challengeUrls,
        now,
      });
      await awaitInteraction({
        tx,
        input: { row, amount, now, start, description: `${method.brand} asks for 3-D Secure`, patch: paymentPatch },
      });
      return;
    }
    await holdAndAuthorizeCharger({
      ctx,
      tx,
      input: { row, from: 'CREATED', method, amount, now, patch: paymentPatch },
    });
  });
  const after = await findOrder({ ctx, input: { orderId: row.id } });
  if (!after) throw notFound('No such order');
  return after.json;
}

/** An OCPP idTag (at most 20 characters, CiString20Type) that stands for one order: random, never reused. */
const newIdTag = () => `FP${randomBytes(9).toString('hex').toUpperCase()}`;

/**
 * The approved pre-authorization of an EV order: hold it and send the charger RemoteStartTransaction with the order's
 * idTag (from CREATED, or from PAYMENT_PENDING after a 3-D Secure challenge). Inside the caller's transaction: the
 * command goes out only if the hold commits.
 */
export async function holdAndAuthorizeCharger({
  ctx,
  tx,
  input,
}: {
  ctx: AppContext;
  tx: Tx;
  input: ApprovedHold;
}): Promise<void> {
  const { row, method, amount, now } = input;
  const link = (await portLinks({ db: tx, input: { productIds: [row.productId] } })).get(row.productId);
  const refused = refusalOf(link);
  if (refused || !link) throw new DomainError('conflict', 'conflict', refused ?? 'The charger is offline');
  await holdAuthorized({
    tx,
    payments: ctx.payments,
    input: {
      row,
      from: input.from,
      method,
      amount,
      now,
      description: `${amount} pre-authorized on ${cardLabel(method)}`,
      ...(input.patch ? { patch: input.patch } : {}),
    },
  });
  const idTag = newIdTag();
  await tx.insert(ocppIdTags).values({ idTag, orderId: row.id, productId: row.productId, createdAt: now });
  await queueCommand({
    db: tx,
    input: {
      chargePointId: link.chargePointId,
      action: 'RemoteStartTransaction',
      payload: { connectorId: link.connectorId, idTag },
      orderId: row.id,
    },
  });
  await applyTransition({
    tx,
    input: {
      orderId: row.id,
      from: 'PAYMENT_AUTHORIZED',
      to: 'PRODUCT_PENDING',
      now,
      actionCodeText: 'CHARGER_AUTHORIZED',
      description: `${row.productName} authorized: plug in to start charging`,
    },
  });
}

/** The order's latest transaction. */
async function transactionOf(db: AppContext['db'] | Tx, orderId: string): Promise<OcppTransactionRow | undefined> {
  const [t] = await db
    .select()
    .from(ocppTransactions)
    .where(eq(ocppTransactions.orderId, orderId))
    .orderBy(desc(ocppTransactions.id))
    .limit(1);
  return t;
}

export type IdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

/** Authorize.req: an idTag we handed out for an order that still waits for its charge; any other is refused. */
export async function authorizeIdTag({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { idTag: string };
}): Promise<IdTagStatus> {
  const [tag] = await ctx.db
    .select({ tag: ocppIdTags, state: orders.state })
    .from(ocppIdTags)
    .innerJoin(orders, eq(orders.id, ocppIdTags.orderId))
    .where(eq(ocppIdTags.idTag, input.idTag));
  if (!tag || tag.tag.revokedAt) return 'Invalid';
  return tag.state === 'PRODUCT_PENDING' ? 'Accepted' : 'Expired';
}

/**
 * StartTransaction.req. With the idTag of an order waiting for its charge on this port: the transaction is the
 * order's and the order is PRODUCT_SUPPLYING. Any other (a local RFID card, a tag whose order ended): recorded
 * without an order and refused (the charger then stops it). A repeat of a start already recorded answers the same.
 */
export async function startChargeTransaction({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: {
    chargePointId: string;
    connectorId: number;
    productId: string | undefined;
    idTag: string;
    meterStart: number;
    timestamp: Date;
    timeScale: number;
  };
}): Promise<{ transactionId: number; status: IdTagStatus }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [again] = await tx
      .select()
      .from(ocppTransactions)
      .where(
        and(
          eq(ocppTransactions.chargePointId, input.chargePointId),
          eq(ocppTransactions.connectorId, input.connectorId),
          eq(ocppTransactions.idTag, input.idTag),
          eq(ocppTransactions.startedAt, input.timestamp),
        ),
      );
    if (again) return { transactionId: again.id, status: again.orderId ? 'Accepted' : 'Invalid' };
    const [tag] = await tx.select().from(ocppIdTags).where(eq(ocppIdTags.idTag, input.idTag));
    const [order] = tag ? await tx.select().from(orders).where(eq(orders.id, tag.orderId)).for('update') : [undefined];
    const ours = !!tag && !tag.revokedAt && order?.state === 'PRODUCT_PENDING' && order.productId === input.productId;
    const [t] = await tx
      .insert(ocppTransactions)
      .values({
        chargePointId: input.chargePointId,
        connectorId: input.connectorId,
        productId: input.productId ?? null,
        idTag: input.idTag,
        orderId: ours ? (order?.id ?? null) : null,
        meterStart: input.meterStart,
        startedAt: input.timestamp,
        meterLast: input.meterStart,
        meterLastAt: input.timestamp,
        timeScale: input.timeScale,
        heardAt: now,
        // A refused one is over for us: the charger stops it (StopTransaction closes it).
        ...(ours ? {} : { stopRequestedAt: now }),
      })
      .returning();
    if (!t) throw new Error('no transaction row');
    if (!ours || !order) return { transactionId: t.id, status: tag ? 'Expired' : 'Invalid' };
    const charge: OrderCharge = {
      energyWh: 0,
      powerW: 0,
      durationS: 0,
      chargingStartedAt: input.timestamp.toISOString(),
    };
    await applyTransition({
      tx,
      input: {
        orderId: order.id,
        from: 'PRODUCT_PENDING',
        to: 'PRODUCT_SUPPLYING',
        now,
        actionCodeText: 'CHARGING',
        description: `Charging started (transaction ${t.id})`,
        patch: { charge },
      },
    });
    return { transactionId: t.id, status: 'Accepted' };
  });
}

export type MeterSample = { at: Date; energyWh?: number; powerW?: number; socPercent?: number };

/**
 * MeterValues.req of a transaction: the latest reading is kept (an older one, queued while the charger was offline,
 * only if it is newer than what we have), the order's screen hears of it, and the limits are checked.
 */
export async function recordChargeMeter({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { chargePointId: string; transactionId: number; samples: MeterSample[] };
}): Promise<void> {
  const [t] = await ctx.db
    .select()
    .from(ocppTransactions)
    .where(and(eq(ocppTransactions.id, input.transactionId), eq(ocppTransactions.chargePointId, input.chargePointId)));
  if (!t) return;
  const now = ctx.clock.now();
  const latest = input.samples
    .filter((s) => s.energyWh !== undefined)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .at(-1);
  const newer = latest && latest.at.getTime() >= t.meterLastAt.getTime() && t.stoppedAt === null;
  const last = input.samples.at(-1);
  const [updated] = await ctx.db
    .update(ocppTransactions)
    .set({
      heardAt: now,
      ...(newer && latest?.energyWh !== undefined
        ? {
            meterLast: Math.max(t.meterStart, Math.round(latest.energyWh)),
            meterLastAt: latest.at,
            ...(latest.powerW !== undefined ? { powerW: Math.max(0, Math.round(latest.powerW)) } : {}),
            ...(latest.socPercent !== undefined ? { socPercent: clampSoc(latest.socPercent) } : {}),
          }
        : !latest && last?.powerW !== undefined
          ? { powerW: Math.max(0, Math.round(last.powerW)) }
          : {}),
    })
    .where(eq(ocppTransactions.id, t.id))
    .returning();
  if (updated?.orderId) await checkChargeLimits({ ctx, input: { transaction: updated, now } });
}

const clampSoc = (soc: number) => Math.max(0, Math.min(100, Math.round(soc)));

/**
 * StopTransaction.req: the transaction ends with the charger's final meter reading and time; its order is priced
 * from them (capture <= the hold). A stop arriving after the order ended otherwise (a fault settled it, the watchdog)
 * is recorded and changes nothing. Unknown transaction ids are answered all the same (the charger must not retry).
 */
export async function stopChargeTransaction({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: {
    chargePointId: string;
    transactionId: number;
    meterStop: number;
    timestamp: Date;
    reason?: string;
    transactionData?: unknown[];
  };
}): Promise<void> {
  const now = ctx.clock.now();
  const [t] = await ctx.db
    .update(ocppTransactions)
    .set({
      meterStop: input.meterStop,
      stoppedAt: input.timestamp,
      stopReason: input.reason ?? 'Local',
      transactionData: input.transactionData ?? null,
      heardAt: now,
      meterLast: input.meterStop,
      meterLastAt: input.timestamp,
      powerW: 0,
    })
    .where(
      and(
        eq(ocppTransactions.id, input.transactionId),
        eq(ocppTransactions.chargePointId, input.chargePointId),
        isNull(ocppTransactions.stoppedAt),
      ),
    )
    .returning();
  if (t?.orderId) await settleCharge({ ctx, input: { orderId: t.orderId } });
}

/**
 * StatusNotification of a port. Faulted during a charge ends the order's session as the console's fault always did:
 * the order is priced from the last meter value. The order's screen hears of every status (its connector state).
 */
export async function chargerStatusChanged({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { productId: string; status: string };
}): Promise<void> {
  const open = await ctx.db
    .select()
    .from(ocppTransactions)
    .where(and(eq(ocppTransactions.productId, input.productId), isNull(ocppTransactions.stoppedAt)));
  const orderIds = open.map((t) => t.orderId).filter((id): id is string => !!id);
  if (input.status === 'Faulted') {
    for (const t of open) {
      if (!t.orderId || t.faultedAt) continue;
      await ctx.db.update(ocppTransactions).set({ faultedAt: ctx.clock.now() }).where(eq(ocppTransactions.id, t.id));
      await settleCharge({ ctx, input: { orderId: t.orderId } });
    }
  }
  // The waiting order of a port (PRODUCT_PENDING) shows "plugged" from the status too.
  const [pending] = await ctx.db
    .select({ id: orders.id })
    .from(ocppIdTags)
    .innerJoin(orders, eq(orders.id, ocppIdTags.orderId))
    .where(and(eq(ocppIdTags.productId, input.productId), eq(orders.state, 'PRODUCT_PENDING')));
  if (pending) orderIds.push(pending.id);
  if (orderIds.length > 0) await announce(ctx.db, orderIds.map(orderTopic));
}

/** A remote start the charger rejected, or that never went out: the order gets nothing, the hold is released. */
export async function chargerRefusedStart({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string; why: string };
}): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (row?.state !== 'PRODUCT_PENDING') return;
    await tx.update(ocppIdTags).set({ revokedAt: now }).where(eq(ocppIdTags.orderId, row.id));
    const moved = await applyTransition({
      tx,
      input: {
        orderId: row.id,
        from: 'PRODUCT_PENDING',
        to: 'FAILED',
        now,
        actionCodeText: 'CHARGER_REFUSED',
        description: input.why,
        message: 'The charger did not start; nothing was charged',
        patch: { errorMessage: 'The charger did not start; nothing was charged' },
      },
    });
    if (moved) await ctx.payments.release(tx, { orderId: row.id, now });
  });
}

/** Queues RemoteStopTransaction once for a running transaction (the first cause is the one the receipt tells). */
async function requestStop({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { transaction: OcppTransactionRow; cause: OcppStopCause };
}): Promise<void> {
  const { transaction: t } = input;
  await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(ocppTransactions)
      .set({ stopRequestedAt: ctx.clock.now(), stopCause: input.cause })
      .where(
        and(
          eq(ocppTransactions.id, t.id),
          isNull(ocppTransactions.stopRequestedAt),
          isNull(ocppTransactions.stoppedAt),
        ),
      )
      .returning({ id: ocppTransactions.id });
    if (!marked) return;
    await queueCommand({
      db: tx,
      input: {
        chargePointId: t.chargePointId,
        action: 'RemoteStopTransaction',
        payload: { transactionId: t.id },
        ...(t.orderId ? { orderId: t.orderId } : {}),
      },
    });
  });
}

/** PUT acquire/stop of an EV order: "Finish charging" sends RemoteStopTransaction; its StopTransaction prices it. */
export async function stopCharge({ ctx, input }: { ctx: AppContext; input: { row: OrderRow } }): Promise<void> {
  const { row } = input;
  const t = row.state === 'PRODUCT_SUPPLYING' ? await transactionOf(ctx.db, row.id) : undefined;
  if (!t) throw new DomainError('conflict', 'conflict', `Nothing is charging for this order (${row.state})`);
  if (t.stoppedAt || t.faultedAt) {
    await settleCharge({ ctx, input: { orderId: row.id } });
    return;
  }
  await requestStop({ ctx, input: { transaction: t, cause: 'DRIVER' } });
}

/**
 * Cancel of an EV order before charging started: its idTag no longer starts anything and the whole hold is released
 * (CANCELLED). Once charging, cancel stops the charge and the energy is paid (like acquire/stop). Answers whether it acted.
 */
export async function cancelCharge({ ctx, input }: { ctx: AppContext; input: { row: OrderRow } }): Promise<boolean> {
  const { row } = input;
  if (row.state === 'PRODUCT_SUPPLYING') {
    await stopCharge({ ctx, input: { row } });
    return true;
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.update(ocppIdTags).set({ revokedAt: now }).where(eq(ocppIdTags.orderId, row.id));
    return cancelAndRelease({
      tx,
      payments: ctx.payments,
      input: {
        row,
        from: row.state,
        now,
        actionCodeText: 'CANCELLED_BY_USER',
        description: 'Cancelled before charging; the pre-authorization was released',
        patch: { cancelRequestedAt: now, quantityMl: 0, totalAmount: 0 },
      },
    });
  });
}

type Priced = { energyWh: number; totalS: number; startedAt: Date; lines: OrderCharge['lines']; total: number };

/** What a transaction costs up to `end` (charger time) from the port's price elements. */
async function priceTransaction(
  ctx: AppContext,
  row: OrderRow,
  t: OcppTransactionRow,
  end: Date,
  energyWh: number,
): Promise<Priced> {
  const [found] = await ctx.db
    .select({ product: stationProducts, countryCode: stations.countryCode })
    .from(stationProducts)
    .innerJoin(stations, eq(stations.id, stationProducts.stationId))
    .where(eq(stationProducts.id, row.productId));
  const item = found?.product.items.find((i) => i.itemCode === row.itemCode) ?? found?.product.items[0];
  const startedAt = t.startedAt;
  const totalS = Math.max(0, ((end.getTime() - startedAt.getTime()) / 1000) * t.timeScale);
  const powerW = connectorRateW(item?.details?.power);
  const chargingS = Math.min(totalS, (energyWh * 3600) / powerW);
  const elements: PriceElement[] =
    item?.priceElements && item.priceElements.length > 0
      ? item.priceElements
      : [
          {
            priceComponents: [
              { type: 'ENERGY', price: row.unitPrice ?? 0, precision: row.unitPrecision ?? 2, unit: 'KWH' },
            ],
          },
        ];
  const priced =
    energyWh > 0
      ? priceCharge(elements, row.currency as Currency, {
          start: startedAt,
          totalMinutes: totalS / 60,
          chargingMinutes: chargingS / 60,
          energyWh,
          timeZone: TIME_ZONES[found?.countryCode ?? 'DE'] ?? 'Europe/Berlin',
        })
      : { lines: [], total: 0 };
  return { energyWh, totalS, startedAt, lines: priced.lines, total: priced.total };
}

/** The most the order may cost: its cost limit, never above the hold. */
const ceilingOf = (row: OrderRow, held: number) => Math.min(held, row.costLimit ?? Number.POSITIVE_INFINITY);

/** Why the receipt says the charge ended. */
function stopReasonOf(t: OcppTransactionRow): NonNullable<OrderCharge['stopReason']> {
  if (t.faultedAt && !t.stoppedAt) return 'FAULT';
  if (t.stopCause) return t.stopCause;
  if (t.stopReason === 'EmergencyStop' || t.stopReason === 'Other') return t.faultedAt ? 'FAULT' : 'CHARGER';
  return 'CHARGER';
}

/**
 * The order's transaction ended (StopTransaction, or Faulted: then up to its last meter value): price it from the
 * port's price elements and capture min(price, cost limit, hold), releasing the rest; nothing charged before the
 * charge even started: CANCELLED and the hold released. Idempotent (the guarded transition lets one caller win).
 */
export async function settleCharge({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string };
}): Promise<ChargeOutcome> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!row || !['PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'PRODUCT_SUPPLYING'].includes(row.state)) return 'skipped';
  const t = await transactionOf(ctx.db, row.id);
  if (!t) return 'skipped';
  if (!t.stoppedAt && !t.faultedAt) return 'not-ended';
  const end = t.stoppedAt ?? t.meterLastAt;
  const energyWh = Math.max(0, (t.meterStop ?? t.meterLast) - t.meterStart);
  const priced = await priceTransaction(ctx, row, t, end, energyWh);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const ceiling = ceilingOf(row, await ctx.payments.held(tx, { orderId: row.id, lock: true }));
    const charge: OrderCharge = {
      energyWh,
      powerW: 0,
      durationS: Math.floor(priced.totalS),
      chargingStartedAt: priced.startedAt.toISOString(),
      lines: priced.lines,
      ...(t.socPercent !== null ? { socPercent: t.socPercent } : {}),
      stopReason: stopReasonOf(t),
    };
    // Never above the hold, nor above the driver's limit: energy drawn after the limit was reached (until the charger
    // stopped) is not charged. The capture is fuel's (the driver's vouchers on the charge, the rest of the hold released).
    const amount = Math.min(priced.total, ceiling);
    const kwh = (energyWh / 1000).toFixed(2);
    const acquired = await captureAcquired({
      tx,
      payments: ctx.payments,
      input: {
        row,
        from: row.state,
        now,
        amount,
        productType: 'EV_CHARGE',
        quantityMilli: energyWh,
        description: `${kwh} kWh charged; ${amount} captured`,
        patch: { quantityMl: energyWh, totalAmount: amount, charge },
      },
    });
    return acquired ? 'acquired' : 'skipped';
  });
}

/** complete-dispensing.ts's entry for EV orders (the reconciliation, the watchdog). */
export const completeCharging = settleCharge;

/**
 * A running charge against its limits: the running cost reaching the driver's cost limit or the pre-authorization
 * stops the charger (RemoteStopTransaction; the receipt says which).
 */
async function checkChargeLimits({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { transaction: OcppTransactionRow; now: Date };
}): Promise<void> {
  const t = input.transaction;
  if (!t.orderId || t.stopRequestedAt || t.stoppedAt || t.faultedAt) return;
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, t.orderId));
  if (row?.state !== 'PRODUCT_SUPPLYING') return;
  const held = await ctx.payments.held(ctx.db, { orderId: row.id });
  // Time-based fees grow without energy: the running cost is taken at the later of the last reading and now.
  const end = new Date(Math.max(t.meterLastAt.getTime(), input.now.getTime()));
  const running = await priceTransaction(ctx, row, t, end, Math.max(0, t.meterLast - t.meterStart));
  if (row.costLimit !== null && row.costLimit <= held && running.total >= row.costLimit) {
    await requestStop({ ctx, input: { transaction: t, cause: 'COST_LIMIT' } });
  } else if (running.total >= held) {
    await requestStop({ ctx, input: { transaction: t, cause: 'PRE_AUTHORIZATION' } });
  }
}

/**
 * The leader's tick for EV orders: a charge whose charger has sent nothing for OCPP_METER_TIMEOUT_SECONDS goes to
 * PROBLEM with the hold released (and the charger is told to stop); the others are checked against their limits
 * (parking and time fees grow between meter values).
 */
export async function watchCharges({ ctx, input }: { ctx: AppContext; input: { now: Date } }): Promise<string[]> {
  const running = await ctx.db
    .select({ order: orders, transaction: ocppTransactions })
    .from(orders)
    .innerJoin(ocppTransactions, eq(ocppTransactions.orderId, orders.id))
    .where(and(eq(orders.state, 'PRODUCT_SUPPLYING'), eq(orders.unit, 'KWH'), isNull(ocppTransactions.stoppedAt)))
    .limit(500);
  const windowMs = ctx.env.ocpp.meterTimeoutSeconds * 1000;
  const problems: string[] = [];
  for (const { order, transaction: t } of running) {
    try {
      if (t.faultedAt) continue;
      if (input.now.getTime() - t.heardAt.getTime() > windowMs) {
        if (await meterWatchdog({ ctx, input: { order, transaction: t, now: input.now } })) problems.push(order.id);
      } else {
        await checkChargeLimits({ ctx, input: { transaction: t, now: input.now } });
      }
    } catch (err) {
      ctx.log.error(`ev: order ${order.id} could not be checked; the next tick tries again`, err);
    }
  }
  return problems;
}

async function meterWatchdog({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { order: OrderRow; transaction: OcppTransactionRow; now: Date };
}): Promise<boolean> {
  const { order, transaction: t, now } = input;
  const limitS = ctx.env.ocpp.meterTimeoutSeconds;
  const moved = await ctx.db.transaction(async (tx) => {
    const r = await applyTransition({
      tx,
      input: {
        orderId: order.id,
        from: 'PRODUCT_SUPPLYING',
        to: 'PROBLEM',
        now,
        actionCodeText: 'WATCHDOG',
        description: `No meter values from the charger for more than ${limitS} s`,
        message: 'The charger stopped reporting; the charge was stopped and the pre-authorization released',
        patch: {
          errorMessage: 'The charger stopped reporting; the charge was stopped and the pre-authorization released',
        },
      },
    });
    if (!r) return false;
    await ctx.payments.release(tx, { orderId: order.id, now });
    return true;
  });
  if (moved) await requestStop({ ctx, input: { transaction: t, cause: 'WATCHDOG' } });
  return moved;
}

/** Remote starts that expired unsent (the charger never came back): their orders fail, holds released. */
export async function failUnsentStarts({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderIds: string[] };
}): Promise<void> {
  if (input.orderIds.length === 0) return;
  const waiting = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, input.orderIds), eq(orders.state, 'PRODUCT_PENDING')));
  for (const { id } of waiting) {
    await chargerRefusedStart({ ctx, input: { orderId: id, why: 'The charger was not reachable to start' } });
  }
}

/** PATCH update-order's costLimit of an EV order: at most the pre-authorization (or its currency's, before payment). */
export async function setCostLimit({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { row: OrderRow; accountId: string; limit: { amount: number; currency: string; precision: 2 } | null };
}): Promise<void> {
  const { row, limit } = input;
  if (!isChargeOrder(row)) {
    throw new DomainError('unprocessable', 'unprocessable', 'A cost limit is for EV charging only', [
      { path: 'costLimit', message: 'EV orders only' },
    ]);
  }
  if (
    !['CREATED', 'PAYMENT_PENDING', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'PRODUCT_SUPPLYING'].includes(row.state)
  ) {
    throw new DomainError('conflict', 'conflict', `The charge has ended (${row.state})`);
  }
  if (limit) {
    if (limit.currency !== row.currency) {
      throw new DomainError('unprocessable', 'unprocessable', `The station takes ${row.currency}`, [
        { path: 'costLimit.currency', message: `Must be ${row.currency}` },
      ]);
    }
    const ceiling =
      row.authorizeAmount ??
      (await assertEvCharging({ ctx, input: { accountId: input.accountId, currency: row.currency } })).preAuthorization;
    if (limit.amount > ceiling) {
      throw new DomainError(
        'unprocessable',
        'unprocessable',
        `The cost limit is at most the pre-authorization (${ceiling})`,
        [{ path: 'costLimit.amount', message: `At most ${ceiling}` }],
      );
    }
  }
  await ctx.db
    .update(orders)
    .set({ costLimit: limit?.amount ?? null, updatedAt: ctx.clock.now() })
    .where(eq(orders.id, row.id));
  // A limit below what is already charged stops the charger now.
  if (row.state === 'PRODUCT_SUPPLYING') {
    const t = await transactionOf(ctx.db, row.id);
    if (t) await checkChargeLimits({ ctx, input: { transaction: t, now: ctx.clock.now() } });
  }
}
