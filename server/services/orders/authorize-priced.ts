// POST /v4/order/{id}/authorize for an order whose price is known (PAYMENT_PENDING): the whole amount is held and
// captured at once, in one transaction. A car wash package (pay-flows.md §4 Wash flow): PAYMENT_PENDING ->
// PAYMENT_AUTHORIZED (hold) -> PRODUCT_PENDING -> PRODUCT_ACQUIRED (codes issued, capture). A postpay fill (§4 Postpay
// flow), already in the tank: PAYMENT_PENDING -> PAYMENT_AUTHORIZED (hold) -> PRODUCT_ACQUIRED (capture). The invoice
// steps (READY_FOR_INVOICE, COMPLETED) follow on the simulator's tick (advance-orders.ts). A declining card ends
// FAILED with "Payment declined" (a postpay driver then pays at the till). A 3-D Secure card leaves the order
// PAYMENT_PENDING with the challenge page to visit; the page's answer settles or fails it (answer-challenge.ts).
// The driver's vouchers come off at settlement through the one discount engine (services/vouchers), as the summary's
// preview showed: the app may authorize the price before discounts or the price after them.

import { and, eq } from 'drizzle-orm';
import { atPrecision } from '../../../contract/money';
import type { AuthorizeBody, Order } from '../../../contract/orders';
import type { AuthSession } from '../../auth/session';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { type OrderRow, orders, stationProducts } from '../../db/schema';
import { DomainError, notFound } from '../../errors';
import type { PaymentProvider } from '../../payment-provider';
import { AMOUNT_PRECISION } from '../forecourt';
import { applyOrderDiscounts } from '../vouchers';
import { cardLabel, declineAuthorization, interactionUrls } from './hold-settle';
import { findOrder } from './load-order';
import { type Method, pickMethod } from './pick-method';
import { transitionOrConflict } from './transitions';
import { GIFT_CARD_TTL_MS, issueWashCodes } from './wash-codes';

export type PricedKind = 'wash' | 'fuel' | 'gift';

/** One code per package bought (the app buys one package per order). */
const CODES_PER_ORDER = 1;

export async function authorizePriced({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { session: AuthSession; body: AuthorizeBody; row: OrderRow; kind: PricedKind };
}): Promise<Order> {
  const { row, body, kind } = input;
  const total = row.totalAmount ?? 0;
  const price = body.authorizePrice;
  if (price.currency !== row.currency) {
    throw new DomainError('unprocessable', 'unprocessable', `The station takes ${row.currency}`, [
      { path: 'authorizePrice.currency', message: `Must be ${row.currency}` },
    ]);
  }
  const amount = atPrecision(price.amount, price.precision, AMOUNT_PRECISION);
  // The price before discounts, or after them (the summary's voucher preview): which one is checked once the
  // vouchers are applied, at settlement.
  if (amount > total || atPrecision(amount, AMOUNT_PRECISION, price.precision) !== price.amount) {
    throw wrongAmount(total);
  }
  const method = await pickMethod({
    ctx,
    input: { session: input.session, body, poiId: row.poiId, orderId: row.id, amount, order: row },
  });
  const now = ctx.clock.now();
  const paymentPatch = { paymentMethodId: method.id, paymentBrand: method.brand, paymentLast4: method.last4 || null };
  const verdict = ctx.payments.verdict(method);
  const challengeUrls = interactionUrls(verdict.kind === 'challenge', body.userInteraction?.urls);
  // MB WAY pays a priced order (postpay, wash) only within the mandate: up to its limit without PIN, while it is
  // valid (shell-and-account.md §3). Above it the phone would have to approve, which these flows do not wait for: a
  // 422 that says so, and the app offers another method.
  if (method.method === 'MBWAY' && ctx.payments.mbway.needsApproval(method.details ?? null, amount, now)) {
    const limit = method.details?.limitWithoutPin;
    const expired = !method.details?.mandateValidUntil || new Date(method.details.mandateValidUntil) <= now;
    throw new DomainError(
      'unprocessable',
      'unprocessable',
      expired
        ? 'Your MB WAY mandate has expired: renew it or pay with another method'
        : `MB WAY pays this order only up to ${((limit ?? 0) / 100).toFixed(2)} EUR without the phone: pay with another method`,
      {
        reason: expired ? 'mbway_mandate_expired' : 'mbway_limit_exceeded',
        limitWithoutPin: { amount: limit ?? 0, currency: 'EUR', precision: AMOUNT_PRECISION },
      },
    );
  }
  await ctx.db.transaction(async (tx) => {
    // Paying again (another card, or back from an abandoned challenge): an open challenge of this order is void.
    await ctx.payments.closeChallenges(tx, { orderId: row.id });
    if (verdict.kind === 'decline') {
      await declineAuthorization({
        tx,
        payments: ctx.payments,
        input: {
          row,
          from: 'PAYMENT_PENDING',
          method,
          amount,
          now,
          what: 'authorization',
          reason: verdict.reason,
          patch: { ...paymentPatch, userInteractionUrl: null },
        },
      });
      return;
    }
    if (challengeUrls) {
      // 3-D Secure: the order stays PAYMENT_PENDING (its price is known) with the challenge page as
      // userInteraction.urls.start; nothing is held until the page is answered (answer-challenge.ts).
      const start = await ctx.payments.openChallenge(ctx, tx, {
        userId: input.session.userId,
        orderId: row.id,
        paymentMethodId: method.id,
        urls: challengeUrls,
        now,
      });
      const [waiting] = await tx
        .update(orders)
        .set({ ...paymentPatch, authorizeAmount: amount, userInteractionUrl: start, updatedAt: now })
        .where(and(eq(orders.id, row.id), eq(orders.state, 'PAYMENT_PENDING')))
        .returning({ id: orders.id });
      if (!waiting) throw new DomainError('conflict', 'conflict', 'The order changed meanwhile');
      return;
    }
    await settlePriced({ tx, payments: ctx.payments, input: { row, kind, method, amount, now, patch: paymentPatch } });
  });
  const after = await findOrder({ ctx, input: { orderId: row.id } });
  if (!after) throw notFound('No such order');
  return after.json;
}

