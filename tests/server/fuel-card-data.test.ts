// A fuel card pays only with what its level needs on the order (pay-flows.md §5 "Fuel-card odometer: VIN required at
// level 2 or higher; the mileage field shows at levels 1 and 3"): the authorize refuses it with 422
// fuel_card_data_missing in the one JSON error shape, naming what is missing, until the order's vehicle has a VIN
// (PATCH /v3/things/{id}) and the order a reading (PATCH update-order). A car wash has no odometer step: not asked.
import { beforeAll, describe, expect, it } from 'vitest';
import { luhnValid } from '../../server/psp/test-cards';
import { drivers, type Registered, registerUser, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, orderBody } from './orders-fixtures';
import { createStation, washBay } from './stations-fixtures';

const VIN = 'WVWZZZ1JZXW000001';

/** A Luhn-valid fuel card number of the given level (its 7th digit). */
function fuelNumber(level: number): string {
  const body = `700000${level}00000000`;
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('no check digit');
}

describe.each(drivers)('fuel card data on authorize (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });

  async function fuelCard(user: Registered, level: number): Promise<string> {
    const res = await s.request('/api/v4/payment-methods/fuel-card', {
      token: user.token,
      body: { holder: 'Ada Driver', number: fuelNumber(level), expiry: '12/2034', tpin: '4321', brand: 'BP', vin: VIN },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  async function vehicle(user: Registered, vin?: string): Promise<string> {
    const res = await s.request('/api/things/lite', {
      method: 'POST',
      token: user.token,
      body: { type: 'car', nickName: 'Transporter', licensePlate: 'IN-FC 1', ...(vin ? { vin } : {}) },
    });
    expect(res.status, res.text).toBe(201);
    return res.body._id as string;
  }
  async function prepayOrder(user: Registered, extra: Record<string, unknown> = {}): Promise<string> {
    const st = await createStation(s.ctx, { paymentMeans: ['FUEL_CARD'] });
    const res = await createOrderReq(s, user.token, orderBody(st.id, st.products[0]!.id, 'SUPER_E5', extra));
    expect(res.status, res.text).toBe(201);
    return res.body._id as string;
  }
  const updateOrder = (user: Registered, orderId: string, body: Record<string, unknown>) =>
    s.request(`/api/v4/order/${orderId}/update-order`, {
      method: 'PATCH',
      token: user.token,
      body,
      headers: { 'Idempotency-Key': `upd-${orderId}-${JSON.stringify(body)}` },
    });
  /** The rule passed: the next check (the validation step's proof, not sent here) answers instead. */
  const pastTheRule = { status: 403, details: { reason: 'validation_required' } };
  const refusal = (missing: string[], level: number, paymentMethodId: string, thingId: string | null) => ({
    status: 422,
    body: {
      code: 'fuel_card_data_missing',
      message: expect.stringContaining(`level ${level} fuel card`),
      errorDescription: expect.any(String),
      details: { reason: 'fuel_card_data_missing', missing, level, paymentMethodId, thingId },
    },
  });

  it('level 2: refused while the order has no vehicle, or one without a VIN; paid past the rule once the vehicle has one', async () => {
    const user = await registerUser(s);
    const card = await fuelCard(user, 2);
    // No vehicle on the order at all (the card's own VIN is not the vehicle's).
    const bare = await prepayOrder(user);
    expect(await authorizeReq(s, user.token, bare, authBody(3000, card))).toMatchObject(
      refusal(['vin'], 2, card, null),
    );
    // A vehicle without a VIN.
    const car = await vehicle(user);
    const orderId = await prepayOrder(user, { thingId: car });
    const refused = await authorizeReq(s, user.token, orderId, authBody(3000, card));
    expect(refused).toMatchObject(refusal(['vin'], 2, card, car));
    // No mileage asked at level 2; the VIN saved on the vehicle is enough, for the same order.
    const saved = await s.request(`/api/v3/things/${car}`, { method: 'PATCH', token: user.token, body: { vin: VIN } });
    expect(saved.status, saved.text).toBe(200);
    expect(await authorizeReq(s, user.token, orderId, authBody(3000, card))).toMatchObject({
      status: pastTheRule.status,
      body: { details: pastTheRule.details },
    });
    // The order without a vehicle gets one through update-order (thingExternalId): past the rule too.
    expect((await updateOrder(user, bare, { thingExternalId: car })).status).toBe(200);
    expect((await authorizeReq(s, user.token, bare, authBody(3000, card))).status).toBe(403);
  });

  it('level 1: the mileage only (a vehicle without a VIN is fine); update-order gives it', async () => {
    const user = await registerUser(s);
    const card = await fuelCard(user, 1);
    const car = await vehicle(user);
    const orderId = await prepayOrder(user, { thingId: car });
    expect(await authorizeReq(s, user.token, orderId, authBody(3000, card))).toMatchObject(
      refusal(['mileage'], 1, card, car),
    );
    expect((await updateOrder(user, orderId, { carOdometerM: 12_500_000 })).status).toBe(200);
    expect((await authorizeReq(s, user.token, orderId, authBody(3000, card))).status).toBe(403);
    // With the reading on the create, nothing is missing from the start.
    const withReading = await prepayOrder(user, { carOdometerM: 12_600_000 });
    expect((await authorizeReq(s, user.token, withReading, authBody(3000, card))).body.details).toEqual(
      pastTheRule.details,
    );
  });

  it('level 3: the VIN and the mileage, each named until given; the preferred card (no paymentMethodId) too', async () => {
    const user = await registerUser(s);
    const card = await fuelCard(user, 3);
    const car = await vehicle(user);
    const orderId = await prepayOrder(user, { thingId: car });
    // The card is the driver's only (so preferred) method: the authorize without paymentMethodId pays with it.
    expect(await authorizeReq(s, user.token, orderId, authBody(3000))).toMatchObject(
      refusal(['vin', 'mileage'], 3, card, car),
    );
    expect((await updateOrder(user, orderId, { carOdometerM: 1_000 })).status).toBe(200);
    expect(await authorizeReq(s, user.token, orderId, authBody(3000, card))).toMatchObject(
      refusal(['vin'], 3, card, car),
    );
    await s.request(`/api/v3/things/${car}`, { method: 'PATCH', token: user.token, body: { vin: VIN } });
    expect((await authorizeReq(s, user.token, orderId, authBody(3000, card))).body.details).toEqual(
      pastTheRule.details,
    );
  });

  it('level 0 needs nothing; another driver’s VIN does not count; a car wash is not asked', async () => {
    const user = await registerUser(s);
    const level0 = await fuelCard(user, 0);
    expect((await authorizeReq(s, user.token, await prepayOrder(user), authBody(3000, level0))).body.details).toEqual(
      pastTheRule.details,
    );
    const card = await fuelCard(user, 2);
    // A wash (no odometer step): the level 2 card pays without a vehicle.
    const st = await createStation(s.ctx, {
      type: 'CAR_WASH',
      products: [washBay('Bay 1')],
      paymentMeans: ['FUEL_CARD'],
    });
    const wash = await createOrderReq(s, user.token, orderBody(st.id, st.products[0]!.id, 'WASH_BASIC'));
    expect(wash.status, wash.text).toBe(201);
    expect((await authorizeReq(s, user.token, wash.body._id, authBody(900, card))).body.details).toEqual(
      pastTheRule.details,
    );
    // Another driver's vehicle with a VIN cannot be the order's (404 on create and on update-order).
    const other = await registerUser(s);
    const theirs = await vehicle(other, VIN);
    const st2 = await createStation(s.ctx, { paymentMeans: ['FUEL_CARD'] });
    expect(
      (await createOrderReq(s, user.token, orderBody(st2.id, st2.products[0]!.id, 'SUPER_E5', { thingId: theirs })))
        .status,
    ).toBe(404);
    const orderId = await prepayOrder(user);
    expect((await updateOrder(user, orderId, { thingExternalId: theirs })).status).toBe(404);
    expect((await authorizeReq(s, user.token, orderId, authBody(3000, card))).status).toBe(422);
  });
});
