// Model-based test (fast-check): random sequences of driver, app and forecourt actions on one pump — create,
// authorize (approving or declining card), repeated requests with the same Idempotency-Key, lift, trigger, time
// passing, hang up, cancel, acquire/stop — must keep the money and state invariants after every step.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isTerminal, type Order, order as orderSchema } from '../../contract/orders';
import { paymentLedger } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { startFlow } from '../../server/services/forecourt';
import { deviceAction, drivers, type FakeClock, fakeClock, type Reply, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, type Driver, key, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

type Cmd =
  | { kind: 'create'; replay: boolean }
  | { kind: 'authorize'; decline: boolean; amount: number; replay: boolean }
  | { kind: 'lift' | 'trigger' | 'hangUp' | 'cancel' | 'stop' }
  | { kind: 'wait'; seconds: number };

const command: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), replay: fc.boolean() }),
  fc.record({
    kind: fc.constant('authorize' as const),
    decline: fc.boolean(),
    amount: fc.constantFrom(500, 2000, 8000),
    replay: fc.boolean(),
  }),
  fc.constantFrom<Cmd>({ kind: 'lift' }, { kind: 'trigger' }, { kind: 'hangUp' }, { kind: 'cancel' }, { kind: 'stop' }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 40 }) }),
);

describe.each(drivers)('order model (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  let clock: FakeClock;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({ FORECOURT_AUTO_DRIVER: 'false' }, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  async function checkInvariants(d: Driver, ids: string[], seen: Map<string, Order>) {
    for (const id of ids) {
      const res = await s.request(`/api/v4/order/${id}`, { token: d.token });
      expect(res.status).toBe(200);
      const o = orderSchema.parse(res.body);
      const before = seen.get(id);
      if (before) {
        // Terminal states absorb; stateHistory only grows (the old history is a prefix of the new one).
        if (isTerminal(before.state)) expect(o.state).toBe(before.state);
        expect(o.stateHistory.length).toBeGreaterThanOrEqual(before.stateHistory.length);
        expect(o.stateHistory.slice(0, before.stateHistory.length)).toEqual(before.stateHistory);
      }
      expect(o.stateHistory.at(-1)?.state).toBe(o.state);
      seen.set(id, o);
      const ledger = await s.ctx.db.select().from(paymentLedger).where(eq(paymentLedger.orderId, id));
      const sum = (k: string) => ledger.filter((l) => l.kind === k).reduce((a, l) => a + l.amount, 0);
      const count = (k: string) => ledger.filter((l) => l.kind === k).length;
      expect(count('CAPTURE')).toBeLessThanOrEqual(1);
      expect(count('HOLD')).toBeLessThanOrEqual(1);
      expect(sum('CAPTURE')).toBeLessThanOrEqual(sum('HOLD'));
      if (count('DECLINE') > 0) expect(count('HOLD')).toBe(0);
      const settled = count('CAPTURE') + count('RELEASE') + count('VOID') > 0;
      if (settled) expect(sum('CAPTURE') + sum('RELEASE') + sum('VOID')).toBe(sum('HOLD'));
      // Once the money is final (acquired or terminal), nothing is left on hold.
      if (count('HOLD') > 0 && (isTerminal(o.state) || o.state === 'PRODUCT_ACQUIRED')) expect(settled).toBe(true);
      if (o.state === 'FAILED') expect(o.error?.message).toBe('Payment declined');
    }
  }

  it('keeps the money and state invariants for random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 16 }), async (cmds) => {
        const st = await createStation(s.ctx);
        const pumpId = st.products[0]!.id;
        const d = await newDriver(s);
        const ids: string[] = [];
        const seen = new Map<string, Order>();
        let lastCreate: { key: string; reply: Reply } | undefined;
        let lastAuth: { key: string; body: unknown; orderId: string; reply: Reply } | undefined;
        const device = (action: string) => deviceAction(s, pumpId, action);
        for (const cmd of cmds) {
          const current = ids.at(-1);
          switch (cmd.kind) {
            case 'create': {
              if (cmd.replay && lastCreate) {
                const again = await createOrderReq(s, d.token, orderBody(st.id, pumpId), { key: lastCreate.key });
                expect(again.status).toBe(lastCreate.reply.status);
                expect(again.text).toBe(lastCreate.reply.text);
                break;
              }
              const k = key();
              const reply = await createOrderReq(s, d.token, orderBody(st.id, pumpId), { key: k });
              expect([201, 409]).toContain(reply.status); // 409: the pump is in use
              if (reply.status === 201) {
                ids.push(reply.body._id);
                lastCreate = { key: k, reply };
              }
              break;
            }
            case 'authorize': {
              if (!current) break;
              if (cmd.replay && lastAuth) {
                const again = await authorizeReq(s, d.token, lastAuth.orderId, lastAuth.body, lastAuth.key);
                if (lastAuth.reply.status === 200) expect(again.text).toBe(lastAuth.reply.text);
                break;
              }
              const body = authBody(cmd.amount, cmd.decline ? d.decliningId : d.visaId);
              const k = key();
              const reply = await authorizeReq(s, d.token, current, body, k);
              expect([200, 409]).toContain(reply.status);
              if (reply.status === 200) lastAuth = { key: k, body, orderId: current, reply };
              break;
            }
            case 'lift':
              expect([200, 409]).toContain((await device('lift')).status);
              break;
            case 'trigger':
              await startFlow({ ctx: s.ctx, input: { productId: pumpId, flowMlPerS: 600 } }).catch((e) => {
                expect(e.kind).toBe('conflict');
              });
              break;
            case 'hangUp':
              expect([200, 409]).toContain((await device('hang-up')).status);
              break;
            case 'cancel':
              if (current) {
                const r = await s.request(`/api/v4/order/${current}/cancel`, { method: 'POST', token: d.token });
                expect([200, 409]).toContain(r.status);
              }
              break;
            case 'stop':
              if (current) {
                const r = await s.request(`/api/v4/order/${current}/acquire/stop`, { method: 'PUT', token: d.token });
                expect([200, 409]).toContain(r.status);
              }
              break;
            case 'wait':
              for (let i = 0; i < cmd.seconds; i += 5) {
                clock.advance(Math.min(5, cmd.seconds - i) * 1000);
                await sim.tick();
              }
              break;
          }
          await checkInvariants(d, ids, seen);
        }
        // In the end every order gets somewhere: let the forecourt and the invoice steps run, hang up what flows.
        await device('hang-up');
        for (let i = 0; i < 10; i++) {
          clock.advance(2000);
          await sim.tick();
        }
        await checkInvariants(d, ids, seen);
        for (const id of ids) {
          const o = seen.get(id);
          if (o && o.state === 'PRODUCT_PENDING') continue; // released, nozzle never lifted: the watchdog's job
          expect(['COMPLETED', 'CANCELLED', 'FAILED', 'PROBLEM', 'CREATED']).toContain(o?.state);
        }
      }),
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? Date.now() % 100_000) },
    );
  });
});
