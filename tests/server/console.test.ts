// The forecourt console: the page, its JSON API and who may use it.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../server/env';
import { DEMO_STATIONS } from '../../server/seed/stations';
import { seedNetwork } from '../../server/services/seed';
import { drivers, useServer } from './helpers';
import { createStation } from './stations-fixtures';

const TOKEN = 'operator-token-0123456789';

describe('forecourt configuration', () => {
  it('has ambient traffic by default only in DEMO_MODE, and a speed factor', () => {
    expect(loadEnv({}).forecourt).toMatchObject({ simulator: true, speed: 1, ambient: true, operatorToken: undefined });
    expect(loadEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' }).forecourt.ambient).toBe(false);
    expect(loadEnv({ FORECOURT_AMBIENT: 'false' }).forecourt.ambient).toBe(false);
    expect(loadEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log', FORECOURT_AMBIENT: 'true' }).forecourt.ambient).toBe(
      true,
    );
    expect(loadEnv({ FORECOURT_SPEED: '25', FORECOURT_SIMULATOR: 'false' }).forecourt).toMatchObject({
      speed: 25,
      simulator: false,
    });
  });

  it.each([
    [{ FORECOURT_SPEED: '0' }, 'FORECOURT_SPEED'],
    [{ FORECOURT_SPEED: 'fast' }, 'FORECOURT_SPEED'],
    [{ FORECOURT_OPERATOR_TOKEN: 'short' }, 'FORECOURT_OPERATOR_TOKEN'],
  ])('rejects %o', (source, name) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(name);
  });
});

