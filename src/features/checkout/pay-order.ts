// Paying an order, for every flow (pay-flows.md §4): prepay fuel, EV and gift cards create the order and authorize the
// chosen amount; postpay and wash authorize the total of an order that exists. One idempotency-key store (the attempt
// kept in local storage, store.ts) survives a reload, and one recovery answers a refusal of an order paid already. It
// loads with the first press of pay (queries.ts registers it as the pay mutation and gives it its ports).
import type { Order } from '../../../contract/orders';
import { isTerminal } from '../../../contract/plain/orders';
import type { Currency } from '../../../contract/plain/stations';
import { ApiError } from '../../lib/http/errors';
import type { authorizeOrder, createOrder, fetchOrder } from '../orders/queries';
import {
  type Attempt,
  attemptFor,
  attemptForOrder,
  authorizeKeyFor,
  type Selection,
  sameSelection,
} from './model/attempt';
import { meansKey, type PayMeans } from './model/pay-means';
import { summaryRefusal } from './model/refusals';

export type PayFlow =
  /** Create the order for this selection, then authorize the selection's amount. */
  | {
      kind: 'prepay' | 'ev' | 'giftCard';
      selection: Selection;
      thingId: string | null;
      /** The odometer screen's reading in metres (pay-flows.md §7 "optional carOdometerM"); absent when refused. */
      carOdometerM?: number | undefined;
      partner?: string | undefined;
    }
  /** Authorize the total of an order whose price is known (PAYMENT_PENDING). */
  | { kind: 'postpay' | 'wash'; order: Order };

export type PayOrderInput = { flow: PayFlow; means: PayMeans };

/** What paying needs of the world: the order calls and the attempt's store (the app's in queries.ts; tests' own). */
export type PayPorts = {
  createOrder: typeof createOrder;
  authorizeOrder: typeof authorizeOrder;
  fetchOrder: typeof fetchOrder;
  readAttempt: () => Attempt | null;
  writeAttempt: (attempt: Attempt | null) => void;
  newKey?: () => string;
  now?: () => number;
};

/** Where the driver waits for payment; past it (and not ended) the order is paid. */
const awaitsPayment = (order: Order) => order.state === 'CREATED' || order.state === 'PAYMENT_PENDING';

/**
 * Pay one order of any flow. Pressing pay again, a retry or a reload after a lost answer replays the first request
 * (the same keys) instead of paying twice.
 */
export async function payOrder(ports: PayPorts, flow: PayFlow, means: PayMeans): Promise<Order> {
  try {
    const paid = 'order' in flow ? await payPriced(ports, flow.order, means) : await payNew(ports, flow, means);
    // A declined card ends the order (FAILED): the next try starts anew.
    if (isTerminal(paid.state)) ports.writeAttempt(null);
    return paid;
  } catch (error) {
    // Refused (the pump was taken meanwhile, …): the next try is a new attempt, not a replay of this one. Without an
    // answer (status 0) the attempt stays, so pressing pay again replays its keys. A fuel card's second factor (or the
    // PIN's proof) is answered on the summary and the same order paid then: that attempt goes on.
    const answered = error instanceof ApiError && summaryRefusal(error);
    const goesOn = answered && (answered.kind === 'secondFactor' || answered.kind === 'validation');
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !goesOn) ports.writeAttempt(null);
    throw error;
  }
}

async function payNew(
  ports: PayPorts,
  flow: Extract<PayFlow, { selection: Selection }>,
  means: PayMeans,
): Promise<Order> {
  const stored = ports.readAttempt();
  // An attempt whose order has ended (paid and fuelled, declined, cancelled) is spent: paying again is a new order.
  // Without an answer we cannot tell, so the attempt is kept and its keys replay (a lost answer never pays twice).
  let orderEnded = false;
  if (stored?.orderId && sameSelection(stored.selection, flow.selection)) {
    try {
      const current = await ports.fetchOrder(stored.orderId);
      orderEnded = isTerminal(current.state);
      // Already paid (the answer was lost): this is the order to follow, whatever the server remembers of the keys.
      if (!orderEnded && !awaitsPayment(current)) return current;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      orderEnded = true;
    }
  }
  const attempt = attemptFor(stored, flow.selection, now(ports), key(ports), orderEnded);
  ports.writeAttempt(attempt);
  const created = await ports.createOrder(
    {
      poiId: flow.selection.pid,
      thingId: flow.thingId,
      autoAcquire: true,
      products: [{ productId: flow.selection.productId, fuelTypeId: flow.selection.fuelTypeId }],
      ...(flow.carOdometerM !== undefined ? { carOdometerM: flow.carOdometerM } : {}),
    },
    attempt.createKey,
    flow.partner,
  );
  return authorize(ports, { ...attempt, orderId: created._id }, created._id, flow.selection, means);
}

function payPriced(ports: PayPorts, order: Order, means: PayMeans): Promise<Order> {
  const total = order.totalAfterDiscounts;
  if (!total) throw new Error('A priced order has a total');
  return authorize(ports, attemptForOrder(ports.readAttempt(), order._id, now(ports)), order._id, total, means);
}

/**
 * Authorize with the attempt's key for these means. The one recovery: refused as no longer waiting for payment (409),
 * the order is looked up, and followed when it was paid meanwhile (the answer was lost); when it still waits the
 * refusal stands.
 */
async function authorize(
  ports: PayPorts,
  attempt: Attempt,
  orderId: string,
  price: { amount: number; currency: string; precision: number },
  means: PayMeans,
): Promise<Order> {
  const keyed = authorizeKeyFor(attempt, meansKey(means), key(ports));
  ports.writeAttempt(keyed.attempt);
  const urls = means.userInteraction?.urls;
  try {
    return await ports.authorizeOrder(
      orderId,
      {
        ...means,
        authorizePrice: { amount: price.amount, currency: price.currency as Currency, precision: price.precision },
        // The issuer's page sends the driver back to this order's next page (its orderId set once the order exists).
        ...(urls ? { userInteraction: { urls: { ...urls, success: withOrderId(urls.success, orderId) } } } : {}),
      },
      keyed.key,
    );
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const current = await ports.fetchOrder(orderId);
    if (awaitsPayment(current)) throw error;
    return current;
  }
}

const key = (ports: PayPorts) => ports.newKey ?? (() => crypto.randomUUID());
const now = (ports: PayPorts) => (ports.now ? ports.now() : Date.now());

function withOrderId(href: string, orderId: string): string {
  const url = new URL(href, globalThis.location?.origin);
  url.searchParams.set('orderId', orderId);
  return url.toString();
}
