// A running order is never lost (issue 33.4): which screen each state of each kind of order needs, the state word,
// and what the banner keeps and shows — every kind × every order state of pay-flows.md §4, written out as a table.
import { describe, expect, it } from 'vitest';
import { ORDER_STATES, type Order, type OrderState } from '../../contract/orders';
import {
  FINISHED_KEPT_MS,
  type KeptOrder,
  reconcile,
  seenHere,
  visibleOrders,
} from '../../src/features/orders/resume/model/resume-list';
import {
  type OrderKind,
  orderKind,
  type ResumePhase,
  type ResumeRoute,
  resumeTarget,
  showsOrder,
} from '../../src/features/orders/resume/model/resume-target';
import { order as baseOrder } from './fixtures/orders';

const PRODUCT: Record<
  OrderKind,
  { type: 'GAS' | 'EV_CHARGE' | 'CAR_WASH' | 'GIFT_CARD'; orderType: Order['orderType'] }
> = {
  fuelPrepay: { type: 'GAS', orderType: 'PREPAY' },
  fuelPostpay: { type: 'GAS', orderType: 'POSTPAY' },
  ev: { type: 'EV_CHARGE', orderType: 'PREPAY' },
  wash: { type: 'CAR_WASH', orderType: 'POSTPAY' },
  giftCard: { type: 'GIFT_CARD', orderType: 'POSTPAY' },
};

function orderOf(kind: OrderKind, state: OrderState, id = 'o1'): Order {
  const p = PRODUCT[kind];
  return {
    ...baseOrder(state),
    _id: id,
    orderType: p.orderType,
    poiId: 'poi1',
    products: [
      {
        _id: 'prod1',
        name: '3',
        type: p.type,
        ...(p.type === 'GAS' ? { fuelType: { fuelTypeId: 'super', name: 'Super 95' } } : {}),
      },
    ],
  };
}

type Row = [ResumePhase, ResumeRoute];
/** The expected table: kind → state → [state word, screen]. */
const TABLE: Record<OrderKind, Record<OrderState, Row>> = {
  fuelPrepay: {
    CREATED: ['unpaid', '/pay/prepay/summary'],
    PAYMENT_PENDING: ['unpaid', '/pay/prepay/summary'],
    PAYMENT_AUTHORIZED: ['releasing', '/pay/prepay/fueling'],
    PRODUCT_PENDING: ['fuelling', '/pay/prepay/fueling'],
    PRODUCT_SUPPLYING: ['fuelling', '/pay/prepay/fueling'],
    PRODUCT_ACQUIRED: ['done', '/pay/finish'],
    READY_FOR_INVOICE: ['done', '/pay/finish'],
    COMPLETED: ['done', '/pay/finish'],
    PROBLEM: ['problem', '/error'],
    CANCELLED: ['cancelled', '/pay/cancel'],
    FAILED: ['failed', '/error'],
    REJECTED: ['failed', '/error'],
  },
  fuelPostpay: {
    CREATED: ['fuelling', '/pay/postpay/fueling'],
    PAYMENT_PENDING: ['toPay', '/pay/postpay/summary'],
    PAYMENT_AUTHORIZED: ['paying', '/pay/finish'],
    PRODUCT_PENDING: ['fuelling', '/pay/postpay/fueling'],
    PRODUCT_SUPPLYING: ['fuelling', '/pay/postpay/fueling'],
    PRODUCT_ACQUIRED: ['done', '/pay/finish'],
    READY_FOR_INVOICE: ['done', '/pay/finish'],
    COMPLETED: ['done', '/pay/finish'],
    PROBLEM: ['problem', '/error'],
    CANCELLED: ['cancelled', '/pay/cancel'],
    FAILED: ['failed', '/error'],
    REJECTED: ['failed', '/error'],
  },
  ev: {
    CREATED: ['unpaid', '/pay/prepay/ev/summary'],
    PAYMENT_PENDING: ['unpaid', '/pay/prepay/ev/summary'],
    PAYMENT_AUTHORIZED: ['plugIn', '/pay/prepay/ev/charging'],
    PRODUCT_PENDING: ['plugIn', '/pay/prepay/ev/charging'],
    PRODUCT_SUPPLYING: ['charging', '/pay/prepay/ev/charging'],
    PRODUCT_ACQUIRED: ['done', '/pay/ev/finish'],
    READY_FOR_INVOICE: ['done', '/pay/ev/finish'],
    COMPLETED: ['done', '/pay/ev/finish'],
    PROBLEM: ['problem', '/error'],
    CANCELLED: ['cancelled', '/pay/cancel'],
    FAILED: ['failed', '/error'],
    REJECTED: ['failed', '/error'],
  },
  wash: {
    CREATED: ['toPay', '/pay/postpay/wash/summary'],
    PAYMENT_PENDING: ['toPay', '/pay/postpay/wash/summary'],
    PAYMENT_AUTHORIZED: ['paying', '/pay/wash/finish'],
    PRODUCT_PENDING: ['paying', '/pay/wash/finish'],
    PRODUCT_SUPPLYING: ['paying', '/pay/wash/finish'],
    PRODUCT_ACQUIRED: ['done', '/pay/wash/finish'],
    READY_FOR_INVOICE: ['done', '/pay/wash/finish'],
    COMPLETED: ['done', '/pay/wash/finish'],
    PROBLEM: ['problem', '/error'],
    CANCELLED: ['cancelled', '/pay/cancel'],
    FAILED: ['failed', '/error'],
    REJECTED: ['failed', '/error'],
  },
  giftCard: {
    CREATED: ['unpaid', '/pay/postpay/gift-card'],
    PAYMENT_PENDING: ['unpaid', '/pay/postpay/gift-card'],
    PAYMENT_AUTHORIZED: ['paying', '/pay/postpay/processing'],
    PRODUCT_PENDING: ['paying', '/pay/postpay/processing'],
    PRODUCT_SUPPLYING: ['paying', '/pay/postpay/processing'],
    PRODUCT_ACQUIRED: ['done', '/pay/postpay/processing'],
    READY_FOR_INVOICE: ['done', '/pay/postpay/processing'],
    COMPLETED: ['done', '/pay/postpay/processing'],
    PROBLEM: ['problem', '/error'],
    CANCELLED: ['cancelled', '/pay/cancel'],
    FAILED: ['failed', '/error'],
    REJECTED: ['failed', '/error'],
  },
};

