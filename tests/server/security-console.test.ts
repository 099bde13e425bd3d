// Issue 10.4: the forecourt console was open to anyone in DEMO_MODE (fault pumps, take stations offline, release
// pumps without payment — also by a cross-site text/plain post — and stop another driver's paid fill).
import { describe, expect, it } from 'vitest';
import { deviceAction, drivers, useServer } from './helpers';
import { createStation } from './stations-fixtures';

const TOKEN = 'console-token-0123456789';
const REMOTE = '198.51.100.7';

describe.each(drivers)('forecourt console access (%s)', (driver) => {
  const t = useServer(driver, { FORECOURT_AUTO_DRIVER: 'false' });

  it('in DEMO_MODE without a token answers loopback clients only (403 for the network)', async () => {
    const st = await createStation(t.server.ctx);
    const pump = st.products[0]!.id;
    const remote = { address: REMOTE };
    expect((await t.server.request('/forecourt', remote)).status).toBe(403);
    expect((await t.server.request('/forecourt/api/stations', remote)).status).toBe(403);
    for (const action of ['fault', 'release', 'lift']) {
      const res = await t.server.request(`/forecourt/api/stations/${st.id}/devices/${pump}/${action}`, {
        method: 'POST',
        body: {},
        ...remote,
      });
      expect(res.status, action).toBe(403);
    }
    expect(
      (await t.server.request(`/forecourt/api/stations/${st.id}/offline`, { method: 'POST', body: {}, ...remote }))
        .status,
    ).toBe(403);
    const view = await t.server.request(`/forecourt/api/stations/${st.id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ status: 'ONLINE' });
    expect(view.body.devices[0]).toMatchObject({ state: 'IDLE' });
  });

  it('takes JSON only (415 for text/plain or a form: a cross-site post needs no preflight) and no other origin', async () => {
    const st = await createStation(t.server.ctx);
    const url = `/forecourt/api/stations/${st.id}/devices/${st.products[0]!.id}/release`;
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.server.request(url, {
        method: 'POST',
        rawBody: '{"maxAmount":5000}',
        headers: { 'content-type': contentType },
      });
      expect(res.status, contentType).toBe(415);
      expect(res.body.code).toBe('unsupported_media_type');
    }
    expect((await t.server.request(url, { method: 'POST' })).status).toBe(415);
    const offline = `/forecourt/api/stations/${st.id}/offline`;
    expect(
      (await t.server.request(offline, { method: 'POST', rawBody: '', headers: { 'content-type': 'text/plain' } }))
        .status,
    ).toBe(415);
    const crossSite = await t.server.request(url, {
      method: 'POST',
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await t.server.request(url, {
      method: 'POST',
      body: {},
      headers: { origin: 'http://localhost:8080' },
    });
    expect(sameSite.status).toBe(200);
    expect(sameSite.body).toMatchObject({ state: 'RELEASED' });
  });

  it('acts only on devices of the station it addresses: a device of another station is not found', async () => {
    const mine = await createStation(t.server.ctx);
    const other = await createStation(t.server.ctx);
    const foreign = other.products[0]!.id;
    expect((await deviceAction(t.server, foreign, 'lift')).status).toBe(200);
    for (const action of ['hang-up', 'fault', 'out-of-order']) {
      const res = await t.server.request(`/forecourt/api/stations/${mine.id}/devices/${foreign}/${action}`, {
        method: 'POST',
        body: {},
      });
      expect(res.status, action).toBe(404);
    }
    const view = await t.server.request(`/forecourt/api/stations/${other.id}`);
    expect(view.body.devices.find((d: { productId: string }) => d.productId === foreign)).toMatchObject({
      state: expect.stringMatching(/NOZZLE_LIFTED|DISPENSING/),
    });
    // The station-less route of old is gone.
    expect(
      (await t.server.request(`/forecourt/api/devices/${foreign}/hang-up`, { method: 'POST', body: {} })).status,
    ).toBe(404);
  });

  it('with FORECOURT_CONSOLE_TOKEN: the token from anywhere, compared in constant time; wrong tokens are throttled', async () => {
    const s = await t.server.withEnv({ FORECOURT_CONSOLE_TOKEN: TOKEN, FORECOURT_CONSOLE_MAX_BAD_TOKENS: '3' });
    const st = await createStation(s.ctx);
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    // A token is needed even from this machine once one is set.
    expect((await s.request('/forecourt/api/stations', { address: '127.0.0.1' })).status).toBe(401);
    expect((await s.request('/forecourt/api/stations', { address, token: TOKEN })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect(
        (await s.request('/forecourt/api/stations', { address, token: `wrong-token-${i}-0123456789` })).status,
      ).toBe(401);
    }
    const blocked = await s.request('/forecourt/api/stations', { address, token: TOKEN });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The form counts as well; another address is not affected.
    const form = await s.request('/forecourt/login', {
      rawBody: 'token=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      address,
    });
    expect(form.status).toBe(429);
    const other = await s.request(`/forecourt/api/stations/${st.id}/offline`, {
      method: 'POST',
      body: {},
      token: TOKEN,
      address: '198.51.100.3',
    });
    expect(other.body).toMatchObject({ status: 'OFFLINE' });
  });
});
