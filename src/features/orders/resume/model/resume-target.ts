// A running order is never lost (issue 33.4, ARCHITECTURE.md "Offline at the forecourt"): which screen an order's
// state needs, and which word tells the driver where it stands. Pure: one table per kind of product, from the order
// states and flows of pay-flows.md §4 (prepay, postpay, wash, EV, gift card), tested table-style in tests/unit.
import type { Order, OrderState } from '../../../../../contract/orders';

/** What the order is for: its product's type and, for fuel, whether it was paid before or after fuelling. */
export type OrderKind = 'fuelPrepay' | 'fuelPostpay' | 'ev' | 'wash' | 'giftCard';

/** The state word the banner shows (one per stage a driver can tell apart). */
export type ResumePhase =
  | 'unpaid'
  | 'releasing'
  | 'fuelling'
  | 'toPay'
  | 'paying'
  | 'plugIn'
  | 'charging'
  | 'done'
  | 'problem'
  | 'cancelled'
  | 'failed';

/** The pay screens an order can be resumed on (their routes in src/routes/pay). */
export type ResumeRoute =
  | '/pay/prepay/summary'
  | '/pay/prepay/fueling'
  | '/pay/postpay/fueling'
  | '/pay/postpay/summary'
  | '/pay/postpay/wash/summary'
  | '/pay/postpay/gift-card'
  | '/pay/postpay/processing'
  | '/pay/prepay/ev/summary'
  | '/pay/prepay/ev/charging'
  | '/pay/ev/finish'
  | '/pay/wash/finish'
  | '/pay/finish'
  | '/pay/cancel'
  | '/error';

/** The query a pay screen reads (pay-flows.md §2: pid, the order group, the cancel page's state, the error type). */
export type ResumeSearch = {
  pid?: string;
  orderId?: string;
  orderType?: 'PREPAY' | 'POSTPAY';
  productId?: string;
  fuelTypeId?: string;
  amount?: number;
  currency?: string;
  state?: 'CANCELLED_PREPAY' | 'CANCELLED_POSTPAY';
  type?: string;
};

export type ResumeTarget = { phase: ResumePhase; to: ResumeRoute; search: ResumeSearch };

type ResumeOrder = Pick<Order, '_id' | 'state' | 'orderType' | 'poiId' | 'products' | 'authorizePrice'>;

/**
 * The order's kind. The server names the product's type; an order from before it did is told by its unit (kWh is a
 * charge) and its order type.
 */
export function orderKind(order: Pick<Order, 'orderType' | 'products'>): OrderKind {
  const product = order.products[0];
  const type = product?.type ?? (product?.attributes?.paymentAttributes?.unit === 'KWH' ? 'EV_CHARGE' : 'GAS');
  if (type === 'EV_CHARGE') return 'ev';
  if (type === 'CAR_WASH') return 'wash';
  if (type === 'GIFT_CARD') return 'giftCard';
  return order.orderType === 'PREPAY' ? 'fuelPrepay' : 'fuelPostpay';
}

/** How an order ended is the same stage for every kind: the receipt once acquired, else what went wrong. */
const ENDED = {
  PRODUCT_ACQUIRED: 'done',
  READY_FOR_INVOICE: 'done',
  COMPLETED: 'done',
  PROBLEM: 'problem',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
  REJECTED: 'failed',
} as const satisfies Partial<Record<OrderState, ResumePhase>>;

/** Which stage each state is, per kind (pay-flows.md §4; ARCHITECTURE.md "Order lifecycle"). */
export const PHASES: Record<OrderKind, Record<OrderState, ResumePhase>> = {
  // CREATED -> PAYMENT_AUTHORIZED (hold) -> PRODUCT_PENDING (pump released) -> PRODUCT_ACQUIRED (hung up) -> ...
  fuelPrepay: {
    CREATED: 'unpaid',
    PAYMENT_PENDING: 'unpaid',
    PAYMENT_AUTHORIZED: 'releasing',
    PRODUCT_PENDING: 'fuelling',
    PRODUCT_SUPPLYING: 'fuelling',
    ...ENDED,
  },
  // CREATED (pump chosen) -> PRODUCT_PENDING/SUPPLYING (fuelling) -> PAYMENT_PENDING (amount known) -> authorized -> ...
  fuelPostpay: {
    CREATED: 'fuelling',
    PAYMENT_PENDING: 'toPay',
    PAYMENT_AUTHORIZED: 'paying',
    PRODUCT_PENDING: 'fuelling',
    PRODUCT_SUPPLYING: 'fuelling',
    ...ENDED,
  },
  // CREATED -> PAYMENT_AUTHORIZED (pre-authorization) -> PRODUCT_PENDING (plug in) -> PRODUCT_SUPPLYING (charging) -> ...
  ev: {
    CREATED: 'unpaid',
    PAYMENT_PENDING: 'unpaid',
    PAYMENT_AUTHORIZED: 'plugIn',
    PRODUCT_PENDING: 'plugIn',
    PRODUCT_SUPPLYING: 'charging',
    ...ENDED,
  },
  // CREATED -> PAYMENT_PENDING -> PAYMENT_AUTHORIZED -> PRODUCT_PENDING -> PRODUCT_ACQUIRED (codes) -> COMPLETED.
  wash: {
    CREATED: 'toPay',
    PAYMENT_PENDING: 'toPay',
    PAYMENT_AUTHORIZED: 'paying',
    PRODUCT_PENDING: 'paying',
    PRODUCT_SUPPLYING: 'paying',
    ...ENDED,
  },
  // CREATED -> PAYMENT_PENDING -> PAYMENT_AUTHORIZED -> PRODUCT_ACQUIRED (code) -> COMPLETED.
  giftCard: {
    CREATED: 'unpaid',
    PAYMENT_PENDING: 'unpaid',
    PAYMENT_AUTHORIZED: 'paying',
    PRODUCT_PENDING: 'paying',
    PRODUCT_SUPPLYING: 'paying',
    ...ENDED,
  },
};

