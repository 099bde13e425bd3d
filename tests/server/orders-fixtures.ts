// Helpers of the order tests: a driver with the sandbox test cards and a vehicle, order calls with idempotency keys,
// and a fake-clock loop that ticks the simulator.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Order, order as orderSchema } from '../../contract/orders';
import { paymentLedger } from '../../server/db/schema';
import type { Simulator } from '../../server/forecourt/simulator';
import { addTestCards } from '../../server/psp/add-test-cards';
import { addThing } from '../../server/services/things';
import { type FakeClock, type Loose, type Registered, type Reply, registerUser, type TestServer } from './helpers';
import { createStation } from './stations-fixtures';

export type Driver = Registered & { visaId: string; decliningId: string; thingId: string };

export async function newDriver(s: TestServer): Promise<Driver> {
  const user = await registerUser(s);
  const cards = await addTestCards({ ctx: s.ctx, input: { userId: user.id, holderName: 'Test Driver' } });
  const thing = await addThing({ ctx: s.ctx, input: { userId: user.id, nickName: 'My car', licensePlate: 'T-ES 1' } });
  return {
    ...user,
    visaId: cards.find((c) => c.behavior === 'approve')?.id as string,
    decliningId: cards.find((c) => c.behavior === 'decline')?.id as string,
    thingId: thing.id,
  };
}

export const key = () => randomUUID();

/** A fresh station, driver and a CREATED order for pump 1 (SUPER E5 at 1.789). */
export async function createdOrder(server: TestServer) {
  const st = await createStation(server.ctx);
  const d = await newDriver(server);
  const pumpId = st.products[0]!.id;
  const res = await createOrderReq(server, d.token, orderBody(st.id, pumpId, 'SUPER_E5', { thingId: d.thingId }));
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return { st, d, pumpId, order: orderSchema.parse(res.body) };
}

export function createOrderReq(
  s: TestServer,
  token: string,
  body: Record<string, unknown>,
  opts: { key?: string | null; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const k = opts.key === undefined ? key() : opts.key;
  return s.request('/api/v4/order', {
    token,
    body,
    headers: { ...(k === null ? {} : { 'Idempotency-Key': k }), ...opts.headers },
  });
}

export const orderBody = (poiId: string, productId: string, fuelTypeId = 'SUPER_E5', extra: Loose = {}) => ({
  poiId,
  autoAcquire: true,
  products: [{ productId, fuelTypeId }],
  ...extra,
});

export const authBody = (amount: number, paymentMethodId?: string, currency = 'EUR') => ({
  authorizePrice: { amount, currency, precision: 2 },
  ...(paymentMethodId ? { paymentMethodId } : {}),
});

export function authorizeReq(s: TestServer, token: string, orderId: string, body: unknown, k: string = key()) {
  return s.request(`/api/v4/order/${orderId}/authorize`, { token, body, headers: { 'Idempotency-Key': k } });
}

export async function getOrder(s: TestServer, token: string, orderId: string): Promise<Order> {
  const res = await s.request(`/api/v4/order/${orderId}`, { token });
  if (res.status !== 200) throw new Error(`GET order ${res.status} ${res.text}`);
  return orderSchema.parse(res.body);
}

/** Advances the fake clock in steps, ticking the simulator after each, until `until` holds or time runs out. */
export async function runUntil(
  clock: FakeClock,
  sim: Simulator,
  until: () => Promise<boolean>,
  opts: { maxMs?: number; stepMs?: number } = {},
): Promise<void> {
  const max = opts.maxMs ?? 600_000;
  const step = opts.stepMs ?? 1000;
  for (let done = 0; done <= max; done += step) {
    if (await until()) return;
    clock.advance(step);
    await sim.tick();
  }
  throw new Error('runUntil: condition not reached');
}

export async function ledgerOf(s: TestServer, orderId: string) {
  return s.ctx.db.select().from(paymentLedger).where(eq(paymentLedger.orderId, orderId)).orderBy(paymentLedger.seq);
}

export async function deviceState(s: TestServer, stationId: string, productId: string) {
  const res = await s.request(`/forecourt/api/stations/${stationId}`);
  return res.body.devices.find((d: { productId: string }) => d.productId === productId) as {
    state: string;
    amount: number;
    quantity: number;
  };
}
