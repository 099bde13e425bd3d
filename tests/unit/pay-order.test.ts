// @vitest-environment node -- payOrder against an in-memory order server: no DOM needed
// The one payOrder (pay-flows.md §4) for every flow: its idempotency-key store (the attempt, kept across a reload) and
// its one 409 recovery, table-style. The fake server keeps what the real one promises: a key it has seen answers the
// first answer again; an order no longer waiting for payment refuses a new authorization with 409.
import { describe, expect, it } from 'vitest';
import type { AuthorizeBody, CreateOrderBody, Order, OrderState } from '../../contract/orders';
import { ATTEMPT_TTL_MS, type Attempt, type Selection } from '../../src/features/checkout/model/attempt';
import type { PayMeans } from '../../src/features/checkout/model/pay-means';
import { type PayFlow, type PayPorts, payOrder } from '../../src/features/checkout/pay-order';
import { ApiError } from '../../src/lib/http/errors';
import { order as orderIn } from './fixtures/orders';

const selection: Selection = {
  pid: 's1',
  productId: 'p3',
  fuelTypeId: 'SUPER_E5',
  amount: 3000,
  currency: 'EUR',
  precision: 2,
};
const visa: PayMeans = { paymentMethodId: 'visa' };
const mastercard: PayMeans = { paymentMethodId: 'mastercard' };
const lost = () => new ApiError(0, 'network_error');

/** What the card does on its next fresh authorization (a replayed key answers what it answered first). */
type Card = 'approves' | 'declines' | 'refuses' | 'asksSecondFactor';

class FakeServer {
  orders = new Map<string, Order>();
  creates = new Map<string, string>();
  authorizations = new Map<string, Order>();
  /** Fresh holds per order: more than one for an order is paying twice. */
  holds = new Map<string, number>();
  bodies: AuthorizeBody[] = [];
  card: Card = 'approves';
  /** The next answer of this call is lost after the server did the work. */
  lose: { create?: boolean; authorize?: boolean } = {};

  priced(state: OrderState = 'PAYMENT_PENDING'): Order {
    const o = { ...orderIn(state), _id: `o${this.orders.size + 1}`, orderType: 'POSTPAY' as const };
    o.totalAfterDiscounts = { amount: 4250, currency: 'EUR', precision: 2 };
    this.orders.set(o._id, o);
    return o;
  }

  set(orderId: string, state: OrderState) {
    const o = this.orders.get(orderId);
    if (o) this.orders.set(orderId, { ...o, state });
  }

  ports(storage: { attempt: Attempt | null }, now = () => 1000): PayPorts {
    let n = 0;
    return {
      readAttempt: () => (storage.attempt ? structuredClone(storage.attempt) : null),
      writeAttempt: (a) => {
        storage.attempt = a ? structuredClone(a) : null;
      },
      newKey: () => `key-${Math.random().toString(36).slice(2)}-${++n}`,
      now,
      fetchOrder: async (id) => {
        const o = this.orders.get(id);
        if (!o) throw new ApiError(404, 'not_found');
        return o;
      },
      createOrder: async (_body: CreateOrderBody, key: string) => {
        let id = this.creates.get(key);
        if (!id) {
          id = `o${this.orders.size + 1}`;
          this.orders.set(id, { ...orderIn('CREATED'), _id: id });
          this.creates.set(key, id);
        }
        if (this.lose.create) {
          this.lose.create = false;
          throw lost();
        }
        return this.orders.get(id)!;
      },
      authorizeOrder: async (id: string, body: AuthorizeBody, key: string) => {
        this.bodies.push(body);
        let answer = this.authorizations.get(key);
        if (!answer) {
          const o = this.orders.get(id)!;
          if (o.state !== 'CREATED' && o.state !== 'PAYMENT_PENDING') throw new ApiError(409, 'conflict');
          if (this.card === 'refuses') throw new ApiError(422, 'refused', undefined, { reason: 'method_not_accepted' });
          if (this.card === 'asksSecondFactor') {
            throw new ApiError(403, 'forbidden', undefined, { reason: 'second_factor_required', orderId: id });
          }
          this.holds.set(id, (this.holds.get(id) ?? 0) + 1);
          this.set(id, this.card === 'approves' ? 'PAYMENT_AUTHORIZED' : 'FAILED');
          answer = this.orders.get(id)!;
          this.authorizations.set(key, answer);
        }
        if (this.lose.authorize) {
          this.lose.authorize = false;
          throw lost();
        }
        return answer;
      },
    };
  }
}