describe.each(drivers)('forecourt console (%s)', (driver) => {
  const t = useServer(driver);

  it('renders the page with the station picker and the accessible names the e2e tests use', async () => {
    const res = await t.server.request(`/forecourt?station=${DEMO_STATIONS.prepay.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toContain('<label for="station">Station</label><select id="station"');
    for (const name of [
      'Take station offline',
      'Bring station online',
      'Lift nozzle',
      'Hang up',
      'Plug in',
      'Unplug',
      "'Fault'",
      'Clear fault',
      "PUMP: 'Pump'",
      "CONNECTOR: 'Charger'",
      "WASH: 'Wash'",
    ]) {
      expect(res.text).toContain(name);
    }
  });

  it('lists stations and shows one station with its devices', async () => {
    await seedNetwork({ ctx: t.server.ctx });
    const list = await t.server.request('/forecourt/api/stations');
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: string }) => s.id)).toContain(DEMO_STATIONS.manyPumps.id);
    const one = await t.server.request(`/forecourt/api/stations/${DEMO_STATIONS.manyPumps.id}`);
    expect(one.body).toMatchObject({ id: DEMO_STATIONS.manyPumps.id, status: 'ONLINE' });
    expect(one.body.devices.filter((d: { kind: string }) => d.kind === 'PUMP')).toHaveLength(14);
    expect(one.body.devices.filter((d: { kind: string }) => d.kind === 'WASH')).toHaveLength(1);
    expect((await t.server.request('/forecourt/api/stations/ffffffffffffffffffffffff')).status).toBe(404);
  });

  it('is not part of the SPA fallback', async () => {
    const res = await t.server.request('/forecourt/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('answers 404 outside DEMO_MODE without an operator token', async () => {
    const closed = await t.server.withEnv({ DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' });
    expect((await closed.request('/forecourt')).status).toBe(404);
    expect((await closed.request('/forecourt/api/stations')).status).toBe(404);
  });

  it('outside DEMO_MODE refuses without the operator token and accepts it (Bearer or the form cookie)', async () => {
    const guarded = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      FORECOURT_OPERATOR_TOKEN: TOKEN,
    });
    const st = await createStation(guarded.ctx);
    const pumpId = st.products[0]!.id;

    const refused = await guarded.request('/forecourt/api/stations');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('unauthorized');
    expect((await guarded.request('/forecourt/api/stations', { token: 'wrong-token-0123456789' })).status).toBe(401);
    const lift = `/forecourt/api/stations/${st.id}/devices/${pumpId}/lift`;
    expect((await guarded.request(lift, { method: 'POST', body: {} })).status).toBe(401);
    const form = await guarded.request('/forecourt');
    expect(form.status).toBe(401);
    expect(form.text).toContain('Console token');

    const ok = await guarded.request('/forecourt/api/stations', { token: TOKEN });
    expect(ok.status).toBe(200);
    const lifted = await guarded.request(lift, { method: 'POST', body: {}, token: TOKEN });
    expect(lifted.body).toMatchObject({ state: 'NOZZLE_LIFTED' });

    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrong = await guarded.request('/forecourt/login', { rawBody: 'token=nope', headers: formHeaders });
    expect(wrong.status).toBe(401);
    const login = await guarded.request('/forecourt/login', {
      rawBody: `token=${encodeURIComponent(TOKEN)}`,
      headers: formHeaders,
    });
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toContain(TOKEN);
    const withCookie = await guarded.request('/forecourt', { headers: { cookie: cookie.split(';')[0] as string } });
    expect(withCookie.status).toBe(200);
    expect(withCookie.text).toContain('Take station offline');
  });

  it('each sign-in is a cookie of its own that signing out ends, and a new console token ends them all (issue 32.9)', async () => {
    const guarded = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      FORECOURT_CONSOLE_TOKEN: TOKEN,
    });
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
    // An address of this test's own: its refused cookies count against it, not against other tests' callers.
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const signIn = async (server = guarded) => {
      const res = await server.request('/forecourt/login', {
        rawBody: `token=${encodeURIComponent(TOKEN)}`,
        headers: formHeaders,
        address,
      });
      expect(res.status).toBe(303);
      return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    };
    const stations = (cookie: string, server = guarded) =>
      server.request('/forecourt/api/stations', { headers: { cookie }, address });
    const [first, second] = [await signIn(), await signIn()];
    expect(first).not.toBe(second);
    expect((await stations(first)).status).toBe(200);
    const page = await guarded.request('/forecourt', { headers: { cookie: first }, address });
    expect(page.text).toContain('Sign out');

    const out = await guarded.request('/forecourt/logout', { method: 'POST', headers: { cookie: first }, address });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/forecourt_operator=;/);
    // A copy of the signed-out cookie is worth nothing; the other sign-in goes on.
    expect((await stations(first)).status).toBe(401);
    expect((await stations(second)).status).toBe(200);
    // Another console token: every sign-in of the old one has ended.
    const rotated = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      FORECOURT_CONSOLE_TOKEN: `${TOKEN}-next`,
    });
    expect((await stations(second, rotated)).status).toBe(401);
  });

  it('outside DEMO_MODE the public address must be https, except this machine itself (issue 32.9)', () => {
    const env = { DEMO_MODE: 'false', MAIL_TRANSPORT: 'log' };
    expect(() => loadEnv({ ...env, PUBLIC_URL: 'http://pay.example' })).toThrow(
      /PUBLIC_URL: outside DEMO_MODE it must be https/,
    );
    expect(() => loadEnv({ ...env, PUBLIC_URL: 'http://192.168.1.20:8080' })).toThrow(/https/);
    expect(loadEnv({ ...env, PUBLIC_URL: 'https://pay.example' }).publicUrl).toBe('https://pay.example');
    expect(loadEnv({ ...env, PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadEnv({ PUBLIC_URL: 'http://192.168.1.20:8080' }).demoMode).toBe(true);
  });

  it('leaves the POI API open to anonymous callers outside DEMO_MODE', async () => {
    const guarded = await t.server.withEnv({
      DEMO_MODE: 'false',
      MAIL_TRANSPORT: 'log',
      FORECOURT_OPERATOR_TOKEN: TOKEN,
    });
    const st = await createStation(guarded.ctx);
    expect((await guarded.request(`/api/v4/pois/${st.id}`)).status).toBe(200);
  });
});
