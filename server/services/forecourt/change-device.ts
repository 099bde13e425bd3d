// The one way a device changes state: lock the row, check the transition table, keep the meter and the session
// record in step, write. Every verb service (release-pump.ts, lift-nozzle.ts ...) goes through here.
import { eq, sql } from 'drizzle-orm';
import { newId } from '../../auth/crypto';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  type DeviceDriver,
  type DeviceRow,
  forecourtDevices,
  forecourtSessions,
  type StationProductRow,
  stationProducts,
  stations,
} from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { announce, orderTopic, stationTopic } from '../events';
import { amountFor, meterAt, meterCap } from './meter';
import { type DeviceEvent, INITIAL_STATE, transition } from './transitions';

const METERING = new Set(['DISPENSING', 'Charging']);
const SESSION_ENDS = new Set([
  'HUNG_UP',
  'IDLE',
  'FAULT',
  'OUT_OF_ORDER',
  'Finishing',
  'Available',
  'Faulted',
  'Unavailable',
]);
const FAULTS = new Set(['FAULT', 'OUT_OF_ORDER', 'Faulted', 'Unavailable']);
/** Events after which product flows to the customer. */
const FUEL_STARTS = new Set<DeviceEvent>(['lift', 'startFlow']);

/** The unit price of the device's current item (or the product's first item). */
export function unitOf(product: Pick<StationProductRow, 'items'>, itemCode: string | null) {
  const item = product.items.find((i) => i.itemCode === itemCode) ?? product.items[0];
  return item
    ? { itemCode: item.itemCode, price: item.price, precision: item.precision, currency: item.currency }
    : undefined;
}

/** Meter reading (ml or Wh) and amount (minor units, rounded down) of a device at `now` (FORECOURT_SPEED `speed`). */
export function readMeter(device: DeviceRow, product: Pick<StationProductRow, 'items'>, now: Date, speed: number) {
  const unit = unitOf(product, device.itemCode);
  const cap = meterCap(device.kind, device, unit);
  const quantity = meterAt(device, now, speed, cap);
  return { quantity, amount: unit ? amountFor(quantity, unit.price, unit.precision) : 0, cap, unit };
}

export type ChangeOptions = {
  productId: string;
  event: DeviceEvent;
  /** Refuse unless the device is of this kind (404: no such pump/connector/bay). */
  kind?: DeviceRow['kind'];
  driver?: DeviceDriver;
  /** Remote commands (release, authorize) need the station online. */
  requireOnline?: boolean;
  /** A rule beyond the table: return a reason to refuse (409). */
  guard?: (device: DeviceRow, product: StationProductRow) => string | undefined;
  /** Extra columns to set, computed from the locked row. */
  patch?: (device: DeviceRow, product: StationProductRow) => Partial<DeviceRow>;
  /** Metering rate to use when the new state meters (ml/s or W). */
  rate?: (device: DeviceRow, product: StationProductRow) => number;
};

export type ChangeResult = {
  device: DeviceRow;
  product: StationProductRow;
  stationOnline: boolean;
  from: string;
  quantity: number;
  amount: number;
};

/**
 * tx: run inside the caller's transaction (authorize releases the pump in the transaction of the hold). Only for
 * moves that end no session: the invoice of an ended session runs after a commit this function does not see.
 */