/** The stages the driver is finished with: shown once (the receipt, what went wrong), then the order is let go. */
export const FINAL_PHASES: readonly ResumePhase[] = ['done', 'problem', 'cancelled', 'failed'];

/**
 * The screen an order's state needs, with the query that screen reads: fuelling with the live meter, charging, the
 * postpay summary, the wash or EV finish, the receipt once done. An unpaid order goes back to its summary (the pay
 * screens make and pay it there); one that ended badly to the cancel page or the payment error page (pay-flows.md §8
 * "Order ended in PROBLEM, CANCELLED, FAILED or REJECTED: payment error page").
 */
export function resumeTarget(order: ResumeOrder): ResumeTarget {
  const kind = orderKind(order);
  const phase = PHASES[kind][order.state];
  const product = order.products[0];
  const pid = order.poiId;
  const orderId = order._id;
  const productId = product?._id;
  const fuelTypeId = product?.fuelType?.fuelTypeId;
  const of = (to: ResumeRoute, search: ResumeSearch): ResumeTarget => ({ phase, to, search: defined(search) });

  if (phase === 'problem' || phase === 'failed') return of('/error', { type: 'payment' });
  if (phase === 'cancelled') {
    const prepay = kind === 'fuelPrepay' || kind === 'ev';
    return of('/pay/cancel', { state: prepay ? 'CANCELLED_PREPAY' : 'CANCELLED_POSTPAY', orderId });
  }
  switch (kind) {
    case 'fuelPrepay':
      if (phase === 'unpaid') {
        const held = order.authorizePrice;
        return of('/pay/prepay/summary', {
          pid,
          productId,
          fuelTypeId,
          orderType: 'PREPAY',
          ...(held ? { amount: held.amount, currency: held.currency } : {}),
        });
      }
      if (phase === 'done') return of('/pay/finish', { pid, orderId, orderType: 'PREPAY' });
      return of('/pay/prepay/fueling', { pid, orderId, orderType: 'PREPAY', productId, fuelTypeId });
    case 'fuelPostpay':
      if (phase === 'fuelling') return of('/pay/postpay/fueling', { pid, orderId, orderType: 'POSTPAY', productId });
      if (phase === 'toPay') return of('/pay/postpay/summary', { pid, orderId, orderType: 'POSTPAY', productId });
      return of('/pay/finish', { pid, orderId, orderType: 'POSTPAY' });
    case 'ev':
      if (phase === 'unpaid') return of('/pay/prepay/ev/summary', { pid, productId, orderType: 'PREPAY' });
      if (phase === 'done') return of('/pay/ev/finish', { pid, orderId });
      return of('/pay/prepay/ev/charging', { pid, orderId, orderType: 'PREPAY', productId });
    case 'wash':
      if (phase === 'toPay') return of('/pay/postpay/wash/summary', { pid, orderId, orderType: 'POSTPAY', productId });
      return of('/pay/wash/finish', { pid, orderId });
    case 'giftCard':
      if (phase === 'unpaid') return of('/pay/postpay/gift-card', { pid });
      return of('/pay/postpay/processing', { pid, orderId, orderType: 'POSTPAY' });
  }
}

/** The query without its empty keys (a link carries only what the screen reads). */
function defined(search: ResumeSearch): ResumeSearch {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as ResumeSearch;
}

/**
 * Whether the screen at `pathname` with `search` already shows the order: its banner is not needed there. Every pay
 * screen that follows an order names it in its query (orderId); the cancel page too.
 */
export function showsOrder(pathname: string, search: { orderId?: unknown }, orderId: string): boolean {
  return pathname.startsWith('/pay') && search.orderId === orderId;
}
