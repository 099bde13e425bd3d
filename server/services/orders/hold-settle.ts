// The payment steps every kind of order shares (ARCHITECTURE.md "Order lifecycle"): a declined authorization, the
// issuer's challenge first, the approved hold, and at the end the capture of what was acquired (the driver's vouchers
// applied, never above the hold, the rest released) or the whole hold released when nothing is to be paid. Prepay
// fuel (authorize-order.ts, complete-dispensing.ts), EV charging (ev-charging.ts) and the priced orders
// (authorize-priced.ts) go through these, so a hold is taken, captured and released one way. Each runs inside the
// caller's transaction; the guarded transitions let exactly one caller win.
import type { VoucherProductType } from '../../../contract/vouchers';
import type { Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { DomainError } from '../../errors';
import type { PaymentProvider } from '../../payment-provider';
import { applyOrderDiscounts } from '../vouchers';
import type { Method } from './pick-method';
import { applyTransition, transitionOrConflict } from './transitions';

type HoldMethod = Pick<Method, 'id' | 'behavior' | 'brand' | 'last4'>;

/** An approved authorization to hold (from CREATED, or from PAYMENT_PENDING after a challenge). */
export type ApprovedHold = {
  row: OrderRow;
  from: 'CREATED' | 'PAYMENT_PENDING';
  method: Method;
  amount: number;
  now: Date;
  patch?: Partial<OrderRow>;
};

/**
 * Where the issuer's page (3-D Secure, or the MB WAY phone approval) sends the driver back: an interactive payment
 * without `userInteraction.urls` in the authorize body is a 422 that names the field, before anything is held.
 * Returns the urls for an interactive payment, undefined for the rest.
 */
export function interactionUrls<Urls>(
  interactive: boolean,
  urls: Urls | undefined,
  what: 'card' | 'mbway' = 'card',
): Urls | undefined {
  if (!interactive) return undefined;
  if (urls) return urls;
  throw new DomainError(
    'unprocessable',
    'unprocessable',
    what === 'mbway'
      ? 'This MB WAY payment needs the phone: give userInteraction.urls'
      : 'This card asks for 3-D Secure: give userInteraction.urls',
    [{ path: 'userInteraction.urls', message: 'Required for this payment method' }],
  );
}

/** "VISA •••• 4242": how a state history entry names the card. */
export const cardLabel = (method: Pick<Method, 'brand' | 'last4'>) =>
  `${method.brand}${method.last4 ? ` •••• ${method.last4}` : ''}`;

/** The card declined: the order ends FAILED with the issuer's reason, and the PSP records the declined attempt. */
export async function declineAuthorization({
  tx,
  payments,
  input,
}: {
  tx: Tx;
  /** The payment provider (ctx.payments) that holds, captures and releases. */
  payments: PaymentProvider;
  input: {
    row: OrderRow;
    from: 'CREATED' | 'PAYMENT_PENDING';
    method: HoldMethod;
    amount: number;
    now: Date;
    /** What was declined, for the history: "authorization", "pre-authorization". */
    what: string;
    reason: string;
    patch?: Partial<OrderRow>;
  };
}): Promise<void> {
  const { row, method, amount, now } = input;
  await transitionOrConflict({
    tx,
    input: {
      orderId: row.id,
      from: input.from,
      to: 'FAILED',
      now,
      actionCodeText: 'PAYMENT_DECLINED',
      description: `${method.brand} declined the ${input.what}`,
      message: input.reason,
      patch: { ...input.patch, errorMessage: input.reason },
    },
  });
  await payments.hold(tx, { orderId: row.id, method, amount, currency: row.currency, now });
}

/**
 * The issuer (3-D Secure) or the phone (MB WAY) wants the driver first: the order waits in PAYMENT_PENDING with the
 * page as userInteraction.urls.start, nothing held until the page is answered (answer-challenge.ts).
 */
export async function awaitInteraction({
  tx,
  input,
}: {
  tx: Tx;
  input: { row: OrderRow; amount: number; now: Date; start: string; description: string; patch?: Partial<OrderRow> };
}): Promise<void> {
  await transitionOrConflict({
    tx,
    input: {
      orderId: input.row.id,
      from: 'CREATED',
      to: 'PAYMENT_PENDING',
      now: input.now,
      actionCodeText: 'USER_INTERACTION_REQUIRED',
      description: input.description,
      patch: { ...input.patch, authorizeAmount: input.amount, userInteractionUrl: input.start },
    },
  });
}

/** The approved authorization: PAYMENT_AUTHORIZED and the amount held on the card. */
export async function holdAuthorized({
  tx,
  payments,
  input,
}: {
  tx: Tx;
  /** The payment provider (ctx.payments) that holds, captures and releases. */
  payments: PaymentProvider;
  input: {
    row: OrderRow;
    from: 'CREATED' | 'PAYMENT_PENDING';
    method: HoldMethod;
    amount: number;
    now: Date;
    description: string;
    patch?: Partial<OrderRow>;
  };
}): Promise<void> {
  const { row, method, amount, now } = input;
  await transitionOrConflict({
    tx,
    input: {
      orderId: row.id,
      from: input.from,
      to: 'PAYMENT_AUTHORIZED',
      now,
      actionCodeText: 'PAYMENT_AUTHORIZED',
      description: input.description,
      patch: { ...input.patch, authorizeAmount: amount, userInteractionUrl: null },
    },
  });
  await payments.hold(tx, { orderId: row.id, method, amount, currency: row.currency, now });
}

/**
 * The product is acquired for `amount` (the caller has bounded it by the hold): PRODUCT_ACQUIRED, the driver's vouchers
 * applied by the one discount engine (as the summary's preview), the hold captured for the total after them and the
 * rest released. False when another caller moved the order first (nothing done).
 */
export async function captureAcquired({
  tx,
  payments,
  input,
}: {
  tx: Tx;
  /** The payment provider (ctx.payments) that holds, captures and releases. */
  payments: PaymentProvider;
  input: {
    row: OrderRow;
    from: OrderRow['state'];
    now: Date;
    amount: number;
    productType: VoucherProductType;
    /** Litres or kWh in thousandths (what the vouchers price per unit). */
    quantityMilli: number;
    description: string;
    patch: Partial<OrderRow>;
  };
}): Promise<boolean> {
  const { row, now, amount } = input;
  const moved = await applyTransition({
    tx,
    input: {
      orderId: row.id,
      from: input.from,
      to: 'PRODUCT_ACQUIRED',
      now,
      actionCodeText: 'PRODUCT_ACQUIRED',
      description: input.description,
      patch: input.patch,
    },
  });
  if (!moved) return false;
  const discount = await applyOrderDiscounts({
    tx,
    input: {
      orderId: row.id,
      userId: row.userId,
      productType: input.productType,
      currency: row.currency,
      amount,
      quantityMilli: input.quantityMilli,
      now,
    },
  });
  await payments.capture(tx, { orderId: row.id, capture: amount - discount, now });
  return true;
}

/** Nothing to pay (nothing dispensed or charged after a cancel): CANCELLED and the whole hold released. */
export async function cancelAndRelease({
  tx,
  payments,
  input,
}: {
  tx: Tx;
  /** The payment provider (ctx.payments) that holds, captures and releases. */
  payments: PaymentProvider;
  input: {
    row: OrderRow;
    from: OrderRow['state'];
    now: Date;
    actionCodeText: string;
    description: string;
    patch: Partial<OrderRow>;
  };
}): Promise<boolean> {
  const { row, now } = input;
  const moved = await applyTransition({
    tx,
    input: {
      orderId: row.id,
      from: input.from,
      to: 'CANCELLED',
      now,
      actionCodeText: input.actionCodeText,
      description: input.description,
      patch: input.patch,
    },
  });
  if (!moved) return false;
  await payments.release(tx, { orderId: row.id, now });
  return true;
}