const cases = (Object.keys(TABLE) as OrderKind[]).flatMap((kind) =>
  ORDER_STATES.map((state) => [kind, state, ...TABLE[kind][state]] as const),
);

describe('the screen each state needs (pay-flows.md §4, issue 33.4)', () => {
  it('the table covers every kind and every order state', () => {
    expect(cases).toHaveLength(5 * ORDER_STATES.length);
  });
  it.each(cases)('%s in %s: "%s", opens %s', (kind, state, phase, to) => {
    const target = resumeTarget(orderOf(kind, state));
    expect(target.phase).toBe(phase);
    expect(target.to).toBe(to);
  });
});

describe('the query each screen reads', () => {
  it('fuelling with the live meter: station, order, pump and fuel (the fueling screen needs orderId and pid)', () => {
    expect(resumeTarget(orderOf('fuelPrepay', 'PRODUCT_PENDING')).search).toEqual({
      pid: 'poi1',
      orderId: 'o1',
      orderType: 'PREPAY',
      productId: 'prod1',
      fuelTypeId: 'super',
    });
  });
  it('the receipt once done names the order and its type', () => {
    expect(resumeTarget(orderOf('fuelPrepay', 'COMPLETED')).search).toEqual({
      pid: 'poi1',
      orderId: 'o1',
      orderType: 'PREPAY',
    });
  });
  it('an unpaid prepay order goes back to its summary with the amount it was to hold', () => {
    const o = { ...orderOf('fuelPrepay', 'CREATED'), authorizePrice: { amount: 3000, currency: 'EUR', precision: 2 } };
    expect(resumeTarget(o as Order).search).toEqual({
      pid: 'poi1',
      productId: 'prod1',
      fuelTypeId: 'super',
      orderType: 'PREPAY',
      amount: 3000,
      currency: 'EUR',
    });
  });
  it('charging: the port in productId', () => {
    expect(resumeTarget(orderOf('ev', 'PRODUCT_SUPPLYING')).search).toEqual({
      pid: 'poi1',
      orderId: 'o1',
      orderType: 'PREPAY',
      productId: 'prod1',
    });
  });
  it('the postpay summary: type POSTPAY', () => {
    expect(resumeTarget(orderOf('fuelPostpay', 'PAYMENT_PENDING')).search).toMatchObject({ orderType: 'POSTPAY' });
  });
  it('a cancelled order: the cancel page with its state', () => {
    expect(resumeTarget(orderOf('fuelPrepay', 'CANCELLED')).search).toEqual({
      state: 'CANCELLED_PREPAY',
      orderId: 'o1',
    });
    expect(resumeTarget(orderOf('fuelPostpay', 'CANCELLED')).search).toEqual({
      state: 'CANCELLED_POSTPAY',
      orderId: 'o1',
    });
  });
  it('a failed order: the payment error page', () => {
    expect(resumeTarget(orderOf('wash', 'FAILED')).search).toEqual({ type: 'payment' });
  });
});

