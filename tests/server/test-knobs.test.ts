// The test knobs (TEST_KNOBS, routes/test-knobs.ts): a station's own postpay expiry, set while the server runs, holds
// that station's unpaid orders to it and no other station's; without TEST_KNOBS, or from another machine, no knob.
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '../../contract/orders';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { startFlow } from '../../server/services/forecourt';
import { deviceAction, drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { createOrderReq, getOrder, newDriver, orderBody } from './orders-fixtures';
import { createStation, pump } from './stations-fixtures';

const EXPIRY_S = 600;

describe.each(drivers)('test knobs (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv(
      { FORECOURT_AUTO_DRIVER: 'false', POSTPAY_EXPIRY_SECONDS: String(EXPIRY_S), TEST_KNOBS: 'true' },
      { clock },
    );
    sim = createSimulator(s.ctx, { ambient: false });
  });

  const expiry = (stationId: string, seconds: number | null, address?: string) =>
    s.request(`/api/dev/knobs/stations/${stationId}/postpay-expiry`, {
      method: 'PUT',
      body: { seconds },
      ...(address ? { address } : {}),
    });

  /** An unpaid postpay order: pump 1 of a new station chosen, fuelled by hand, hung up (PAYMENT_PENDING). */
  async function unpaid() {
    const st = await createStation(s.ctx, { products: [pump('1', { prepay: false })] });
    const d = await newDriver(s);
    const pumpId = st.products[0]!.id;
    const res = await createOrderReq(s, d.token, orderBody(st.id, pumpId, 'SUPER_E5', { thingId: d.thingId }));
    expect(res.status).toBe(201);
    const order = orderSchema.parse(res.body);
    expect((await deviceAction(s, pumpId, 'lift')).status).toBe(200);
    await startFlow({ ctx: s.ctx, input: { productId: pumpId, flowMlPerS: 600 } });
    clock.advance(3000);
    await sim.tick();
    expect((await deviceAction(s, pumpId, 'hang-up')).status).toBe(200);
    await sim.tick();
    const state = async () => (await getOrder(s, d.token, order._id)).state;
    expect(await state()).toBe('PAYMENT_PENDING');
    return { stationId: st.id, state };
  }

  it("a station's expiry holds its unpaid orders to it, not another station's; null restores POSTPAY_EXPIRY_SECONDS", async () => {
    // One clock for all: the order timed here is the last one made (unpaid() moves the clock).
    const other = await unpaid();
    const short = await unpaid();
    const res = await expiry(short.stationId, 5);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stationId: short.stationId, seconds: 5 });
    clock.advance(4000);
    await sim.tick();
    expect(await short.state()).toBe('PAYMENT_PENDING');
    clock.advance(2000);
    await sim.tick();
    expect(await short.state()).toBe('FAILED');
    expect(await other.state()).toBe('PAYMENT_PENDING');

    const again = await unpaid();
    expect((await expiry(again.stationId, 5)).status).toBe(200);
    expect((await expiry(again.stationId, null)).body).toEqual({ stationId: again.stationId, seconds: EXPIRY_S });
    clock.advance(6000);
    await sim.tick();
    expect(await again.state()).toBe('PAYMENT_PENDING');
    clock.advance(EXPIRY_S * 1000);
    await sim.tick();
    expect(await again.state()).toBe('FAILED');
    expect(await other.state()).toBe('FAILED');
  });

  it('refuses another machine (403), a bad body (400) and a malformed station id (404)', async () => {
    const st = await createStation(s.ctx, { products: [pump('1', { prepay: false })] });
    expect((await expiry(st.id, 5, '203.0.113.9')).status).toBe(403);
    expect((await expiry(st.id, 0)).status).toBe(400);
    expect((await expiry('not-a-station', 5)).status).toBe(404);
  });

  it('without TEST_KNOBS there is no knob (404)', async () => {
    const plain = await t.server.withEnv({});
    const st = await createStation(plain.ctx, { products: [pump('1', { prepay: false })] });
    const res = await plain.request(`/api/dev/knobs/stations/${st.id}/postpay-expiry`, {
      method: 'PUT',
      body: { seconds: 5 },
    });
    expect(res.status).toBe(404);
  });
});
