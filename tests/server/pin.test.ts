// The payment PIN through HTTP: exactly 4 digits, 403 for a wrong one, the lock after three wrong in a row (exactly
// three counted under 50 parallel tries), kept across a restart (a new app on the same database), unlocked only with
// the account password; stored as a slow hash. The validation step enforced at authorize: a card flow pays only with
// the proof a right PIN answers (short-lived, the driver's own, bound by its first use to one order and amount).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../../server/auth/crypto';
import { authChallenges, paymentMethods, paymentPins, stations } from '../../server/db/schema';
import { drivers, type Registered, registerUser, type TestServer, useServer } from './helpers';
import { authBody, authorizeReq, createOrderReq, ledgerOf, newDriver, orderBody } from './orders-fixtures';
import { createStation } from './stations-fixtures';

describe.each(drivers)('payment PIN (%s)', (driver) => {
  const t = useServer(driver);

  /** A card the sandbox provider registered as CREDIT_CARD for this user (written as the provider's return does). */
  const insertCard = async (userId: string) => {
    const id = `pm_${newToken().slice(0, 16)}`;
    await s.ctx.db.insert(paymentMethods).values({
      id,
      userId,
      provider: 'sandbox',
      method: 'CREDIT_CARD',
      token: newToken(),
      brand: 'MASTERCARD',
      last4: '8210',
      expMonth: 12,
      expYear: 2034,
    });
    return id;
  };
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

  it('authorize asks for the validation step: a card flow pays once per right PIN, a wallet-like method needs none', async () => {
    const d = await newDriver(s);
    const other = await registerUser(s);
    await save(d, { pin: '4821' });
    await save(other, { pin: '4821' });
    // A card the provider registered as CREDIT_CARD (the validation step applies to it, pay-flows.md §4).
    const cardId = await insertCard(d.id);
    const stations = [await createStation(s.ctx), await createStation(s.ctx)];
    const newOrder = async (n: number) => {
      const st = stations[Math.floor(n / 2)]!;
      const res = await createOrderReq(s, d.token, orderBody(st.id, st.products[n % 2]!.id));
      expect(res.status, res.text).toBe(201);
      return res.body._id as string;
    };
    const proofOf = async (u: Registered, pin = '4821') => {
      const res = await check(u, pin);
      expect(res.status, res.text).toBe(200);
      expect(res.body.paymentProof).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      return res.body.paymentProof as string;
    };
    const pay = (orderId: string, paymentProof?: string, k?: string) =>
      authorizeReq(s, d.token, orderId, { ...authBody(3000, cardId), ...(paymentProof ? { paymentProof } : {}) }, k);
    const refusedFor = async (res: { status: number; body: { details?: { reason?: string } } }) => {
      expect(res.status).toBe(403);
      expect(res.body.details?.reason).toBe('validation_required');
    };

    const first = await newOrder(0);
    await refusedFor(await pay(first));
    await refusedFor(await pay(first, 'made-up-proof-made-up-proof-made-up-proof-00')); // not one the server gave
    await refusedFor(await pay(first, await proofOf(other))); // another driver's proof
    // A wrong PIN answers no proof (and counts).
    const wrong = await check(d, '1111');
    expect(wrong.status).toBe(403);
    expect(wrong.body.paymentProof).toBeUndefined();
    const proof = await proofOf(d);
    const paid = await pay(first, proof, 'key-of-the-first-payment');
    expect(paid.status, paid.text).toBe(200);
    // Pressing pay again (a lost answer) after a new PIN: the same payment under the same key, its answer replayed.
    const replayed = await pay(first, await proofOf(d), 'key-of-the-first-payment');
    expect(replayed.text).toBe(paid.text);
    expect(paid.body.state).toBe('PRODUCT_PENDING');
    expect((await ledgerOf(s, first)).map((e) => e.kind)).toEqual(['HOLD']);
    // Spent: the same proof does not pay a second order.
    const second = await newOrder(1);
    await refusedFor(await pay(second, proof));
    // Short-lived: an old proof is refused.
    const late = await proofOf(d);
    await s.ctx.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.userId, d.id));
    await refusedFor(await pay(second, late));
    // Two payments racing with one proof: exactly one gets through.
    const raced = await proofOf(d);
    const third = await newOrder(2);
    const answers = await Promise.all([pay(second, raced), pay(third, raced)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    // The sandbox's DIRECT_CREDIT test card skips the step (like GOOGLE_PAY, MBWAY, APPLE_PAY).
    const fourth = await newOrder(3);
    expect((await authorizeReq(s, d.token, fourth, authBody(3000, d.visaId))).status).toBe(200);
    // Nothing but the hash of a proof is stored.
    const stored = JSON.stringify(await s.ctx.db.select().from(authChallenges).where(eq(authChallenges.userId, d.id)));
    expect(stored).not.toContain(proof);
  });

  it('a proof refused with its order still payable pays that order again, never another order or amount', async () => {
    const d = await newDriver(s);
    await save(d, { pin: '4821' });
    const cardId = await insertCard(d.id);
    const st = await createStation(s.ctx);
    const newOrder = async (n: number) => {
      const res = await createOrderReq(s, d.token, orderBody(st.id, st.products[n]!.id));
      expect(res.status, res.text).toBe(201);
      return res.body._id as string;
    };
    const proofRes = await check(d, '4821');
    expect(proofRes.status, proofRes.text).toBe(200);
    const proof = proofRes.body.paymentProof as string;
    const pay = (orderId: string, amount = 3000) =>
      authorizeReq(s, d.token, orderId, { ...authBody(amount, cardId), paymentProof: proof });
    const refusedFor = (res: { status: number; body: { details?: { reason?: string } } }) => {
      expect(res.status).toBe(403);
      expect(res.body.details?.reason).toBe('validation_required');
    };
    const setStation = (status: 'ONLINE' | 'OFFLINE') =>
      s.ctx.db.update(stations).set({ status }).where(eq(stations.id, st.id));

    const first = await newOrder(0);
    const second = await newOrder(1);
    // The station went offline between the summary and the press of pay: refused after the proof was checked.
    await setStation('OFFLINE');
    const offline = await pay(first);
    expect(offline.status, offline.text).toBe(409);
    await setStation('ONLINE');
    // That try bound the proof to the first order and 30.00: not another order, not another amount.
    refusedFor(await pay(second));
    refusedFor(await pay(first, 2500));
    // The retry of the same order with the same amount goes through without a new PIN.
    const paid = await pay(first);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.state).toBe('PRODUCT_PENDING');
    expect((await ledgerOf(s, first)).map((e) => e.kind)).toEqual(['HOLD']);
    // Paid: the same proof still pays no other order; a new PIN does.
    refusedFor(await pay(second));
    const again = await check(d, '4821');
    const next = await authorizeReq(s, d.token, second, {
      ...authBody(3000, cardId),
      paymentProof: again.body.paymentProof,
    });
    expect(next.status, next.text).toBe(200);
    // Expired, it no longer pays even its own order.
    const elsewhere = await createStation(s.ctx);
    const made = await createOrderReq(s, d.token, orderBody(elsewhere.id, elsewhere.products[0]!.id));
    expect(made.status, made.text).toBe(201);
    const third = made.body._id as string;
    const late = await check(d, '4821');
    const lateProof = late.body.paymentProof as string;
    const setElsewhere = (status: 'ONLINE' | 'OFFLINE') =>
      s.ctx.db.update(stations).set({ status }).where(eq(stations.id, elsewhere.id));
    await setElsewhere('OFFLINE');
    const offlineThere = await authorizeReq(s, d.token, third, { ...authBody(3000, cardId), paymentProof: lateProof });
    expect(offlineThere.status).toBe(409);
    await setElsewhere('ONLINE');
    await s.ctx.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.userId, d.id));
    refusedFor(await authorizeReq(s, d.token, third, { ...authBody(3000, cardId), paymentProof: lateProof }));
  });
});
