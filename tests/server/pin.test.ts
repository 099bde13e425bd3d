// The payment PIN through HTTP: exactly 4 digits, 403 for a wrong one, the lock after three wrong in a row (exactly
// three counted under 50 parallel tries), kept across a restart (a new app on the same database), unlocked only with
// the account password; stored as a slow hash.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentPins } from '../../server/db/schema';
import { drivers, type Registered, registerUser, type TestServer, useServer } from './helpers';

describe.each(drivers)('payment PIN (%s)', (driver) => {
  const t = useServer(driver);
  let s: TestServer;
  beforeAll(async () => {
    s = await t.server.withEnv({ RATE_LIMIT_FUNCTIONS: '100000' });
  });
  const save = (u: Registered, body: unknown) => s.request('/api/functions/save_pin_prod', { token: u.token, body });
  const check = (u: Registered, pin: unknown, server = s) =>
    server.request('/api/functions/validate_pin_prod', { token: u.token, body: { pin } });
  const status = async (u: Registered) =>
    (await s.request('/api/functions/user_has_pin_prod', { token: u.token })).body;
  const row = async (u: Registered) =>
    (await s.ctx.db.select().from(paymentPins).where(eq(paymentPins.userId, u.id)))[0];

  it('saves exactly 4 digits, as an argon2id hash; validate answers 200 for it and 403 for another', async () => {
    const u = await registerUser(s);
    expect(await status(u)).toEqual({ result: false });
    for (const pin of ['123', '12345', '12a4', ' 1234', '١٢٣٤', 1234]) {
      const res = await save(u, { pin });
      expect([400, 422], String(pin)).toContain(res.status);
    }
    expect((await save(u, { pin: '4821' })).status).toBe(200);
    expect(await status(u)).toEqual({ result: true, locked: false });
    expect((await row(u))?.pinHash).toMatch(/^\$argon2id\$/);
    expect((await row(u))?.pinHash).not.toContain('4821');
    expect((await check(u, '4821')).status).toBe(200);
    const wrong = await check(u, '1111');
    expect(wrong.status).toBe(403);
    expect(wrong.body.details).toMatchObject({ reason: 'wrong_pin', triesLeft: 2 });
    // A right PIN starts the count again.
    expect((await check(u, '4821')).status).toBe(200);
    expect((await row(u))?.failures).toBe(0);
    expect((await check(u, '12')).status).toBe(422);
    expect((await s.request('/api/functions/validate_pin_prod', { body: { pin: '4821' } })).status).toBe(401);
  });

  it('changing the PIN needs the account password', async () => {
    const u = await registerUser(s);
    expect((await save(u, { pin: '4821' })).status).toBe(200);
    expect((await save(u, { pin: '9999' })).status).toBe(403);
    expect((await save(u, { pin: '9999', password: 'not-the-password' })).status).toBe(403);
    expect((await save(u, { pin: '9999', password: u.password })).status).toBe(200);
    expect((await check(u, '9999')).status).toBe(200);
  });

  it('50 wrong PINs at once: exactly 3 counted, then locked; the right PIN is refused; a restart keeps the lock', async () => {
    const u = await registerUser(s);
    await save(u, { pin: '4821' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => check(u, String(1000 + i))));
    expect(answers.every((a) => a.status === 403)).toBe(true);
    const reasons = answers.map((a) => a.body.details.reason);
    expect(reasons.filter((r) => r === 'wrong_pin')).toHaveLength(2);
    expect(reasons.filter((r) => r === 'pin_locked')).toHaveLength(48);
    expect(await row(u)).toMatchObject({ failures: 3 });
    expect((await row(u))?.lockedAt).toBeInstanceOf(Date);
    const right = await check(u, '4821');
    expect(right.status).toBe(403);
    expect(right.body.details.reason).toBe('pin_locked');
    expect(await status(u)).toEqual({ result: true, locked: true });
    // Another process on the same database (a restart): still locked.
    const restarted = await t.server.withEnv({ RATE_LIMIT_FUNCTIONS: '100000' });
    expect((await check(u, '4821', restarted)).body.details.reason).toBe('pin_locked');
    // Setting a new PIN is no way around the lock.
    expect((await save(u, { pin: '0000' })).status).toBe(403);
    // Unlock: only with the account password.
    const unlock = (password: string) =>
      s.request('/api/functions/unlock_pin_prod', { token: u.token, body: { password } });
    expect((await unlock('wrong-password-1')).status).toBe(403);
    expect((await unlock(u.password)).status).toBe(200);
    expect((await check(u, '4821')).status).toBe(200);
    expect(await row(u)).toMatchObject({ failures: 0, lockedAt: null });
  });

  it('three wrong in a row lock; the PIN of another user is not touched', async () => {
    const u = await registerUser(s);
    const other = await registerUser(s);
    await save(u, { pin: '4821' });
    await save(other, { pin: '4821' });
    expect((await check(u, '0001')).body.details).toMatchObject({ reason: 'wrong_pin', triesLeft: 2 });
    expect((await check(u, '0002')).body.details).toMatchObject({ reason: 'wrong_pin', triesLeft: 1 });
    expect((await check(u, '0003')).body.details).toMatchObject({ reason: 'pin_locked' });
    expect((await check(other, '4821')).status).toBe(200);
  });
});