const wrongAmount = (total: number, net = total) =>
  new DomainError('unprocessable', 'unprocessable', `The order costs ${total} (precision ${AMOUNT_PRECISION})`, [
    {
      path: 'authorizePrice.amount',
      message: `Must be ${total}${net !== total ? ` or, after your vouchers, ${net}` : ''} at precision ${AMOUNT_PRECISION}`,
    },
  ]);

/**
 * The approved payment of a priced order, inside the caller's transaction: the vouchers applied, then hold the
 * amount and capture the total after discounts (postpay fuel), or hold, issue the wash code or gift card and capture.
 * From PAYMENT_PENDING, right away or after 3-D Secure.
 */
export async function settlePriced({
  tx,
  payments,
  input,
}: {
  tx: Tx;
  payments: PaymentProvider;
  input: {
    row: OrderRow;
    kind: PricedKind;
    method: Pick<Method, 'id' | 'behavior' | 'brand' | 'last4'>;
    amount: number;
    now: Date;
    patch?: Partial<OrderRow>;
  };
}): Promise<void> {
  const { row, kind, method, amount, now } = input;
  const total = row.totalAmount ?? 0;
  const card = cardLabel(method);
  const step = async (from: OrderRow['state'], to: OrderRow['state'], description: string, patch = {}) => {
    await transitionOrConflict({
      tx,
      input: { orderId: row.id, from, to, now, actionCodeText: to, description, patch },
    });
  };
  await step('PAYMENT_PENDING', 'PAYMENT_AUTHORIZED', `${amount} held on ${card}`, {
    ...input.patch,
    authorizeAmount: amount,
    userInteractionUrl: null,
  });
  // The one discount engine (as the preview): what the driver's vouchers take off this order. A gift card is bought
  // at its face value.
  const discount =
    kind === 'gift'
      ? 0
      : await applyOrderDiscounts({
          tx,
          input: {
            orderId: row.id,
            userId: row.userId,
            productType: kind === 'wash' ? 'CAR_WASH' : 'GAS',
            currency: row.currency,
            amount: total,
            quantityMilli: kind === 'wash' ? 1000 : (row.quantityMl ?? 0),
            now,
          },
        });
  if (amount !== total && amount !== total - discount) throw wrongAmount(total, total - discount);
  const capture = total - discount;
  // Vouchers that cover the whole price leave nothing to hold when the app pays the price after them (0).
  const charged = amount > 0;
  if (charged) await payments.hold(tx, { orderId: row.id, method, amount, currency: row.currency, now });
  if (kind === 'fuel') {
    await step('PAYMENT_AUTHORIZED', 'PRODUCT_ACQUIRED', `${capture} captured for the fuel dispensed`);
    if (charged) await payments.capture(tx, { orderId: row.id, capture, now });
    return;
  }
  if (kind === 'gift') {
    // A gift card (pay-flows.md §4, "Gift card: … PRODUCT_ACQUIRED (code)"): its code, valid for a year, is issued now.
    const [giftCard] = await issueWashCodes({
      tx,
      input: {
        productId: row.productId,
        itemCode: row.itemCode,
        orderId: row.id,
        userId: row.userId,
        count: 1,
        now,
        ttlMs: GIFT_CARD_TTL_MS,
      },
    });
    await step(
      'PAYMENT_AUTHORIZED',
      'PRODUCT_ACQUIRED',
      `Gift card ${giftCard?.code ?? ''} issued; ${capture} captured`,
      {
        quantityMl: 1000,
      },
    );
    if (charged) await payments.capture(tx, { orderId: row.id, capture, now });
    return;
  }
  await step('PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', `Issuing the code for ${row.itemName ?? row.productName}`);
  const codes = await issueWashCodes({
    tx,
    input: {
      productId: row.productId,
      itemCode: row.itemCode,
      orderId: row.id,
      userId: row.userId,
      count: CODES_PER_ORDER,
      now,
    },
  });
  await step(
    'PRODUCT_PENDING',
    'PRODUCT_ACQUIRED',
    `${codes.length} wash code${codes.length === 1 ? '' : 's'} issued; ${capture} captured`,
    { quantityMl: codes.length * 1000 },
  );
  if (charged) await payments.capture(tx, { orderId: row.id, capture, now });
}

/** Which priced path an order's product takes (null: not a priced order). */
export async function pricedKind(
  db: Tx | AppContext['db'],
  row: Pick<OrderRow, 'productId' | 'productType'>,
): Promise<PricedKind | null> {
  const [priced] = await db
    .select({ facility: stationProducts.facility })
    .from(stationProducts)
    .where(eq(stationProducts.id, row.productId));
  if (priced?.facility === 'WASH') return 'wash';
  if (priced?.facility === 'PUMP') return 'fuel';
  if (row.productType === 'GIFT_CARD' || priced?.facility === 'SHOP') return 'gift';
  return null;
}
