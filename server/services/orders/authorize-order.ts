// POST /v4/order/{id}/authorize (prepay fuel): hold the amount on the card, release the pump with that maximum.
// CREATED -> PAYMENT_AUTHORIZED (hold) -> PRODUCT_PENDING (pump released), in one transaction. A declining card ends
// FAILED with "Payment declined" and answers 200 with that order (so an idempotent replay is a plain replay). A card
// that asks for 3-D Secure moves the order to PAYMENT_PENDING with userInteraction.urls.start (the challenge page).
import { eq } from 'drizzle-orm';
import { atPrecision } from '../../../contract/money';
import type { AuthorizeBody, Order } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { forecourtDevices, stationProducts, stations } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import { AMOUNT_PRECISION, releasePump } from '../forecourt';
import { authorizePriced, pricedKind } from './authorize-priced';
import { authorizeCharge, isChargeOrder } from './ev-charging';
import {
  type ApprovedHold,
  awaitInteraction,
  cardLabel,
  declineAuthorization,
  holdAuthorized,
  interactionUrls,
} from './hold-settle';
import { findOrder, loadOwnOrderRow } from './load-order';
import { pickMethod } from './pick-method';
import { applyTransition } from './transitions';

export async function authorizeOrder({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; orderId: string; body: AuthorizeBody };
}): Promise<Order> {
  const row = await loadOwnOrderRow({ ctx, input: { orderId: input.orderId, userId: input.session.userId } });
  if (row.state === 'PAYMENT_PENDING' && row.orderType === 'POSTPAY') {
    // Priced already (a wash package, a postpay fill): hold and capture the total. (A prepay order waiting here is
    // in its 3-D Secure challenge: the challenge page finishes it; authorizing again is the 409 below.)
    const kind = await pricedKind(ctx.db, row);
    if (kind) return authorizePriced({ ctx, input: { ...input, row, kind } });
  }
  if (row.state !== 'CREATED') {
    throw new DomainError('conflict', 'conflict', `The order is ${row.state}; only a CREATED order can be authorized`);
  }
  if (isChargeOrder(row)) return authorizeCharge({ ctx, input: { session: input.session, body: input.body, row } });
  const [found] = await ctx.db
    .select({ product: stationProducts, stationStatus: stations.status })
    .from(stationProducts)
    .innerJoin(stations, eq(stations.id, stationProducts.stationId))
    .where(eq(stationProducts.id, row.productId));
  if (!found) throw notFound('The product of this order no longer exists');
  const { product } = found;
  if (row.orderType !== 'PREPAY' || product.facility !== 'PUMP') {
    throw new DomainError('conflict', 'conflict', 'Only prepay fuel orders can be authorized so far');
  }

  const price = input.body.authorizePrice;
  if (price.currency !== row.currency) {
    throw new DomainError('unprocessable', 'unprocessable', `The station takes ${row.currency}`, [
      { path: 'authorizePrice.currency', message: `Must be ${row.currency}` },
    ]);
  }
  const amount = atPrecision(price.amount, price.precision, AMOUNT_PRECISION);
  const limits = (product.recommendedPrices ?? [])
    .filter((p) => p.currency === row.currency)
    .map((p) => atPrecision(p.amount, p.precision, AMOUNT_PRECISION));
  const max = limits.length > 0 ? Math.max(...limits) : 0;
  if (price.amount <= 0 || amount <= 0 || amount > max) {
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      `The amount must be more than 0 and at most ${max} (precision 2)`,
      [{ path: 'authorizePrice.amount', message: `0 < amount <= ${max}` }],
    );
  }
  const method = await pickMethod({
    ctx,
    input: { session: input.session, body: input.body, poiId: row.poiId, orderId: row.id, amount, order: row },
  });
  if (found.stationStatus !== 'ONLINE') throw new DomainError('conflict', 'conflict', 'The station is offline');

  const now = ctx.clock.now();
  const paymentPatch = { paymentMethodId: method.id, paymentBrand: method.brand, paymentLast4: method.last4 || null };
  // MB WAY asks the driver's phone above the mandate's limit without PIN (or once the mandate ran out).
  const phone = method.method === 'MBWAY' && ctx.payments.mbway.needsApproval(method.details ?? null, amount, now);
  const verdict = ctx.payments.verdict(method);
  const interactive = verdict.kind === 'challenge' || phone;
  const challengeUrls = interactionUrls(interactive, input.body.userInteraction?.urls, phone ? 'mbway' : 'card');
  // One transaction for the hold and the release: the pump is locked first (the lock order of every pump move:
  // pump, then order), and if it is taken or the station went offline, nothing is held and the order stays CREATED
  // (409, the driver may try again). A concurrent cancel waits for our commit and then finds a released pump.
  await ctx.db.transaction(async (tx) => {
    const [device] = await tx
      .select({ state: forecourtDevices.state })
      .from(forecourtDevices)
      .where(eq(forecourtDevices.productId, row.productId))
      .for('update');
    if (device && device.state !== 'IDLE') throw new DomainError('conflict', 'conflict', 'The pump is in use');
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
          what: 'authorization',
          reason: verdict.reason,
          patch: paymentPatch,
        },
      });
      return;
    }
    if (challengeUrls) {
      // 3-D Secure: the issuer wants the driver on its challenge page first (the order waits in PAYMENT_PENDING,
      // nothing held yet); the page finishes the authorization (answer-challenge.ts).
      const start = phone
        ? await ctx.payments.mbway.openPayment(ctx, tx, {
            userId: input.session.userId,
            orderId: row.id,
            paymentMethodId: method.id,
            phoneNumber: method.details?.phoneNumber ?? null,
            urls: challengeUrls,
            now,
          })
        : await ctx.payments.openChallenge(ctx, tx, {
            userId: input.session.userId,
            orderId: row.id,
            paymentMethodId: method.id,
            urls: challengeUrls,
            now,
          });
      await awaitInteraction({
        tx,
        input: {
          row,
          amount,
          now,
          start,
          description: phone ? 'MB WAY asks the phone to approve' : `${method.brand} asks for 3-D Secure`,
          patch: paymentPatch,
        },
      });
      return;
    }
    await holdAndRelease({ ctx, tx, input: { row, from: 'CREATED', method, amount, now, patch: paymentPatch } });
  });
  const after = await findOrder({ ctx, input: { orderId: row.id } });
  if (!after) throw notFound('No such order');
  return after.json;
}

/**
 * The approved authorization: hold the amount, release the pump with it as the maximum (from CREATED, or from
 * PAYMENT_PENDING after a 3-D Secure challenge). Inside the caller's transaction, after it locked the pump.
 */
export async function holdAndRelease({
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
    payments: ctx.payments,
    input: {
      row,
      from: input.from,
      method,
      amount,
      now,
      description: `${amount} held on ${cardLabel(method)}`,
      ...(input.patch ? { patch: input.patch } : {}),
    },
  });
  const released = await releasePump({
    ctx,
    input: {
      productId: row.productId,
      ...(row.itemCode ? { itemCode: row.itemCode } : {}),
      maxAmount: amount,
      orderId: row.id,
    },
    tx,
  });
  await applyTransition({
    tx,
    input: {
      orderId: row.id,
      from: 'PAYMENT_AUTHORIZED',
      to: 'PRODUCT_PENDING',
      now,
      actionCodeText: 'PUMP_RELEASED',
      description: `${row.productName} released up to ${amount}`,
      patch: { forecourtSessionId: released.sessionId },
    },
  });
}
