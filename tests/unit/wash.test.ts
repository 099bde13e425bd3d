// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The car wash's rules (pay-flows.md §2, §4 Wash flow, §5): which packages are listed and in what order, the order
// waits of the wash pages, and the tickets kept from an order's codes.
import { describe, expect, it } from 'vitest';
import type { Poi, Product } from '../../contract/stations';
import {
  initialWaitState,
  PLANS,
  transition,
  type WaitEvent,
  type WaitState,
} from '../../src/features/orders/model/order-wait';
import { washPackages } from '../../src/features/wash/model/packages';
import { isExpired, ticketsOf } from '../../src/features/wash/model/tickets';
import { groupDigits } from '../../src/features/wash/ui/WashCode';
import { order } from './fixtures/orders';

function bay(id: string, status: Product['attributes']['status'], items: Array<[string, number]>): Product {
  return {
    _id: id,
    name: id,
    facility: 'WASH',
    type: 'CAR_WASH',
    attributes: {
      status,
      automaticFlow: false,
      availableItems: items.map(([code, price]) => ({
        itemCode: code,
        marketingName: code.toLowerCase(),
        price,
        currency: 'EUR',
        precision: 2,
        descriptionLines: [`${code} line`],
      })),
    },
  };
}
const station = (...products: Product[]) => ({ products }) as Pick<Poi, 'products'>;

describe('wash packages (pay-flows.md §5: "listed only when AVAILABLE and the first available item has a price")', () => {
  it('lists the packages cheapest first, with name, price and description lines', () => {
    const list = washPackages(
      station(
        bay('b1', 'AVAILABLE', [
          ['PREMIUM', 1900],
          ['BASIC', 900],
          ['COMFORT', 1400],
        ]),
      ),
    );
    expect(list.map((p) => p.itemCode)).toEqual(['BASIC', 'COMFORT', 'PREMIUM']);
    expect(list[0]).toEqual({
      productId: 'b1',
      itemCode: 'BASIC',
      name: 'basic',
      price: { amount: 900, currency: 'EUR', precision: 2 },
      descriptionLines: ['BASIC line'],
    });
  });
  it('leaves out a wash that is not AVAILABLE', () => {
    expect(washPackages(station(bay('b1', 'OUT_OF_ORDER', [['BASIC', 900]])))).toEqual([]);
    expect(washPackages(station(bay('b1', 'IN_USE', [['BASIC', 900]])))).toEqual([]);
  });
  it('leaves out a wash whose first item has no price', () => {
    expect(
      washPackages(
        station(
          bay('b1', 'AVAILABLE', [
            ['FREE', 0],
            ['BASIC', 900],
          ]),
        ),
      ),
    ).toEqual([]);
  });
  it('lists a package sold by two bays once, from the first available bay', () => {
    const list = washPackages(
      station(
        bay('b1', 'IN_USE', [['BASIC', 900]]),
        bay('b2', 'AVAILABLE', [['BASIC', 900]]),
        bay('b3', 'AVAILABLE', [['BASIC', 900]]),
      ),
    );
    expect(list.map((p) => p.productId)).toEqual(['b2']);
  });
  it('ignores pumps and chargers', () => {
    const pump = { ...bay('p1', 'AVAILABLE', [['SUPER', 1789]]), facility: 'PUMP', type: 'GAS' } as Product;
    expect(washPackages(station(pump))).toEqual([]);
  });
  it('has nothing to list at a station without a wash (the no-wash message)', () => {
    expect(washPackages(station())).toEqual([]);
  });
});