export async function changeDevice({
  ctx,
  input: opts,
  tx: outerTx,
}: {
  ctx: AppContext;
  input: ChangeOptions;
  tx?: Tx | undefined;
}): Promise<ChangeResult> {
  const now = ctx.clock.now();
  const speed = ctx.env.forecourt.speed;
  let endedOrderId = null as string | null;
  let deferred = null as Parameters<typeof announce>[1] | null;
  const body = async (tx: Tx): Promise<ChangeResult> => {
    const [row] = await tx
      .select({ device: forecourtDevices, product: stationProducts, stationStatus: stations.status })
      .from(forecourtDevices)
      .innerJoin(stationProducts, eq(stationProducts.id, forecourtDevices.productId))
      .innerJoin(stations, eq(stations.id, forecourtDevices.stationId))
      .where(eq(forecourtDevices.productId, opts.productId))
      .for('update', { of: forecourtDevices });
    if (!row || (opts.kind && row.device.kind !== opts.kind)) throw notFound('No such device');
    const { device, product } = row;
    if (opts.requireOnline && row.stationStatus !== 'ONLINE') {
      throw new DomainError('conflict', 'conflict', 'The station is offline');
    }
    const from = device.state;
    const to = transition(device.kind, from, opts.event);
    const refusal = opts.guard?.(device, product);
    if (refusal) throw new DomainError('conflict', 'conflict', refusal, { state: from, event: opts.event });
    if (device.orderId && FUEL_STARTS.has(opts.event)) {
      // Fuel flows only for an order that is still open: the watchdog (or a cancel) may have ended it and released
      // its hold while the pump was still released for it. The device row is locked, so whoever ends the order
      // under the same lock (the orders' watchdog) and this check cannot cross.
      const ended = await ctx.orderHooks.fuelRefusal({ tx, orderId: device.orderId });
      if (ended) throw new DomainError('conflict', 'conflict', ended, { state: from, event: opts.event });
    }
    const next: DeviceRow = { ...device, ...(opts.patch?.(device, product) ?? {}) };
    if (opts.driver) next.driver = opts.driver;

    // A new use of an idle device opens a session with a fresh meter.
    if (from === INITIAL_STATE[device.kind] && to !== from && !FAULTS.has(to)) {
      const unit = unitOf(product, next.itemCode);
      next.sessionId = newId();
      next.meterBase = 0;
      next.rate = 0;
      next.meterAt = null;
      next.itemCode = unit?.itemCode ?? null;
      await tx.insert(forecourtSessions).values({
        id: next.sessionId,
        productId: device.productId,
        stationId: device.stationId,
        kind: device.kind,
        orderId: next.orderId,
        itemCode: unit?.itemCode ?? null,
        unitPrice: unit?.price ?? null,
        precision: unit?.precision ?? null,
        currency: unit?.currency ?? null,
        maxAmount: next.maxAmount,
        startedAt: now,
      });
    }

    // The meter: frozen when leaving a metering state, started when entering one.
    const reading = readMeter(next, product, now, speed);
    if (METERING.has(from) && !METERING.has(to)) {
      next.meterBase = reading.quantity;
      next.rate = 0;
      next.meterAt = now;
    }
    if (METERING.has(to) && !METERING.has(from)) {
      next.rate = opts.rate?.(next, product) ?? next.rate;
      next.meterAt = now;
    }
    const quantity = METERING.has(from) || METERING.has(to) ? reading.quantity : next.meterBase;
    const amount = readMeter({ ...next, meterBase: quantity, rate: 0 }, product, now, speed).amount;

    // Back at rest: the use is over; the device forgets order, limit and driver (the session keeps them).
    if (to === INITIAL_STATE[device.kind] || FAULTS.has(to)) {
      next.orderId = null;
      next.maxAmount = null;
      next.target = null;
      next.driver = null;
      next.rate = 0;
      if (device.kind === 'CONNECTOR') {
        next.plugged = false;
        next.authorized = false;
      }
    }
    next.state = to;
    // Any accepted event counts as a change: the simulated driver times its next step from it.
    next.stateChangedAt = now;

    await tx
      .update(forecourtDevices)
      .set({
        state: next.state,
        stateChangedAt: next.stateChangedAt,
        driver: next.driver,
        sessionId: next.sessionId,
        orderId: next.orderId,
        itemCode: next.itemCode,
        maxAmount: next.maxAmount,
        target: next.target,
        rate: next.rate,
        meterBase: next.meterBase,
        meterAt: next.meterAt,
        plugged: next.plugged,
        authorized: next.authorized,
      })
      .where(eq(forecourtDevices.productId, device.productId));
    const topics = [
      stationTopic(device.stationId),
      device.orderId ? orderTopic(device.orderId) : null,
      next.orderId ? orderTopic(next.orderId) : null,
    ];
    let ends = false;
    if (next.sessionId && (to !== from || METERING.has(from))) {
      ends = SESSION_ENDS.has(to) && from !== to;
      if (ends) endedOrderId = device.orderId ?? next.orderId;
      await tx
        .update(forecourtSessions)
        .set({
          quantity,
          amount,
          ...(ends ? { endedAt: sql`coalesce(${forecourtSessions.endedAt}, ${now.toISOString()}::timestamptz)` } : {}),
          ...(next.orderId ? { orderId: next.orderId } : {}),
        })
        .where(eq(forecourtSessions.id, next.sessionId));
    }
    // On commit: the station's screens (pump states) and the order's (its meter) hear of it (services/events). A move
    // that ends an order's session is announced once its order is invoiced (below): the screens' reloads then do not
    // queue in front of the invoice, and the order's screen hears of the hang-up with the acquired order (issue 16).
    if (!ends || outerTx) await announce(tx, topics);
    else deferred = topics;
    return { device: next, product, stationOnline: row.stationStatus === 'ONLINE', from, quantity, amount };
  };
  if (outerTx) {
    const result = await body(outerTx);
    if (endedOrderId) throw new Error('changeDevice: a move that ends a session cannot run in an outer transaction');
    return result;
  }
  const result = await ctx.db.transaction(body);
  // The session of an order ended (hang-up, withdrawn release, fault): the order is invoiced right away, after our
  // commit. If this fails or the process dies first, the orders' reconciliation on the next tick catches up.
  if (endedOrderId) {
    try {
      await ctx.orderHooks.sessionEnded({ orderId: endedOrderId });
    } catch (err) {
      ctx.log.error(`completing order ${endedOrderId} failed; the reconciliation will retry`, err);
    }
  }
  if (deferred) {
    try {
      await announce(ctx.db, deferred);
    } catch (err) {
      ctx.log.error('announcing a hang-up failed; the screens catch up with the next change or poll', err);
    }
  }
  return result;
}
