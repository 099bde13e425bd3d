// EV charging orders (pay-flows.md §4 EV flow; ARCHITECTURE.md "Order lifecycle", EV): CREATED -> authorize (hold the
// pre-authorization, authorize the connector's session) -> PAYMENT_AUTHORIZED -> PRODUCT_PENDING (plug in) ->
// PRODUCT_SUPPLYING (charging, meter values) -> acquire/stop -> PRODUCT_ACQUIRED (energy, time, parking and flat lines
// priced from the port's price elements; capture <= the hold, the rest released) -> READY_FOR_INVOICE -> COMPLETED.
// An EV order is one whose item is sold per kWh.
import { and, desc, eq } from 'drizzle-orm';
import { type OrderCharge, priceCharge } from '../../../contract/ev';
import type { AuthorizeBody, Order } from '../../../contract/orders';
import type { Currency } from '../../../contract/stations';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import {
  type DeviceRow,
  forecourtDevices,
  forecourtSessions,
  type OrderRow,
  orders,
  paymentHolds,
  stationProducts,
  stations,
} from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { openChallenge } from '../../psp/challenge-session';
import { DECLINE_REASONS } from '../../psp/test-cards';
import { assertEvCharging } from '../accounts';
import { AMOUNT_PRECISION, authorizeConnector, cancelCharging, connectorRateW, stopCharging } from '../forecourt';
import {
  type ApprovedHold,
  awaitInteraction,
  cancelAndRelease,
  captureAcquired,
  cardLabel,
  declineAuthorization,
  holdAuthorized,
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

/** The outcome of an ended session (as complete-dispensing.ts answers it). */
export { isChargeOrder };

export type ChargeOutcome = 'acquired' | 'cancelled' | 'not-ended' | 'skipped';

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
    throw new ApiError(422, 'unprocessable', `The station takes ${row.currency}`, [
      { path: 'authorizePrice.currency', message: `Must be ${row.currency}` },
    ]);
  }
  if (price.precision !== AMOUNT_PRECISION || price.amount !== preAuthorization) {
    throw new ApiError(422, 'unprocessable', `The pre-authorization is ${preAuthorization} (precision 2)`, [
      { path: 'authorizePrice.amount', message: `Must be ${preAuthorization} at precision ${AMOUNT_PRECISION}` },
    ]);
  }
  const method = await pickMethod({
    ctx,
    input: { session: input.session, body, poiId: row.poiId, orderId: row.id, amount: price.amount, order: row },
  });
  // 3-D Secure (as prepay and postpay): the issuer's page first; the order waits in PAYMENT_PENDING, nothing held,
  // and the page's answer holds the pre-authorization and authorizes the connector (answer-challenge.ts).
  const challengeUrls = method.behavior === 'challenge' ? body.userInteraction?.urls : undefined;
  if (method.behavior === 'challenge' && !challengeUrls) {
    throw new ApiError(422, 'unprocessable', 'This card asks for 3-D Secure: give userInteraction.urls', [
      { path: 'userInteraction.urls', message: 'Required for this card' },
    ]);
  }
  const now = ctx.clock.now();
  const amount = preAuthorization;
  const paymentPatch = { paymentMethodId: method.id, paymentBrand: method.brand, paymentLast4: method.last4 || null };
  await ctx.db.transaction(async (tx) => {
    const [station] = await tx.select({ status: stations.status }).from(stations).where(eq(stations.id, row.poiId));
    if (station?.status !== 'ONLINE') throw new ApiError(409, 'conflict', 'The station is offline');
    const declined = DECLINE_REASONS[method.behavior];
    if (declined) {
      await declineAuthorization({
        tx,
        input: {
          row,
          from: 'CREATED',
          method,
          amount,
          now,
          what: 'pre-authorization',
          reason: declined,
          patch: paymentPatch,
        },
      });
      return;
    }
    if (challengeUrls) {
      const start = await openChallenge({
        ctx,
        tx,
        input: { userId: input.session.userId, orderId: row.id, paymentMethodId: method.id, urls: challengeUrls, now },
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

/**
 * The approved pre-authorization of an EV order: hold it and authorize the connector's session for the order (from
 * CREATED, or from PAYMENT_PENDING after a 3-D Secure challenge). Inside the caller's transaction.
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
  await holdAuthorized({
    tx,
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
  // The connector is authorized for this order (a car already plugged in starts charging on the next tick); the
  // session stops drawing when the energy reaches the pre-authorization.
  const view = await authorizeConnector({
    ctx,
    input: { productId: row.productId, orderId: row.id, maxAmount: amount },
    tx,
  });
  if (view.sessionId) {
    await tx.update(forecourtSessions).set({ orderId: row.id }).where(eq(forecourtSessions.id, view.sessionId));
  }
  await applyTransition({
    tx,
    input: {
      orderId: row.id,
      from: 'PAYMENT_AUTHORIZED',
      to: 'PRODUCT_PENDING',
      now,
      actionCodeText: 'CHARGER_AUTHORIZED',
      description: `${row.productName} authorized: plug in to start charging`,
      patch: { forecourtSessionId: view.sessionId },
    },
  });
}

/** When the running charge of a device began (real time): its meter runs from meterAt at `rate` from meterBase. */
function chargingSince(device: DeviceRow, speed: number): Date {
  const at = device.meterAt ?? new Date();
  if (device.rate <= 0 || device.meterBase <= 0) return at;
  return new Date(at.getTime() - ((device.meterBase * 3600) / device.rate / speed) * 1000);
}

/** The simulator's tick: an EV order whose connector is charging is PRODUCT_SUPPLYING (the app shows the meter). */
export async function startSupplying({ ctx, input }: { ctx: AppContext; input: { now: Date } }): Promise<void> {
  const charging = await ctx.db
    .select({ id: orders.id, device: forecourtDevices })
    .from(orders)
    .innerJoin(forecourtDevices, eq(forecourtDevices.orderId, orders.id))
    .where(and(eq(orders.state, 'PRODUCT_PENDING'), eq(orders.unit, 'KWH'), eq(forecourtDevices.state, 'Charging')));
  for (const { id, device } of charging) {
    try {
      const startedAt = chargingSince(device, ctx.env.forecourt.speed);
      const charge: OrderCharge = {
        energyWh: 0,
        powerW: device.rate,
        durationS: 0,
        chargingStartedAt: startedAt.toISOString(),
      };
      await ctx.db.transaction((tx) =>
        applyTransition({
          tx,
          input: {
            orderId: id,
            from: 'PRODUCT_PENDING',
            to: 'PRODUCT_SUPPLYING',
            now: input.now,
            actionCodeText: 'CHARGING',
            description: `Charging at ${(device.rate / 1000).toFixed(0)} kW`,
            patch: { charge },
          },
        }),
      );
    } catch (err) {
      ctx.log.error(`ev: order ${id} could not start supplying; the next tick tries again`, err);
    }
  }
}

/** PUT acquire/stop of an EV order: the charge stops (Finishing); the ended session prices the order. */
export async function stopCharge({ ctx, input }: { ctx: AppContext; input: { row: OrderRow } }): Promise<void> {
  const { row } = input;
  const [device] = await ctx.db.select().from(forecourtDevices).where(eq(forecourtDevices.productId, row.productId));
  if (
    !device ||
    device.orderId !== row.id ||
    (row.state !== 'PRODUCT_SUPPLYING' && row.state !== 'PRODUCT_PENDING') ||
    (device.state !== 'Charging' && device.state !== 'SuspendedEV')
  ) {
    throw new ApiError(409, 'conflict', `Nothing is charging for this order (${row.state})`);
  }
  await stopCharging({ ctx, input: { productId: row.productId } });
  await completeCharging({ ctx, input: { orderId: row.id } });
}

/**
 * Cancel of an EV order before charging started: the session is withdrawn and the whole hold released (CANCELLED).
 * Once charging, cancel stops the charge and the energy is paid (like acquire/stop). Answers whether it acted.
 */
export async function cancelCharge({ ctx, input }: { ctx: AppContext; input: { row: OrderRow } }): Promise<boolean> {
  const { row } = input;
  const [device] = await ctx.db.select().from(forecourtDevices).where(eq(forecourtDevices.productId, row.productId));
  if (!device || device.orderId !== row.id) return false;
  if (device.state === 'Charging' || device.state === 'SuspendedEV') {
    await stopCharge({ ctx, input: { row } });
    return true;
  }
  await ctx.db.update(orders).set({ cancelRequestedAt: ctx.clock.now() }).where(eq(orders.id, row.id));
  if (device.state === 'Preparing') await cancelCharging({ ctx, input: { productId: row.productId } });
  await completeCharging({ ctx, input: { orderId: row.id } });
  return true;
}

/**
 * The connector's session of an EV order ended (stopped, unplugged, faulted, withdrawn): price the charge from the
 * port's price elements, capture min(price, hold) and release the rest; nothing charged after a cancel: CANCELLED
 * and the hold released. Idempotent (the guarded transition lets one caller win), like complete-dispensing.ts.
 */
export async function completeCharging({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { orderId: string };
}): Promise<ChargeOutcome> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!row || !['PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'PRODUCT_SUPPLYING'].includes(row.state)) return 'skipped';
  const [session] = await ctx.db
    .select()
    .from(forecourtSessions)
    .where(and(eq(forecourtSessions.orderId, row.id), eq(forecourtSessions.productId, row.productId)))
    .orderBy(desc(forecourtSessions.startedAt))
    .limit(1);
  if (!session) return 'skipped';
  if (!session.endedAt) return 'not-ended';
  const [found] = await ctx.db
    .select({ product: stationProducts, countryCode: stations.countryCode })
    .from(stationProducts)
    .innerJoin(stations, eq(stations.id, stationProducts.stationId))
    .where(eq(stationProducts.id, row.productId));
  const item = found?.product.items.find((i) => i.itemCode === row.itemCode) ?? found?.product.items[0];
  const speed = ctx.env.forecourt.speed;
  const energyWh = session.quantity;
  const startedAt = row.charge?.chargingStartedAt ? new Date(row.charge.chargingStartedAt) : session.endedAt;
  const totalS = Math.max(0, ((session.endedAt.getTime() - startedAt.getTime()) / 1000) * speed);
  const powerW = connectorRateW(item?.details?.power);
  const chargingS = Math.min(totalS, (energyWh * 3600) / powerW);
  const elements =
    item?.priceElements && item.priceElements.length > 0
      ? item.priceElements
      : [
          {
            priceComponents: [
              {
                type: 'ENERGY' as const,
                price: row.unitPrice ?? 0,
                precision: row.unitPrecision ?? 2,
                unit: 'KWH' as const,
              },
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
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ cancelRequestedAt: orders.cancelRequestedAt })
      .from(orders)
      .where(eq(orders.id, row.id))
      .for('update');
    const [hold] = await tx
      .select({ held: paymentHolds.held })
      .from(paymentHolds)
      .where(eq(paymentHolds.orderId, row.id))
      .for('update');
    const charge: OrderCharge = {
      energyWh,
      powerW: 0,
      durationS: Math.floor(totalS),
      chargingStartedAt: row.charge?.chargingStartedAt ?? null,
      lines: priced.lines,
    };
    if (energyWh === 0) {
      const cancelled = await cancelAndRelease({
        tx,
        input: {
          row,
          from: row.state,
          now,
          actionCodeText: current?.cancelRequestedAt ? 'CANCELLED_BY_USER' : 'NOTHING_CHARGED',
          description: 'No energy was charged; the pre-authorization was released',
          patch: { forecourtSessionId: session.id, quantityMl: 0, totalAmount: 0, charge },
        },
      });
      return cancelled ? 'cancelled' : 'skipped';
    }
    // Never above the hold: the price beyond the pre-authorization is not charged. The capture is fuel's (the
    // driver's vouchers on the charge, the rest of the hold released).
    const amount = Math.min(priced.total, hold?.held ?? 0);
    const kwh = (energyWh / 1000).toFixed(2);
    const acquired = await captureAcquired({
      tx,
      input: {
        row,
        from: row.state,
        now,
        amount,
        productType: 'EV_CHARGE',
        quantityMilli: energyWh,
        description: `${kwh} kWh charged; ${amount} captured`,
        patch: { forecourtSessionId: session.id, quantityMl: energyWh, totalAmount: amount, charge },
      },
    });
    return acquired ? 'acquired' : 'skipped';
  });
}