describe('the kind of an order', () => {
  it('is its product type, and for fuel its order type', () => {
    expect(orderKind(orderOf('fuelPostpay', 'CREATED'))).toBe('fuelPostpay');
    expect(orderKind(orderOf('ev', 'CREATED'))).toBe('ev');
  });
  it('an order without the type: a kWh unit is a charge, else fuel', () => {
    const o = orderOf('ev', 'PRODUCT_ACQUIRED');
    const { type: _type, ...product } = o.products[0]!;
    expect(orderKind({ ...o, products: [{ ...product, attributes: { paymentAttributes: { unit: 'KWH' } } }] })).toBe(
      'ev',
    );
    expect(orderKind({ ...o, orderType: 'PREPAY', products: [product] })).toBe('fuelPrepay');
  });
});

const keptOf = (o: Order, extra: Partial<KeptOrder> = {}): KeptOrder => ({
  id: o._id,
  userId: 'u1',
  order: o,
  station: null,
  fetchedAt: 1_000,
  ...extra,
});

describe('what the banner keeps (the server answer meets the device)', () => {
  it('keeps the answer, with the dismissal and the station of before', () => {
    const before = keptOf(orderOf('fuelPrepay', 'PAYMENT_AUTHORIZED'), {
      dismissedPhase: 'releasing',
      station: { name: 'Nordwind Berlin', brand: 'Nordwind', address: 'x' },
    });
    const now = orderOf('fuelPrepay', 'PRODUCT_PENDING');
    const { keep, missing, drop } = reconcile([before], [now], 'u1', 5_000);
    expect(keep).toEqual([{ ...before, order: now, fetchedAt: 5_000 }]);
    expect(missing).toEqual([]);
    expect(drop).toEqual([]);
  });
  it('a running order that left the list is asked for again (it moved on meanwhile)', () => {
    const before = keptOf(orderOf('fuelPrepay', 'PRODUCT_PENDING'));
    expect(reconcile([before], [], 'u1', 5_000)).toEqual({ keep: [], drop: [], missing: ['o1'] });
  });
  it('a finished one stays until seen or dismissed, at most a day', () => {
    const done = keptOf(orderOf('fuelPrepay', 'COMPLETED'));
    expect(reconcile([done], [], 'u1', 5_000)).toEqual({ keep: [], drop: [], missing: [] });
    expect(reconcile([done], [], 'u1', 1_000 + FINISHED_KEPT_MS + 1)).toEqual({ keep: [], drop: ['o1'], missing: [] });
  });
});

describe('what the banner shows here', () => {
  const map = { pathname: '/map', search: {} };
  it('a running order on any screen, newest first', () => {
    const a = keptOf({ ...orderOf('fuelPrepay', 'PRODUCT_PENDING', 'a'), createdAt: '2026-11-21T10:00:00Z' });
    const b = keptOf({ ...orderOf('ev', 'PRODUCT_SUPPLYING', 'b'), createdAt: '2026-11-21T11:00:00Z' });
    expect(visibleOrders([a, b], map).map((k) => k.id)).toEqual(['b', 'a']);
  });
  it('not on the screen that already shows that order', () => {
    const a = keptOf(orderOf('fuelPrepay', 'PRODUCT_PENDING', 'a'));
    expect(visibleOrders([a], { pathname: '/pay/prepay/fueling', search: { orderId: 'a' } })).toEqual([]);
    expect(visibleOrders([a], { pathname: '/pay/prepay/fueling', search: { orderId: 'other' } })).toEqual([a]);
    expect(showsOrder('/profile', { orderId: 'a' }, 'a')).toBe(false);
  });
  it('dismissed, it stays away at that stage and comes back when the state changes', () => {
    const dismissed = keptOf(orderOf('fuelPrepay', 'PRODUCT_PENDING'), { dismissedPhase: 'fuelling' });
    expect(visibleOrders([dismissed], map)).toEqual([]);
    const movedOn = { ...dismissed, order: orderOf('fuelPrepay', 'PRODUCT_ACQUIRED') };
    expect(visibleOrders([movedOn], map)).toEqual([movedOn]);
  });
  it('a finished order seen on its own screen is let go; a running one is not', () => {
    const done = keptOf(orderOf('fuelPrepay', 'COMPLETED', 'd'));
    const running = keptOf(orderOf('fuelPrepay', 'PRODUCT_PENDING', 'r'));
    expect(seenHere([done, running], { pathname: '/pay/finish', search: { orderId: 'd' } })).toEqual(['d']);
    expect(seenHere([done, running], { pathname: '/pay/prepay/fueling', search: { orderId: 'r' } })).toEqual([]);
    expect(seenHere([done], map)).toEqual([]);
  });
});
