// The forecourt console switches a driver's account features (issue 12: a new driver has no EV charging and no
// driver-facing call turns it on). Guarded like every console call: loopback in DEMO_MODE, JSON only, no other origin.
import { describe, expect, it } from 'vitest';
import { drivers, registerUser, useServer } from './helpers';

const REMOTE = '198.51.100.7';
const path = '/forecourt/api/accounts/features';

describe.each(drivers)('console account features (%s)', (driver) => {
  const t = useServer(driver, { FORECOURT_AUTO_DRIVER: 'false' });

  it('turns EV charging on for the driver by email; the driver then reads it, the other flags stay', async () => {
    const d = await registerUser(t.server);
    const me = await t.server.request(`/api/users/${d.id}`, { token: d.token });
    const accountId = me.body.accountId as string;
    const before = await t.server.request(`/api/accounts/${accountId}/features`, { token: d.token });
    expect(before.body.evCharging.enabled).toBe(false);

    const res = await t.server.request(path, {
      method: 'PATCH',
      body: { email: d.email.toUpperCase(), evCharging: true, giftCardShop: false },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ accountId, features: { evCharging: { enabled: true }, giftCardShop: false } });
    const after = await t.server.request(`/api/accounts/${accountId}/features`, { token: d.token });
    expect(after.body.evCharging.enabled).toBe(true);
    expect(after.body.giftCardShop).toBe(false);
    // The pre-authorizations stay as they were; other flags are untouched.
    expect(after.body.evCharging.preAuthorizations).toEqual(before.body.evCharging.preAuthorizations);
    expect(after.body.showOdometerScreenBeforeCheckout).toBe(before.body.showOdometerScreenBeforeCheckout);

    const off = await t.server.request(path, { method: 'PATCH', body: { email: d.email, evCharging: false } });
    expect(off.body.features).toMatchObject({ evCharging: { enabled: false }, giftCardShop: false });
  });

  it('refuses an unknown driver (404), nothing to set or an unknown flag (400), the network and other origins', async () => {
    const d = await registerUser(t.server);
    const unknown = await t.server.request(path, {
      method: 'PATCH',
      body: { email: 'nobody-here@example.com', evCharging: true },
    });
    expect(unknown.status).toBe(404);
    expect((await t.server.request(path, { method: 'PATCH', body: { email: d.email } })).status).toBe(400);
    expect((await t.server.request(path, { method: 'PATCH', body: { email: d.email, invoicing: true } })).status).toBe(
      400,
    );
    const remote = await t.server.request(path, {
      method: 'PATCH',
      body: { email: d.email, evCharging: true },
      address: REMOTE,
    });
    expect(remote.status).toBe(403);
    const crossSite = await t.server.request(path, {
      method: 'PATCH',
      body: { email: d.email, evCharging: true },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const text = await t.server.request(path, {
      method: 'PATCH',
      rawBody: JSON.stringify({ email: d.email, evCharging: true }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const me = await t.server.request(`/api/users/${d.id}`, { token: d.token });
    const features = await t.server.request(`/api/accounts/${me.body.accountId}/features`, { token: d.token });
    expect(features.body.evCharging.enabled).toBe(false);
  });
});