const prepay = (s: Selection = selection): PayFlow => ({ kind: 'prepay', selection: s, thingId: null });

/** Pay and keep going on a lost answer's error (the driver presses pay again). */
async function attempt(run: () => Promise<Order>): Promise<Order | ApiError> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('payOrder: one key store, kept across presses of pay and reloads', () => {
  it.each([
    ['the create answer was lost', { create: true }],
    ['the authorize answer was lost', { authorize: true }],
  ])('prepay, %s: pressing pay again after a reload pays the same order once', async (_name, lose) => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    server.lose = { ...lose };
    expect(await attempt(() => payOrder(server.ports(storage), prepay(), visa))).toMatchObject({ status: 0 });
    // A reload: new ports, the same storage.
    const paid = await payOrder(server.ports(storage), prepay(), visa);
    expect(paid.state).toBe('PAYMENT_AUTHORIZED');
    expect(server.orders.size).toBe(1);
    expect([...server.holds.values()]).toEqual([1]);
  });

  it.each<[string, PayFlow['kind']]>([
    ['postpay', 'postpay'],
    ['wash', 'wash'],
  ])('%s, the authorize answer was lost: the same card after a reload replays its key', async (_name, kind) => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    const o = server.priced();
    server.lose = { authorize: true };
    // The page still has the order as it was (PAYMENT_PENDING) when pay is pressed again.
    const flow = { kind, order: o } as PayFlow;
    expect(await attempt(() => payOrder(server.ports(storage), flow, visa))).toMatchObject({ status: 0 });
    const paid = await payOrder(server.ports(storage), flow, visa);
    expect(paid.state).toBe('PAYMENT_AUTHORIZED');
    expect(server.holds.get(o._id)).toBe(1);
    expect(server.authorizations.size).toBe(1);
  });

  it.each<[string, Card, 'kept' | 'cleared']>([
    ['approved: the attempt is kept (a reload follows its order)', 'approves', 'kept'],
    ['declined (FAILED): the next press is a new order', 'declines', 'cleared'],
    ['refused (method_not_accepted): the next press is a new attempt', 'refuses', 'cleared'],
    ['a second factor asked: the same attempt goes on once it is answered', 'asksSecondFactor', 'kept'],
  ])('prepay %s', async (_name, card, after) => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    server.card = card;
    await attempt(() => payOrder(server.ports(storage), prepay(), visa));
    if (after === 'cleared') expect(storage.attempt).toBeNull();
    else expect(storage.attempt).toMatchObject({ orderId: 'o1', authorizeKeys: { visa: expect.any(String) } });
  });

  it('a declined card, then pay again: a second order with new keys (the first is spent)', async () => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    server.card = 'declines';
    expect((await payOrder(server.ports(storage), prepay(), visa)).state).toBe('FAILED');
    server.card = 'approves';
    const paid = await payOrder(server.ports(storage), prepay(), visa);
    expect(paid).toMatchObject({ _id: 'o2', state: 'PAYMENT_AUTHORIZED' });
    expect(server.creates.size).toBe(2);
  });

  it.each([
    ['another pump', { ...selection, productId: 'p4' }, 2],
    ['another amount', { ...selection, amount: 5000 }, 2],
    ['the same selection (a stored attempt whose order waits for payment)', selection, 1],
  ])('prepay with %s after a lost create answer: %i order(s)', async (_name, next, orders) => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    server.lose = { create: true };
    await attempt(() => payOrder(server.ports(storage), prepay(), visa));
    await payOrder(server.ports(storage), prepay(next), visa);
    expect(server.orders.size).toBe(orders);
  });

  it('an attempt older than its time to live is not replayed', async () => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    server.lose = { create: true };
    await attempt(() =>
      payOrder(
        server.ports(storage, () => 0),
        prepay(),
        visa,
      ),
    );
    await payOrder(
      server.ports(storage, () => ATTEMPT_TTL_MS),
      prepay(),
      visa,
    );
    expect(server.creates.size).toBe(2);
  });

  it('a stored order the server no longer knows (404) starts a new attempt', async () => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    server.lose = { authorize: true };
    await attempt(() => payOrder(server.ports(storage), prepay(), visa));
    server.orders.clear();
    const paid = await payOrder(server.ports(storage), prepay(), visa);
    expect(paid.state).toBe('PAYMENT_AUTHORIZED');
    expect(server.creates.size).toBe(2);
  });

  it('one key per means: another card on the same order is another request, the same card replays', async () => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    const o = server.priced();
    server.card = 'asksSecondFactor';
    await attempt(() => payOrder(server.ports(storage), { kind: 'postpay', order: o }, visa));
    const visaKey = storage.attempt?.authorizeKeys.visa;
    await attempt(() => payOrder(server.ports(storage), { kind: 'postpay', order: o }, visa));
    expect(storage.attempt?.authorizeKeys.visa).toBe(visaKey);
    await attempt(() => payOrder(server.ports(storage), { kind: 'postpay', order: o }, mastercard));
    expect(Object.keys(storage.attempt?.authorizeKeys ?? {})).toEqual(['visa', 'mastercard']);
    expect(storage.attempt?.authorizeKeys.mastercard).not.toBe(visaKey);
  });

  it("paying another order does not reuse the last order's keys", async () => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    const first = server.priced();
    await payOrder(server.ports(storage), { kind: 'postpay', order: first }, visa);
    const firstKey = storage.attempt?.authorizeKeys.visa;
    const second = server.priced();
    await payOrder(server.ports(storage), { kind: 'wash', order: second }, visa);
    expect(storage.attempt).toMatchObject({ orderId: second._id, selection: null, createKey: null });
    expect(storage.attempt?.authorizeKeys.visa).not.toBe(firstKey);
    expect(server.holds.get(second._id)).toBe(1);
  });
});

