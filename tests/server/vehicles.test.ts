import { describe, expect, it } from 'vitest';
import { fuelTypeDetail, makeList, modelList, thing, thingList } from '../../contract/vehicles';
import { drivers, type Registered, registerUser, useServer } from './helpers';

describe.each(drivers)('vehicles and the catalogue (%s)', (driver) => {
  const t = useServer(driver);
  const golf = {
    type: 'car',
    nickName: 'Family car',
    brand: 'Volkswagen',
    model: 'Golf',
    buildYear: 2021,
    fuelType: 'SUPER_E5',
    tankCapacityL: 50,
    licensePlate: 'B-FP 101',
    vin: 'wvwzzzcdzmw000001',
    mileageKm: 42_000,
    nextInspection: '2027-05-01',
  };
  const create = (u: Registered, body: Record<string, unknown> = golf) =>
    t.server.request('/api/things/lite', { method: 'POST', token: u.token, body });

  describe('catalogue', () => {
    it('has at least 40 makes, cars and motorcycles, sold in the spec countries', async () => {
      const u = await registerUser(t.server);
      const all = makeList.parse((await t.server.request('/api/vehicles/makes', { token: u.token })).body);
      expect(all.length).toBeGreaterThanOrEqual(40);
      const cars = makeList.parse((await t.server.request('/api/vehicles/makes?type=car', { token: u.token })).body);
      const bikes = makeList.parse(
        (await t.server.request('/api/vehicles/makes?type=motorcycle', { token: u.token })).body,
      );
      expect(cars.map((m) => m.name)).toEqual(expect.arrayContaining(['Volkswagen', 'Renault', 'Fiat', 'Škoda']));
      expect(bikes.map((m) => m.name)).toEqual(expect.arrayContaining(['Ducati', 'Yamaha', 'BMW']));
      expect(cars.map((m) => m.name)).not.toContain('Ducati');
      expect((await t.server.request('/api/vehicles/makes?type=boat', { token: u.token })).status).toBe(400);
    });

    it('lists a make’s models with fuel types, and a model’s tank size per fuel', async () => {
      const u = await registerUser(t.server);
      const res = await t.server.request('/api/vehicles/makes/Volkswagen/models?type=car', { token: u.token });
      const models = modelList.parse(res.body);
      expect(models.find((m) => m.name === 'Golf')?.fuelTypes).toEqual(expect.arrayContaining(['SUPER_E5', 'DIESEL']));
      const fuel = await t.server.request('/api/vehicles/makes/Volkswagen/models/Golf/fuelTypes/DIESEL', {
        token: u.token,
      });
      expect(fuelTypeDetail.parse(fuel.body)).toEqual({
        make: 'Volkswagen',
        model: 'Golf',
        type: 'car',
        fuelType: 'DIESEL',
        tankCapacityL: 50,
      });
      const skoda = await t.server.request(`/api/vehicles/makes/${encodeURIComponent('Škoda')}/models`, {
        token: u.token,
      });
      expect(skoda.status).toBe(200);
      expect((await t.server.request('/api/vehicles/makes/Nope/models', { token: u.token })).status).toBe(404);
      const noFuel = await t.server.request('/api/vehicles/makes/Tesla/models/Model%203/fuelTypes/DIESEL', {
        token: u.token,
      });
      expect(noFuel.status).toBe(404);
      expect((await t.server.request('/api/vehicles/makes')).status).toBe(401);
    });
  });

  describe('things', () => {
    it('creates, reads, lists and edits a vehicle; the first one becomes preferred', async () => {
      const u = await registerUser(t.server);
      const res = await create(u);
      expect(res.status).toBe(201);
      const car = thing.parse(res.body);
      expect(car).toMatchObject({ ...golf, vin: 'WVWZZZCDZMW000001', isPreferred: true, users: [u.id] });
      const read = await t.server.request(`/api/things/${car._id}`, { token: u.token });
      expect(thing.parse(read.body)).toEqual(car);
      const patched = await t.server.request(`/api/v3/things/${car._id}`, {
        method: 'PATCH',
        token: u.token,
        body: { nickName: 'Golf', mileageKm: 43_000, licensePlate: null },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        nickName: 'Golf',
        mileageKm: 43_000,
        licensePlate: null,
        brand: 'Volkswagen',
      });
      const bike = thing.parse((await create(u, { type: 'motorcycle', nickName: 'Duc', brand: 'Ducati' })).body);
      expect(bike.isPreferred).toBe(false);
      const list = thingList.parse((await t.server.request('/api/things', { token: u.token })).body);
      expect(list.map((v) => v._id)).toEqual([car._id, bike._id]);
      const prefs = await t.server.request('/api/v4/users/preferences', { token: u.token });
      expect(prefs.body.preferredThing).toBe(car._id);
    });

    it('validates the body: mileage at most 1,000,000 and never lower than before, a 17-character VIN', async () => {
      const u = await registerUser(t.server);
      for (const body of [
        { ...golf, mileageKm: 1_000_001 },
        { ...golf, vin: 'SHORT' },
        { ...golf, fuelType: 'COAL' },
        { ...golf, nickName: '' },
        { ...golf, colour: 'red' },
      ]) {
        const res = await create(u, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('validation_error');
      }
      const car = (await create(u)).body;
      const lower = await t.server.request(`/api/v3/things/${car._id}`, {
        method: 'PATCH',
        token: u.token,
        body: { mileageKm: 41_999 },
      });
      expect(lower.status).toBe(422);
      expect(lower.body.details).toEqual([{ path: 'mileageKm', message: 'At least 42000' }]);
    });

    it("saves a fuel card's VIN on the vehicle (PATCH vin, also shown as ymme.VIN); a malformed one is refused, the VIN kept", async () => {
      const u = await registerUser(t.server);
      const car = thing.parse((await create(u, { type: 'car', nickName: 'Van', licensePlate: 'B-FC 2' })).body);
      expect(car.ymme).toMatchObject({ VIN: null, licensePlate: 'B-FC 2' });
      const patch = (vin: unknown) =>
        t.server.request(`/api/v3/things/${car._id}`, { method: 'PATCH', token: u.token, body: { vin } });
      const saved = await patch('wvwzzz1jzxw000001');
      expect(saved.status).toBe(200);
      expect(thing.parse(saved.body)).toMatchObject({ vin: 'WVWZZZ1JZXW000001', ymme: { VIN: 'WVWZZZ1JZXW000001' } });
      for (const bad of [
        'WVWZZZ1JZXW00000O',
        'WVWZZZ1JZXW00000I',
        'WVWZZZ1JZXW00000Q',
        'WVWZZZ1JZXW00001',
        'WVWZZZ1JZXW0000011',
      ]) {
        const res = await patch(bad);
        expect(res.status, bad).toBe(400);
        expect(res.body.code).toBe('validation_error');
        expect(res.body.details).toEqual([{ path: 'vin', message: 'A VIN has 17 letters and digits (no I, O or Q)' }]);
      }
      const again = await t.server.request(`/api/things/${car._id}`, { token: u.token });
      expect(thing.parse(again.body)).toMatchObject({ vin: 'WVWZZZ1JZXW000001', mileageKm: null });
      // Another driver's vehicle is not theirs to write.
      const other = await registerUser(t.server);
      const foreign = await t.server.request(`/api/v3/things/${car._id}`, {
        method: 'PATCH',
        token: other.token,
        body: { vin: '1HGCM82633A004352' },
      });
      expect(foreign.status).toBe(404);
    });

    it('refuses to delete the preferred vehicle until another is preferred', async () => {
      const u = await registerUser(t.server);
      const a = (await create(u)).body;
      const b = (await create(u, { type: 'car', nickName: 'Second' })).body;
      const del = (id: string) =>
        t.server.request(`/api/things/${id}/users/${u.id}`, { method: 'DELETE', token: u.token });
      const refused = await del(a._id);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('conflict');
      await t.server.request('/api/v4/users/preferences', {
        method: 'PATCH',
        token: u.token,
        body: { preferredThing: b._id },
      });
      expect((await del(a._id)).status).toBe(200);
      expect((await t.server.request(`/api/things/${a._id}`, { token: u.token })).status).toBe(404);
    });

    it("answers 404 for another user's vehicle on every id route, and leaves it alone", async () => {
      const owner = await registerUser(t.server);
      const other = await registerUser(t.server);
      const car = (await create(owner)).body;
      await create(owner, { type: 'car', nickName: 'Spare' });
      const tries = [
        t.server.request(`/api/things/${car._id}`, { token: other.token }),
        t.server.request(`/api/v3/things/${car._id}`, { method: 'PATCH', token: other.token, body: { nickName: 'x' } }),
        t.server.request(`/api/things/${car._id}/users/${other.id}`, { method: 'DELETE', token: other.token }),
        t.server.request(`/api/things/${car._id}/users/${owner.id}`, { method: 'DELETE', token: other.token }),
      ];
      for (const res of await Promise.all(tries)) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
      const still = await t.server.request(`/api/things/${car._id}`, { token: owner.token });
      expect(still.body.nickName).toBe('Family car');
      expect(thingList.parse((await t.server.request('/api/things', { token: other.token })).body)).toEqual([]);
    });
  });
});
