// The simulated forecourt under a fake clock: device state machines, meters, the simulated driver, the POI view.
import { beforeAll, describe, expect, it } from 'vitest';
import { poi as poiSchema } from '../../contract/stations';
import { createSimulator } from '../../server/forecourt/simulator';
import type { SeedProduct } from '../../server/seed/stations';
import {
  amountFor,
  authorizeConnector,
  issueRedemptionCode,
  quantityCapFor,
  releasePump,
  startCharging,
  startFlow,
  stopCharging,
  transition,
} from '../../server/services/forecourt';
import { deviceAction, drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { charger, createStation, pump, washBay } from './stations-fixtures';

describe('transition tables', () => {
  it('refuse moves that are not in the table with 409 conflict', () => {
    expect(transition('PUMP', 'IDLE', 'release')).toBe('RELEASED');
    expect(() => transition('PUMP', 'IDLE', 'hangUp')).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'conflict' }),
    );
    expect(() => transition('PUMP', 'FAULT', 'lift')).toThrow(expect.objectContaining({ kind: 'conflict' }));
    expect(() => transition('CONNECTOR', 'Available', 'startCharging')).toThrow(
      expect.objectContaining({ kind: 'conflict' }),
    );
    expect(() => transition('WASH', 'WASHING', 'startWash')).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });

  it('rounds amounts down and caps the quantity at the prepaid maximum', () => {
    expect(amountFor(1000, 1789, 3)).toBe(178);
    expect(amountFor(833, 59, 2)).toBe(49);
    const cap = quantityCapFor(2000, 1789, 3);
    expect(amountFor(cap, 1789, 3)).toBe(2000);
    expect(amountFor(cap + 1, 1789, 3)).toBeGreaterThan(2000);
  });
});

