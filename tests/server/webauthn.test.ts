// The WebAuthn cloud functions through HTTP: options with a fresh challenge per call, single-use and expiring
// challenges, the caller's own userId only, and has_user_webauthn. (The signature check itself runs in the e2e tier
// against Chromium's virtual authenticator.)
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBAUTHN_CHALLENGE_TTL_MS } from '../../server/services/payment-methods/webauthn';
import { drivers, fakeClock, registerUser, type TestServer, useServer } from './helpers';

const BOGUS = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

describe.each(drivers)('WebAuthn functions (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(() => {
    s = t.server;
  });
  const fn = (path: string, token: string, body?: unknown) =>
    s.request(`/api/functions/${path}_prod`, { token, ...(body === undefined ? {} : { body }) });

  it('registration options: this origin as the relying party, a new challenge each time, the caller only', async () => {
    const user = await registerUser(s);
    const other = await registerUser(s);
    expect((await fn('has_user_webauthn', user.token)).body).toEqual({ result: false });
    const a = await fn('generate_register_options', user.token, { userId: user.id, userName: user.email });
    expect(a.status, a.text).toBe(200);
    expect(a.body.rp).toEqual({ name: 'Forecourt Pay', id: 'localhost' });
    expect(a.body.user.name).toBe(user.email);
    expect(a.body.authenticatorSelection.userVerification).toBe('required');
    const b = await fn('generate_register_options', user.token, {});
    expect(b.body.challenge).not.toBe(a.body.challenge);
    expect((await fn('generate_register_options', other.token, { userId: user.id })).status).toBe(404);
    expect((await fn('generate_login_options', other.token, { userId: user.id })).status).toBe(404);
  });

  it('a challenge is single-use: a bad credential uses it up, the next answer finds none', async () => {
    const user = await registerUser(s);
    await fn('generate_register_options', user.token, {});
    const bad = await fn('register_webauthn', user.token, { credential: BOGUS });
    expect(bad.status).toBe(422);
    const again = await fn('register_webauthn', user.token, { credential: BOGUS });
    expect(again.status).toBe(409);
    expect(again.body.details).toMatchObject({ reason: 'no_challenge' });
    expect((await fn('has_user_webauthn', user.token)).body).toEqual({ result: false });
  });

  it('a challenge expires; login needs a registered credential; malformed bodies are 400', async () => {
    const user = await registerUser(s);
    const clock = fakeClock(new Date());
    const later = await s.withEnv({}, { clock });
    expect(
      (await later.request('/api/functions/generate_register_options_prod', { token: user.token, body: {} })).status,
    ).toBe(200);
    clock.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1000);
    const expired = await later.request('/api/functions/register_webauthn_prod', {
      token: user.token,
      body: { credential: BOGUS },
    });
    expect(expired.status).toBe(409);
    const login = await fn('generate_login_options', user.token, {});
    expect(login.status).toBe(409);
    expect(login.body.details).toMatchObject({ reason: 'no_webauthn' });
    expect((await fn('login_webauthn', user.token, { assertion: BOGUS })).status).toBe(409);
    expect((await fn('register_webauthn', user.token, { credential: 'x' })).status).toBe(400);
    expect((await fn('register_webauthn', user.token, {})).status).toBe(400);
  });
});
