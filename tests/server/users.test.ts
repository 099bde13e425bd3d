import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountFeatures, preferences, user as userSchema } from '../../contract/users';
import { orders, things, users } from '../../server/db/schema';
import { seedDemoUser } from '../../server/services/seed';
import { addThing } from '../../server/services/things';
import { drivers, type Registered, registerUser, useServer } from './helpers';

describe.each(drivers)('users, preferences, features (%s)', (driver) => {
  const t = useServer(driver);

  const guest = async () => {
    const res = await t.server.request('/api/auth/register/guest', { method: 'POST' });
    return { token: res.body.auth_token as string, id: res.body._id as string };
  };
  const vehicleOf = (u: Registered, licensePlate = 'T-ES 1') =>
    addThing({ ctx: t.server.ctx, input: { userId: u.id, nickName: 'My car', licensePlate } });

  describe('GET /users/{id}', () => {
    it('answers the full user matching the contract', async () => {
      const u = await registerUser(t.server, { firstName: 'Alex', lastName: 'Doe' });
      const res = await t.server.request(`/api/users/${u.id}`, { token: u.token });
      expect(res.status).toBe(200);
      const body = userSchema.parse(res.body);
      expect(body).toMatchObject({
        _id: u.id,
        id: u.id,
        email: u.email,
        firstName: 'Alex',
        lastName: 'Doe',
        localisationCountry: 'DE',
        userCurrency: 'EUR',
        twoFactorMethod: 'none',
        passwordExpired: false,
        features: { referAFriend: true, evCharging: false, webAuthn: false, fuelCard2faMethod: null },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    });

    it("answers 404 for another user's id, exactly like an unknown id (ids cannot be probed)", async () => {
      const a = await registerUser(t.server);
      const b = await registerUser(t.server);
      const res = await t.server.request(`/api/users/${b.id}`, { token: a.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: 'No such user' });
      const unknown = await t.server.request('/api/users/ffffffffffffffffffffffff', { token: a.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(res.body.message);
    });
  });

  describe('PATCH /users/{id}', () => {
    it('updates the given fields and answers the full user', async () => {
      const u = await registerUser(t.server, { firstName: 'Before' });
      const res = await t.server.request(`/api/users/${u.id}`, {
        method: 'PATCH',
        token: u.token,
        body: {
          lastName: 'After',
          phone: '+49 30 555',
          company: { name: 'ACME GmbH' },
          taxInfo: { country: 'PT', taxId: '123456789' },
          address: { street: 'Hauptstr.', houseNumber: '1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
          localisationCountry: 'NL',
          quickCheckout: true,
          marketingPermissions: { sms: true },
          odometerScreenData: { lastShown: '2026-01-01' },
          userCurrency: 'chf',
        },
      });
      expect(res.status).toBe(200);
      const body = userSchema.parse(res.body);
      expect(body).toMatchObject({
        firstName: 'Before',
        lastName: 'After',
        phone: '+49 30 555',
        company: { name: 'ACME GmbH' },
        taxInfo: { country: 'PT', taxId: '123456789' },
        address: {
          street: 'Hauptstr.',
          houseNumber: '1',
          zip: '10115',
          city: 'Berlin',
          countryCode: 'DE',
          street2: null,
        },
        localisationCountry: 'NL',
        quickCheckout: true,
        marketingPermissions: { email: false, push: false, sms: true },
        odometerScreenData: { lastShown: '2026-01-01' },
        userCurrency: 'CHF',
      });
      const again = await t.server.request(`/api/users/${u.id}`, { token: u.token });
      expect(again.body.lastName).toBe('After');
      const cleared = await t.server.request(`/api/users/${u.id}`, {
        method: 'PATCH',
        token: u.token,
        body: { phone: null },
      });
      expect(cleared.body.phone).toBeNull();
    });

    it('rejects unknown fields, wrong types and unknown countries with 400 validation_error', async () => {
      const u = await registerUser(t.server);
      for (const body of [
        { email: 'x@example.com' },
        { quickCheckout: 'yes' },
        { localisationCountry: 'US' },
        { isGuest: true },
      ]) {
        const res = await t.server.request(`/api/users/${u.id}`, { method: 'PATCH', token: u.token, body });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('validation_error');
      }
    });

    it('takes a valid Portuguese tax id (NIF), written with spaces or the PT prefix, and stores its digits', async () => {
      const u = await registerUser(t.server);
      for (const [taxId, stored] of [
        ['501442600', '501442600'],
        ['PT 287 024 008', '287024008'],
        ['999999990', '999999990'],
      ] as const) {
        const res = await t.server.request(`/api/users/${u.id}`, {
          method: 'PATCH',
          token: u.token,
          body: { taxInfo: { country: 'PT', taxId } },
        });
        expect(res.status).toBe(200);
        expect(res.body.taxInfo).toEqual({ country: 'PT', taxId: stored });
      }
    });

    it('refuses an invalid Portuguese tax id with 400 naming taxInfo.taxId, and keeps the old one', async () => {
      const u = await registerUser(t.server);
      const patch = (taxInfo: Record<string, string>) =>
        t.server.request(`/api/users/${u.id}`, { method: 'PATCH', token: u.token, body: { taxInfo } });
      expect((await patch({ country: 'PT', taxId: '501442600' })).status).toBe(200);
      // Wrong check digit, too short, letters, a first digit no taxpayer has (4x other than 45).
      for (const taxId of ['501442601', '50144260', 'ABCDEFGHI', '412345670']) {
        const res = await patch({ country: 'PT', taxId });
        expect(res.status, taxId).toBe(400);
        expect(res.body.code).toBe('validation_error');
        expect(res.body.details).toEqual([{ path: 'taxInfo.taxId', message: 'Not a valid Portuguese tax id (NIF)' }]);
      }
      const me = await t.server.request(`/api/users/${u.id}`, { token: u.token });
      expect(me.body.taxInfo).toEqual({ country: 'PT', taxId: '501442600' });
      // Another country's id is not checked against the NIF rule; switching such an id to PT is.
      expect((await patch({ country: 'DE', taxId: 'DE123456789' })).status).toBe(200);
      expect((await patch({ country: 'PT' })).status).toBe(400);
    });

    it("answers 404 for another user's id and leaves them unchanged", async () => {
      const a = await registerUser(t.server);
      const b = await registerUser(t.server, { firstName: 'Bee' });
      const res = await t.server.request(`/api/users/${b.id}`, {
        method: 'PATCH',
        token: a.token,
        body: { firstName: 'Hacked' },
      });
      expect(res.status).toBe(404);
      expect((await t.server.request(`/api/users/${b.id}`, { token: b.token })).body.firstName).toBe('Bee');
    });
  });

  describe('/v4/users/preferences', () => {
    it('reads and sets the preferred thing', async () => {
      const u = await registerUser(t.server);
      const car = await vehicleOf(u);
      const first = await t.server.request('/api/v4/users/preferences', { token: u.token });
      expect(first.status).toBe(200);
      expect(preferences.parse(first.body)).toEqual({ preferredThing: null, thingAvatars: {} });
      const archived = await t.server.request('/api/v4/users/preferences?includeArchived=true', { token: u.token });
      expect(archived.body.archivedThings).toEqual([]);
      const patched = await t.server.request('/api/v4/users/preferences', {
        method: 'PATCH',
        token: u.token,
        body: { preferredThing: car.id },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.preferredThing).toBe(car.id);
      const me = await t.server.request(`/api/users/${u.id}`, { token: u.token });
      expect(me.body.userPreferences.preferredThing).toBe(car.id);
      expect(me.body.preferredVehicle).toBe(car.id);
      const cleared = await t.server.request('/api/v4/users/preferences', {
        method: 'PATCH',
        token: u.token,
        body: { preferredThing: null },
      });
      expect(cleared.body.preferredThing).toBeNull();
    });

    it("refuses another user's vehicle or an unknown one as preferredThing (404) and keeps the old choice", async () => {
      const u = await registerUser(t.server);
      const own = await vehicleOf(u);
      const other = await registerUser(t.server);
      const foreign = await vehicleOf(other, 'O-TH 2');
      const set = (preferredThing: string) =>
        t.server.request('/api/v4/users/preferences', { method: 'PATCH', token: u.token, body: { preferredThing } });
      expect((await set(own.id)).status).toBe(200);
      for (const id of [foreign.id, 'ffffffffffffffffffffffff']) {
        const res = await set(id);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'not_found', message: 'No such vehicle' });
      }
      const now = await t.server.request('/api/v4/users/preferences', { token: u.token });
      expect(now.body.preferredThing).toBe(own.id);
    });

    it('validates the query and the body', async () => {
      const u = await registerUser(t.server);
      expect(
        (await t.server.request('/api/v4/users/preferences?includeArchived=maybe', { token: u.token })).status,
      ).toBe(400);
      expect((await t.server.request('/api/v4/users/preferences?other=1', { token: u.token })).status).toBe(400);
      const bad = await t.server.request('/api/v4/users/preferences', {
        method: 'PATCH',
        token: u.token,
        body: { preferredThing: 5 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_error');
      expect((await t.server.request('/api/v4/users/preferences')).status).toBe(401);
    });
  });

  describe('GET /accounts/{id}/features', () => {
    it('answers the default features of a new account', async () => {
      const u = await registerUser(t.server);
      const me = await t.server.request(`/api/users/${u.id}`, { token: u.token });
      const res = await t.server.request(`/api/accounts/${me.body.accountId}/features`, { token: u.token });
      expect(res.status).toBe(200);
      const f = accountFeatures.parse(res.body);
      // EV charging is off for a new account until enabled (pay-flows.md §6); the amounts are §9's defaults.
      expect(f.evCharging).toEqual({
        enabled: false,
        preAuthorizations: { DKK: 60000, EUR: 8000, CZK: 200000, PLN: 35000, CHF: 8000 },
      });
      expect(f.psp.providers).toEqual([{ provider: 'sandbox', methods: ['CREDIT_CARD', 'GOOGLE_PAY', 'APPLE_PAY'] }]);
      expect(f).toMatchObject({
        referAFriend: true,
        quickCheckout: false,
        invoicing: true,
        helpScreen: { supportHotline: '+49 30 1234 5678' },
      });
    });

    it('answers 404 for another account', async () => {
      const a = await registerUser(t.server);
      const b = await registerUser(t.server);
      const bAccount = (await t.server.request(`/api/users/${b.id}`, { token: b.token })).body.accountId;
      const res = await t.server.request(`/api/accounts/${bAccount}/features`, { token: a.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    });

    it('the demo driver has every feature of §3 Account features on', async () => {
      await seedDemoUser({ ctx: t.server.ctx });
      const { email, password } = { email: t.server.ctx.env.demoEmail, password: t.server.ctx.env.demoPassword };
      const login = await t.server.request('/api/auth/login/local', { body: { email, password } });
      expect(login.status).toBe(200);
      const me = await t.server.request(`/api/users/${login.body._id}`, { token: login.body.auth_token });
      const res = await t.server.request(`/api/accounts/${me.body.accountId}/features`, {
        token: login.body.auth_token,
      });
      const f = accountFeatures.parse(res.body);
      expect(f).toMatchObject({
        evCharging: { enabled: true },
        quickCheckout: true,
        showOdometerScreenBeforeCheckout: true,
        referAFriend: true,
        showCarProfileScreen: true,
        invoicing: true,
        giftCardShop: true,
        gamification: true,
        bookOnRydFuelCard: true,
      });
      expect(f.loyaltyPrograms.length).toBeGreaterThan(0);
      expect(f.poiFilters.length).toBeGreaterThan(0);
      expect(f.psp.providers.length).toBeGreaterThan(0);
      expect(f.helpScreen.supportHotline).not.toBeNull();
    });
  });

  describe('GET /events/request-data-dump', () => {
    // The export itself (ZIP, job, download, ownership): tests/server/data-export.test.ts.
    it('answers 404 for an unknown thingId and 403 for guests', async () => {
      const u = await registerUser(t.server);
      const unknown = await t.server.request('/api/events/request-data-dump?thingId=nope', { token: u.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('not_found');
      const g = await guest();
      const res = await t.server.request('/api/events/request-data-dump', { token: g.token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    });
  });

  describe('cloud functions', () => {
    it('user_has_pin_prod and has_user_webauthn_prod answer {result: false} without a second factor', async () => {
      const u = await registerUser(t.server);
      for (const path of ['/api/functions/user_has_pin_prod', '/api/functions/has_user_webauthn_prod']) {
        const res = await t.server.request(path, { token: u.token });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ result: false });
        expect((await t.server.request(path)).status).toBe(401);
      }
    });

    it('delete_user_prod deletes the user: sessions die and login fails', async () => {
      const u = await registerUser(t.server);
      const res = await t.server.request('/api/functions/delete_user_prod', { method: 'DELETE', token: u.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: true });
      expect((await t.server.request(`/api/users/${u.id}`, { token: u.token })).status).toBe(401);
      const login = await t.server.request('/api/auth/login/local', { body: { email: u.email, password: u.password } });
      expect(login.status).toBe(401);
      expect(login.body.code).toBe('wrong_login_details');
      // The email is free again.
      expect(
        (
          await t.server.request('/api/auth/register', {
            body: { email: u.email, password: u.password, termsAccepted: true },
          })
        ).status,
      ).toBe(201);
    });

    it('delete_user_prod removes personal data; the orders stay for the ledger, anonymised', async () => {
      const u = await registerUser(t.server);
      const car = await vehicleOf(u, 'D-EL 1');
      const ctx = t.server.ctx;
      const orderId = `del-${u.id}`;
      await ctx.db.insert(orders).values({
        id: orderId,
        userId: u.id,
        poiId: 'poi',
        productId: 'product',
        productName: 'Pump 1',
        orderType: 'PREPAY',
        state: 'COMPLETED',
        stateHistory: [],
        stateChangedAt: new Date(),
        thingId: car.id,
        carOdometerM: 12_000_000,
        currency: 'EUR',
        totalAmount: 4321,
        paymentBrand: 'VISA',
        paymentLast4: '4242',
      });
      const res = await t.server.request('/api/functions/delete_user_prod', { method: 'DELETE', token: u.token });
      expect(res.body).toEqual({ result: true });
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        userId: null,
        thingId: null,
        carOdometerM: null,
        paymentLast4: null,
        totalAmount: 4321,
        currency: 'EUR',
      });
      expect(await ctx.db.select().from(users).where(eq(users.id, u.id))).toEqual([]);
      expect(await ctx.db.select().from(things).where(eq(things.userId, u.id))).toEqual([]);
    });

    it('delete_user_prod works for guests', async () => {
      const g = await guest();
      expect(
        (await t.server.request('/api/functions/delete_user_prod', { method: 'DELETE', token: g.token })).status,
      ).toBe(200);
      expect((await t.server.request(`/api/users/${g.id}`, { token: g.token })).status).toBe(401);
    });
  });
});
