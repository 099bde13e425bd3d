// The odometer of an order (pay-flows.md §5 Odometer, §7 Orders): carOdometerM on create and on PATCH update-order may
// not be lower than the vehicle's last reading (422 with a clear message); a paid order's reading becomes the
// vehicle's (its history event), so the next order is checked against it.
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema } from '../../contract/orders';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { drivers, type FakeClock, fakeClock, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, getOrder, newDriver, orderBody, runUntil } from './orders-fixtures';
import { createStation, washBay } from './stations-fixtures';

describe.each(drivers)('odometer on orders (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  it("a reading lower than the vehicle's last one is refused (422) on create and on update-order", async () => {
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
    const d = await newDriver(s);
    const bay = st.products[0]!.id;
    const body = (km: number) => orderBody(st.id, bay, 'WASH_BASIC', { thingId: d.thingId, carOdometerM: km * 1000 });

    // A paid order with 50,000 km: its reading becomes the vehicle's once it completes.
    const first = orderSchema.parse((await createOrderReq(s, d.token, body(50_000))).body);
    expect((await authorizeReq(s, d.token, first._id, authBody(900, d.visaId))).status).toBe(200);
    await runUntil(clock, sim, async () => (await getOrder(s, d.token, first._id)).state === 'COMPLETED', {
      maxMs: 30_000,
    });

    const lower = await createOrderReq(s, d.token, body(49_999));
    expect(lower.status).toBe(422);
    expect(lower.body.message).toBe('The mileage is lower than the previous reading');
    expect(lower.body.details).toEqual([
      { path: 'odometer', message: 'below_previous', limit: 50_000_000, at: expect.any(String) },
    ]);

    const same = await createOrderReq(s, d.token, body(50_000));
    expect(same.status).toBe(201);
    const next = orderSchema.parse(same.body);
    const patch = (km: number) =>
      s.request(`/api/v4/order/${next._id}/update-order`, {
        method: 'PATCH',
        token: d.token,
        body: { carOdometerM: km * 1000 },
        headers: { 'Idempotency-Key': `odo-${km}-${next._id}` },
      });
    expect((await patch(40_000)).status).toBe(422);
    expect((await patch(50_120)).status).toBe(200);
    // Without a vehicle there is nothing to compare with.
    const other = await createOrderReq(s, d.token, orderBody(st.id, bay, 'WASH_BASIC', { carOdometerM: 1000 }));
    expect(other.status).toBe(201);
  });
});