describe('wash order waits (pay-flows.md §4 Wash flow)', () => {
  const run = (plan: (typeof PLANS)['washOrder' | 'washFinish'], events: WaitEvent[]): WaitState =>
    events.reduce((s, e) => transition(plan, s, e), initialWaitState);
  const polled = (state: Parameters<typeof order>[0], history?: Parameters<typeof order>[1]): WaitEvent => ({
    type: 'polled',
    order: order(state, history),
  });

  it('selection: a created order waits for PAYMENT_PENDING, then goes to the wash summary', () => {
    expect(run(PLANS.washOrder, [polled('CREATED')])).toEqual({ kind: 'waiting', step: 0, notice: null });
    expect(
      run(PLANS.washOrder, [polled('CREATED'), polled('PAYMENT_PENDING', ['CREATED', 'PAYMENT_PENDING'])]),
    ).toEqual({ kind: 'left', exit: { to: 'summary', kind: 'wash' } });
  });
  it('selection: errors go to /error (the generic page)', () => {
    expect(run(PLANS.washOrder, [polled('FAILED', ['CREATED', 'FAILED'])])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'generic' },
    });
    expect(run(PLANS.washOrder, [{ type: 'loadFailed', kept: false }])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'generic' },
    });
  });
  it('finish: waits for PRODUCT_ACQUIRED, then for COMPLETED, and stays to show the codes', () => {
    const paid = ['CREATED', 'PAYMENT_PENDING', 'PAYMENT_AUTHORIZED'] as const;
    expect(run(PLANS.washFinish, [polled('PAYMENT_AUTHORIZED', [...paid])])).toMatchObject({
      kind: 'waiting',
      step: 0,
    });
    const acquired = [...paid, 'PRODUCT_PENDING', 'PRODUCT_ACQUIRED'] as const;
    expect(run(PLANS.washFinish, [polled('PRODUCT_ACQUIRED', [...acquired])])).toMatchObject({
      kind: 'waiting',
      step: 1,
    });
    expect(run(PLANS.washFinish, [polled('COMPLETED', [...acquired, 'READY_FOR_INVOICE', 'COMPLETED'])])).toEqual({
      kind: 'settled',
    });
  });
  it('finish: a failed payment goes to the payment error page; kept codes show when the order cannot be loaded', () => {
    expect(run(PLANS.washFinish, [polled('FAILED', ['CREATED', 'PAYMENT_PENDING', 'FAILED'])])).toEqual({
      kind: 'left',
      exit: { to: 'error', type: 'payment' },
    });
    expect(run(PLANS.washFinish, [{ type: 'loadFailed', kept: true }])).toEqual({ kind: 'settled' });
  });
});

describe('wash tickets', () => {
  const paid = () => ({
    ...order('PRODUCT_ACQUIRED', [
      'CREATED',
      'PAYMENT_PENDING',
      'PAYMENT_AUTHORIZED',
      'PRODUCT_PENDING',
      'PRODUCT_ACQUIRED',
    ]),
    totalAfterDiscounts: { amount: 1400, currency: 'EUR' as const, precision: 2 },
    products: [
      {
        _id: 'bay1',
        name: 'Bay 1',
        fuelType: { fuelTypeId: 'WASH_COMFORT', name: 'Comfort' },
        redemptionCodes: [{ _id: 'c1', code: '01234567', expirationDate: '2026-12-21T10:00:00Z', isRedeemed: false }],
        additionalDisplays: [{ type: 'QR' as const, code: 'QR:01234567', redemptionCodeId: 'c1' }],
        attributes: { paymentAttributes: { descriptionLines: ['Foam wash', 'Hot wax'] } },
      },
    ],
  });
  it('keeps one ticket per code with its QR payload, package, amount and station', () => {
    const station = { name: 'S', brand: 'B', address: 'A 1, 12345 C' };
    expect(ticketsOf(paid(), 'u1', station)).toEqual([
      {
        id: 'c1',
        orderId: 'o1',
        userId: 'u1',
        code: '01234567',
        qrPayload: 'QR:01234567',
        expirationDate: '2026-12-21T10:00:00Z',
        isRedeemed: false,
        packageName: 'Comfort',
        descriptionLines: ['Foam wash', 'Hot wax'],
        amount: { amount: 1400, currency: 'EUR', precision: 2 },
        bayName: 'Bay 1',
        station,
        purchasedAt: '2026-11-21T10:00:00Z',
      },
    ]);
  });
  it('without a QR display the QR carries the code itself; an order without codes has no tickets', () => {
    const o = paid();
    o.products[0]!.additionalDisplays = [];
    expect(ticketsOf(o, null, null)[0]?.qrPayload).toBe('01234567');
    expect(ticketsOf(order('PAYMENT_PENDING'), null, null)).toEqual([]);
  });
  it('a code is expired from its expiration date on', () => {
    const t = { expirationDate: '2026-12-21T10:00:00Z' };
    expect(isExpired(t, Date.parse('2026-12-21T09:59:59Z'))).toBe(false);
    expect(isExpired(t, Date.parse('2026-12-21T10:00:00Z'))).toBe(true);
  });
  it('digits are grouped by four for reading', () => {
    expect(groupDigits('01234567')).toBe('0123 4567');
    expect(groupDigits('123')).toBe('123');
  });
});