describe.each(drivers)('simulated forecourt (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let fast: TestServer;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    fast = await t.server.withEnv({ FORECOURT_SPEED: '10' }, { clock });
  });

  const device = async (server: TestServer, stationId: string, productId: string) => {
    const res = await server.request(`/forecourt/api/stations/${stationId}`);
    expect(res.status).toBe(200);
    return res.body.devices.find((d: { productId: string }) => d.productId === productId);
  };
  const productStatus = async (server: TestServer, stationId: string, productId: string) => {
    const poi = poiSchema.parse((await server.request(`/api/v4/pois/${stationId}`)).body);
    return { poi, product: poi.products.find((p) => p._id === productId) };
  };
  const act = (server: TestServer, productId: string, action: string, body?: unknown) =>
    deviceAction(server, productId, action, body);
  /** Advances the fake clock in steps of `stepMs`, ticking the simulator after each. */
  const run = async (sim: ReturnType<typeof createSimulator>, totalMs: number, stepMs = 500) => {
    for (let done = 0; done < totalMs; done += stepMs) {
      clock.advance(stepMs);
      await sim.tick();
    }
  };

  it('prepay: release -> the driver lifts -> dispenses to the prepaid maximum -> hangs up -> idle', async () => {
    const st = await createStation(s.ctx);
    const pumpId = st.products[0]!.id;
    const sim = createSimulator(s.ctx, { ambient: false });
    const released = await releasePump({
      ctx: s.ctx,
      input: {
        productId: pumpId,
        itemCode: 'DIESEL',
        maxAmount: 3000,
        orderId: 'order-1',
      },
    });
    expect(released).toMatchObject({ state: 'RELEASED', status: 'IN_USE', driver: 'auto', itemCode: 'DIESEL' });
    expect((await productStatus(s, st.id, pumpId)).product?.attributes).toMatchObject({
      status: 'IN_USE',
      deviceState: 'RELEASED',
    });

    await run(sim, 2500);
    expect((await device(s, st.id, pumpId)).state).toBe('RELEASED');
    await run(sim, 1000);
    expect((await device(s, st.id, pumpId)).state).toBe('NOZZLE_LIFTED');
    await run(sim, 1500);
    expect((await device(s, st.id, pumpId)).state).toBe('DISPENSING');

    clock.advance(10_000);
    const mid = await device(s, st.id, pumpId);
    // 0.5-0.7 l/s since the flow started (the state change to DISPENSING).
    const seconds = (clock.now().getTime() - new Date(mid.changedAt).getTime()) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(10);
    expect(mid.quantity).toBeGreaterThanOrEqual(Math.floor(500 * seconds));
    expect(mid.quantity).toBeLessThanOrEqual(Math.ceil(700 * seconds));
    expect(mid.amount).toBe(Math.floor((mid.quantity * 1659) / 10_000));

    await run(sim, 120_000, 1000);
    const done = await device(s, st.id, pumpId);
    expect(done.state).toBe('IDLE');
    expect(done.amount).toBe(3000);
    expect(done.quantity).toBe(quantityCapFor(3000, 1659, 3));
    expect((await productStatus(s, st.id, pumpId)).product?.attributes.status).toBe('AVAILABLE');
  });

  it('dispenses at the given flow: volume = flow x time, amount = volume x unit price rounded down', async () => {
    const st = await createStation(s.ctx, { products: [pump('1', { prepay: false, price: 1789 })] });
    const pumpId = st.products[0]!.id;
    expect((await act(s, pumpId, 'lift')).body).toMatchObject({ state: 'NOZZLE_LIFTED', driver: 'manual' });
    await startFlow({ ctx: s.ctx, input: { productId: pumpId, flowMlPerS: 600 } });
    clock.advance(10_000);
    const d = await device(s, st.id, pumpId);
    expect(d).toMatchObject({ state: 'DISPENSING', quantity: 6000, amount: 1073, currency: 'EUR', status: 'IN_USE' });
    const hung = await act(s, pumpId, 'hang-up');
    expect(hung.body).toMatchObject({ state: 'HUNG_UP', quantity: 6000, amount: 1073 });
    clock.advance(60_000);
    expect((await device(s, st.id, pumpId)).quantity).toBe(6000);
    const sim = createSimulator(s.ctx, { ambient: false });
    await run(sim, 3500);
    expect((await device(s, st.id, pumpId)).state).toBe('IDLE');
  });

  it('a manual fill stops the flow at the prepaid maximum until the nozzle is hung up', async () => {
    const st = await createStation(s.ctx);
    const pumpId = st.products[0]!.id;
    expect((await act(s, pumpId, 'release', { maxAmount: 2000 })).status).toBe(200);
    await act(s, pumpId, 'lift');
    const sim = createSimulator(s.ctx, { ambient: false });
    await run(sim, 2000);
    expect((await device(s, st.id, pumpId)).state).toBe('DISPENSING');
    await run(sim, 100_000, 5000);
    const d = await device(s, st.id, pumpId);
    expect(d).toMatchObject({ state: 'DISPENSING', amount: 2000, capped: true, maxAmount: 2000 });
    expect((await act(s, pumpId, 'hang-up')).body).toMatchObject({ state: 'HUNG_UP', amount: 2000 });
  });

  it('fault -> OUT_OF_ORDER in the POI; clear fault -> AVAILABLE', async () => {
    const st = await createStation(s.ctx, { products: [pump('1'), charger('2'), washBay('Bay 1')] });
    for (const p of st.products) {
      // An EV port shows what its OCPP charge point reports (tests/server/ocpp.test.ts); none is connected here.
      const port = p.facility === 'CHARGER';
      expect((await act(s, p.id, 'fault')).status).toBe(200);
      expect((await productStatus(s, st.id, p.id)).product?.attributes.status).toBe(
        port ? 'UNAVAILABLE' : 'OUT_OF_ORDER',
      );
      expect((await act(s, p.id, 'lift')).status).toBe(p.facility === 'PUMP' ? 409 : 404);
      expect((await act(s, p.id, 'clear-fault')).status).toBe(200);
      expect((await productStatus(s, st.id, p.id)).product?.attributes.status).toBe(port ? 'UNAVAILABLE' : 'AVAILABLE');
    }
    expect((await act(s, st.products[0]!.id, 'out-of-order')).body).toMatchObject({ state: 'OUT_OF_ORDER' });
    expect((await productStatus(s, st.id, st.products[0]!.id)).product?.attributes.status).toBe('OUT_OF_ORDER');
  });

  it('station offline -> POI OFFLINE with UNAVAILABLE products; a release is refused; online again', async () => {
    const st = await createStation(s.ctx);
    const off = await s.request(`/forecourt/api/stations/${st.id}/offline`, { method: 'POST', body: {} });
    expect(off.body).toMatchObject({ status: 'OFFLINE' });
    const { poi } = await productStatus(s, st.id, st.products[0]!.id);
    expect(poi.status).toBe('OFFLINE');
    expect(poi.products.every((p) => p.attributes.status === 'UNAVAILABLE')).toBe(true);
    expect((await act(s, st.products[0]!.id, 'release')).status).toBe(409);
    await s.request(`/forecourt/api/stations/${st.id}/online`, { method: 'POST', body: {} });
    expect((await productStatus(s, st.id, st.products[0]!.id)).poi.status).toBe('ONLINE');
    expect(
      (await s.request('/forecourt/api/stations/ffffffffffffffffffffffff/offline', { method: 'POST', body: {} }))
        .status,
    ).toBe(404);
  });

  it('EV: Available -> Preparing -> Charging (Wh = power x time) -> Finishing -> Available', async () => {
    const st = await createStation(s.ctx, { type: 'EV_STATION', products: [charger('1', 50, 59)] });
    const id = st.products[0]!.id;
    const sim = createSimulator(s.ctx, { ambient: false });
    expect((await act(s, id, 'plug')).body).toMatchObject({ state: 'Preparing', plugged: true, status: 'IN_USE' });
    await run(sim, 5000);
    expect((await device(s, st.id, id)).state).toBe('Preparing'); // plugged, not authorized: waits
    await authorizeConnector({ ctx: s.ctx, input: { productId: id, orderId: 'ev-order' } });
    await run(sim, 2000);
    expect((await device(s, st.id, id)).state).toBe('Charging');
    clock.advance(72_000); // 50 kW for 72 s = 1000 Wh
    expect(await device(s, st.id, id)).toMatchObject({ state: 'Charging', quantity: 1000, unit: 'Wh', amount: 59 });
    await run(sim, 10_000, 1000); // an order's session is not stopped by the simulator
    const finishing = await stopCharging({ ctx: s.ctx, input: { productId: id } });
    expect(finishing).toMatchObject({ state: 'Finishing', quantity: 1138, amount: Math.floor((1138 * 59) / 1000) });
    expect((await act(s, id, 'unplug')).body).toMatchObject({ state: 'Available', status: 'AVAILABLE' });
  });

  it('EV with the simulated driver: authorize -> plugs in -> charges -> suspends at the prepaid maximum', async () => {
    const st = await createStation(s.ctx, { type: 'EV_STATION', products: [charger('1', 150, 59)] });
    const id = st.products[0]!.id;
    const sim = createSimulator(s.ctx, { ambient: false });
    await authorizeConnector({ ctx: s.ctx, input: { productId: id, maxAmount: 500 } });
    await run(sim, 3500);
    expect(await device(s, st.id, id)).toMatchObject({ state: 'Preparing', plugged: true, authorized: true });
    await run(sim, 2500);
    expect((await device(s, st.id, id)).state).toBe('Charging');
    await run(sim, 600_000, 10_000);
    const d = await device(s, st.id, id);
    expect(d.amount).toBe(500);
    expect(['SuspendedEV', 'Finishing', 'Available']).toContain(d.state);
  });

  it('refuses illegal moves with 409 conflict', async () => {
    const st = await createStation(s.ctx, { products: [pump('1'), charger('2')] });
    const [p, c] = st.products as [SeedProduct, SeedProduct];
    for (const [id, action] of [
      [p.id, 'hang-up'],
      [p.id, 'clear-fault'],
      [c.id, 'unplug'],
      [c.id, 'stop-charging'],
    ] as const) {
      const res = await act(s, id, action);
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe('conflict');
    }
    await act(s, c.id, 'plug');
    expect((await act(s, c.id, 'plug')).status).toBe(409);
    await expect(startCharging({ ctx: s.ctx, input: { productId: c.id } })).rejects.toMatchObject({ kind: 'conflict' });
    expect((await act(s, p.id, 'plug')).status).toBe(404);
    expect((await act(s, p.id, 'explode')).status).toBe(404);
    expect((await act(s, 'ffffffffffffffffffffffff', 'lift')).status).toBe(404);
  });

  it('honours FORECOURT_SPEED: 10 s of real time are 100 simulated seconds', async () => {
    const st = await createStation(fast.ctx, { products: [pump('1', { prepay: false })] });
    const id = st.products[0]!.id;
    await act(fast, id, 'lift');
    await startFlow({ ctx: fast.ctx, input: { productId: id, flowMlPerS: 500 } });
    clock.advance(10_000);
    expect((await device(fast, st.id, id)).quantity).toBe(50_000);
    // The simulated driver is 10x quicker too: a release is lifted after 0.3 s, not 3 s.
    const st2 = await createStation(fast.ctx);
    const id2 = st2.products[0]!.id;
    await releasePump({ ctx: fast.ctx, input: { productId: id2 } });
    const sim = createSimulator(fast.ctx, { ambient: false });
    await run(sim, 400, 100);
    expect((await device(fast, st2.id, id2)).state).not.toBe('RELEASED');
  });

  it('continues a running fill from the database after a restart', async () => {
    const st = await createStation(s.ctx, { products: [pump('1', { prepay: false })] });
    const id = st.products[0]!.id;
    await act(s, id, 'lift');
    await startFlow({ ctx: s.ctx, input: { productId: id, flowMlPerS: 700 } });
    clock.advance(5000);
    const restarted = await t.server.withEnv({}, { clock });
    expect((await device(restarted, st.id, id)).quantity).toBe(3500);
  });

  it('car wash: start -> WASHING (IN_USE) -> IDLE after the programme; redemption codes', async () => {
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1'), pump('1')] });
    const [bay, p] = st.products as [SeedProduct, SeedProduct];
    expect((await act(s, bay.id, 'start-wash')).body).toMatchObject({ state: 'WASHING', status: 'IN_USE' });
    const sim = createSimulator(s.ctx, { ambient: false });
    await run(sim, 230_000, 10_000);
    expect((await device(s, st.id, bay.id)).state).toBe('WASHING');
    await run(sim, 20_000, 10_000);
    expect((await device(s, st.id, bay.id)).state).toBe('IDLE');

    const code = await issueRedemptionCode({ ctx: s.ctx, input: { productId: bay.id } });
    expect(code.code).toMatch(/^\d{8}$/);
    expect(new Date(code.expiresAt).getTime()).toBe(clock.now().getTime() + 30 * 24 * 3600 * 1000);
    await expect(issueRedemptionCode({ ctx: s.ctx, input: { productId: p.id } })).rejects.toMatchObject({
      kind: 'conflict',
    });
    await expect(
      issueRedemptionCode({ ctx: s.ctx, input: { productId: 'ffffffffffffffffffffffff' } }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('ambient traffic off: idle devices stay idle', async () => {
    const st = await createStation(s.ctx);
    const sim = createSimulator(s.ctx, { ambient: false });
    await run(sim, 120_000, 20_000);
    for (const p of st.products) expect((await device(s, st.id, p.id)).state).toBe('IDLE');
  });
});
