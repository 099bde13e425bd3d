// The payment port (issue 33.3): the order services move money only through ctx.payments. A recording wrapper of the
// sandbox sees every hold, capture and release of a prepay fill, a cancel and a postpay payment, with the amounts the
// ledger shows; another adapter (an issuer that declines everything) changes the outcome without touching psp/.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import type { PaymentProvider } from '../../server/payment-provider';
import { sandboxProvider } from '../../server/psp/sandbox-provider';
import { drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createdOrder, getOrder, ledgerOf, runUntil } from './orders-fixtures';

type Call = [name: string, orderId: string, amount?: number];

/** The sandbox, with every money call written down (order id and amount). */
function recording(calls: Call[]): PaymentProvider {
  return {
    ...sandboxProvider,
    async hold(tx, input) {
      calls.push(['hold', input.orderId, input.amount]);
      return sandboxProvider.hold(tx, input);
    },
    async capture(tx, input) {
      calls.push(['capture', input.orderId, input.capture]);
      return sandboxProvider.capture(tx, input);
    },
    async release(tx, input) {
      const released = await sandboxProvider.release(tx, input);
      calls.push(['release', input.orderId, released]);
      return released;
    },
  };
}

describe.each(drivers)('the payment port (%s)', (driver) => {
  const t = useServer(driver);
  const calls: Call[] = [];
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock, payments: recording(calls) });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  const created = createdOrder;
  const of = (orderId: string) => calls.filter((c) => c[1] === orderId).map(([name, , amount]) => [name, amount]);

  it('a prepay fill: one hold of the authorized amount, one capture of what was dispensed, as the ledger says', async () => {
    const { d, order } = await created(s);
    expect((await authorizeReq(s, d.token, order._id, authBody(3000, d.visaId))).status).toBe(200);
    await runUntil(clock, sim, async () => (await getOrder(s, d.token, order._id)).state === 'COMPLETED', {
      stepMs: 500,
    });
    expect(of(order._id)).toEqual([
      ['hold', 3000],
      ['capture', 3000],
    ]);
    expect((await ledgerOf(s, order._id)).map((l) => [l.kind, l.amount])).toEqual([
      ['HOLD', 3000],
      ['CAPTURE', 3000],
    ]);
  });

  it('a cancel before fuel: the hold goes back through the port', async () => {
    const { d, order } = await created(s);
    expect((await authorizeReq(s, d.token, order._id, authBody(2000, d.visaId))).status).toBe(200);
    const cancelled = await s.request(`/api/v4/order/${order._id}/cancel`, { method: 'POST', token: d.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('CANCELLED');
    expect(of(order._id)).toEqual([
      ['hold', 2000],
      ['release', 2000],
    ]);
  });

  it('another adapter decides: an issuer that declines every card fails the order with its reason and holds nothing', async () => {
    const holds: string[] = [];
    const strict: PaymentProvider = {
      ...sandboxProvider,
      verdict: () => ({ kind: 'decline', reason: 'Payment declined: the test issuer says no' }),
      async hold(tx, input) {
        holds.push(input.orderId);
        return sandboxProvider.hold(tx, { ...input, method: { ...input.method, behavior: 'decline' } });
      },
    };
    const other = await t.server.withEnv({}, { clock, payments: strict });
    const { d, order } = await created(other);
    const res = await authorizeReq(other, d.token, order._id, authBody(2000, d.visaId));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'FAILED',
      error: { message: 'Payment declined: the test issuer says no' },
    });
    // The declined attempt is recorded by the provider (its DECLINE entry); nothing is held.
    expect(holds).toEqual([order._id]);
    expect((await ledgerOf(other, order._id)).map((l) => l.kind)).toEqual(['DECLINE']);
  });
});
