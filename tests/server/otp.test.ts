import { describe, expect, it } from 'vitest';
import { encryptOtp } from '../../server/auth/otp';
import { DEMO_OTP_KEY } from '../../server/env';
import { drivers, uniqueEmail, useServer } from './helpers';

describe.each(drivers)('POST /functions/decrypt_otp (%s)', (driver) => {
  const t = useServer(driver);
  const decrypt = (email: string, encryptOtp: string) =>
    t.server.request('/api/functions/decrypt_otp', { body: { email, encryptOtp } });

  it('opens a token made for the email', async () => {
    const email = uniqueEmail('otp');
    const token = await encryptOtp({ key: DEMO_OTP_KEY, email, otp: '482913' });
    const res = await decrypt(email.toUpperCase(), token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ otp: '482913' });
  });

  it('answers 422 for another email and for an expired token', async () => {
    const email = uniqueEmail('otp');
    const token = await encryptOtp({ key: DEMO_OTP_KEY, email, otp: '111111' });
    const other = await decrypt(uniqueEmail('other'), token);
    expect(other.status).toBe(422);
    const expired = await encryptOtp({ key: DEMO_OTP_KEY, email, otp: '111111', expiresInSeconds: -60 });
    const res = await decrypt(email, expired);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/expired/);
  });

  it('answers 400 for a malformed token or one made with another key', async () => {
    const email = uniqueEmail('otp');
    expect((await decrypt(email, 'not.a.jwe')).status).toBe(400);
    const foreign = await encryptOtp({ key: new Uint8Array(32).fill(7), email, otp: '1' });
    const res = await decrypt(email, foreign);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
  });

  it('uses OTP_KEY when configured', async () => {
    const key = new Uint8Array(32).fill(3);
    const server = await t.server.withEnv({ OTP_KEY: Buffer.from(key).toString('base64url') });
    const email = uniqueEmail('otp');
    const res = await server.request('/api/functions/decrypt_otp', {
      body: { email, encryptOtp: await encryptOtp({ key, email, otp: '9' }) },
    });
    expect(res.body).toEqual({ otp: '9' });
    const demo = await server.request('/api/functions/decrypt_otp', {
      body: { email, encryptOtp: await encryptOtp({ key: DEMO_OTP_KEY, email, otp: '9' }) },
    });
    expect(demo.status).toBe(400);
  });

  it('validates the body', async () => {
    const res = await t.server.request('/api/functions/decrypt_otp', { body: { email: uniqueEmail() } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
  });
});