describe('payOrder: the one 409 recovery ("not waiting for payment")', () => {
  it.each<[string, PayFlow['kind'], OrderState, 'follows' | 'refused']>([
    ['postpay paid meanwhile (another tab, a lost answer)', 'postpay', 'PAYMENT_AUTHORIZED', 'follows'],
    ['wash paid meanwhile', 'wash', 'PAYMENT_AUTHORIZED', 'follows'],
    ['postpay already fuelled and captured', 'postpay', 'COMPLETED', 'follows'],
    ['wash cancelled meanwhile (the summary shows the payment error)', 'wash', 'CANCELLED', 'follows'],
    ['postpay still waiting for payment: the refusal stands', 'postpay', 'PAYMENT_PENDING', 'refused'],
  ])('%s', async (_name, kind, stateNow, outcome) => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    const o = server.priced();
    const flow = { kind, order: o } as PayFlow;
    const ports = server.ports(storage);
    // The server answers 409 to this key whatever the order is now (as it would for a paid one).
    ports.authorizeOrder = async () => {
      server.set(o._id, stateNow);
      throw new ApiError(409, 'conflict');
    };
    const result = await attempt(() => payOrder(ports, flow, visa));
    if (outcome === 'follows') expect(result).toMatchObject({ _id: o._id, state: stateNow });
    else expect(result).toMatchObject({ status: 409 });
  });

  it('prepay: the 409 of an order paid meanwhile follows that order', async () => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    const ports = server.ports(storage);
    const create = ports.createOrder;
    ports.createOrder = async (...args) => {
      const created = await create(...args);
      // Paid by a request whose answer never came (another key): this one is refused.
      server.set(created._id, 'PAYMENT_AUTHORIZED');
      return created;
    };
    expect(await payOrder(ports, prepay(), visa)).toMatchObject({ _id: 'o1', state: 'PAYMENT_AUTHORIZED' });
    expect(server.holds.size).toBe(0);
  });
});

describe('payOrder: what it sends', () => {
  it('the authorize price is the selection (prepay) or the order total (postpay, wash), and 3-D Secure returns to this order', async () => {
    const server = new FakeServer();
    const storage = { attempt: null as Attempt | null };
    const urls = { success: 'https://app.example/pay/prepay/fueling?pid=s1', error: 'https://app.example/error' };
    await payOrder(server.ports(storage), prepay(), { ...visa, userInteraction: { urls } });
    const o = server.priced();
    await payOrder(server.ports(storage), { kind: 'wash', order: o }, { ...visa, userInteraction: { urls } });
    expect(server.bodies.map((b) => [b.authorizePrice.amount, b.userInteraction?.urls?.success])).toEqual([
      [3000, 'https://app.example/pay/prepay/fueling?pid=s1&orderId=o1'],
      [4250, `https://app.example/pay/prepay/fueling?pid=s1&orderId=${o._id}`],
    ]);
    expect(server.bodies[1]?.paymentMethodId).toBe('visa');
  });
});
