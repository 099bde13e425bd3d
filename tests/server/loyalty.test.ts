// Loyalty through HTTP on the real app: programs by account feature, card formats, the partner form's age rule at the
// boundary day, the partner errors, and another user's card refused (404).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loyaltyProgramsResponse, loyaltySubscriptionsResponse } from '../../contract/loyalty';
import { accounts } from '../../server/db/schema';
import { allAccountFeatures } from '../../server/services/accounts';
import {
  drivers,
  type FakeClock,
  fakeClock,
  type Registered,
  registerUser,
  type TestServer,
  useServer,
} from './helpers';
import { authBody, authorizeReq, createOrderReq, getOrder, newDriver, orderBody } from './orders-fixtures';
import { createStation, washBay } from './stations-fixtures';

describe.each(drivers)('loyalty (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  beforeAll(async () => {
    // 2031-03-01: someone born 2015-03-01 turns 16 today.
    clock = fakeClock(new Date('2031-03-01T10:00:00Z'));
    s = await t.server.withEnv({}, { clock });
  });

  /** A driver whose account has every loyalty program switched on (like the demo driver). */
  async function member(): Promise<Registered> {
    const u = await registerUser(s);
    const me = (await s.request(`/api/users/${u.id}`, { token: u.token })).body;
    await s.ctx.db.update(accounts).set({ features: allAccountFeatures() }).where(eq(accounts.id, me.accountId));
    return u;
  }
  const add = (u: Registered, body: unknown) => s.request('/api/v4/loyalty-subscriptions', { token: u.token, body });
  const partner = (birthDate?: string) => ({
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana@example.com',
    country: 'PT',
    language: 'pt',
    ...(birthDate ? { birthDate } : {}),
    gender: 'female',
  });

  it('lists the programs the account switches on: none by default, three with two icons for a member', async () => {
    const plain = await registerUser(s);
    expect((await s.request('/api/v4/loyalty-programs', { token: plain.token })).body).toEqual([]);
    expect((await add(plain, { provider: 'REPSOL', cardNumber: '7078123456789012' })).status).toBe(403);
    const u = await member();
    const programs = loyaltyProgramsResponse.parse(
      (await s.request('/api/v4/loyalty-programs', { token: u.token })).body,
    );
    expect(programs.map((p) => p.provider)).toEqual(['REPSOL', 'NOOP', 'Q8_SMILES']);
    expect(programs.filter((p) => p.icon).length).toBe(2);
  });

  it('adds a card in its format once; lists it; deletes it; another user cannot delete it (404)', async () => {
    const u = await member();
    const bad = await add(u, { provider: 'REPSOL', cardNumber: '1234' });
    expect([bad.status, bad.body.code, bad.body.details[0].path]).toEqual([422, 'loyalty_card_number', 'cardNumber']);
    const ok = await add(u, { provider: 'REPSOL', cardNumber: '7078 1234 5678 9012', email: 'me@example.com' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      provider: 'REPSOL',
      programName: 'Repsol Waylet',
      details: { cardNumber: '7078123456789012' },
    });
    const again = await add(u, { provider: 'REPSOL', cardNumber: '7078123456789013' });
    expect([again.status, again.body.code]).toEqual([409, 'loyalty_already_enrolled']);
    const list = loyaltySubscriptionsResponse.parse(
      (await s.request('/api/v4/loyalty-subscriptions', { token: u.token })).body,
    );
    expect(list.map((l) => l.id)).toEqual([ok.body.id]);
    const other = await member();
    const stolen = await s.request(`/api/v4/loyalty-subscriptions/${ok.body.id}`, {
      token: other.token,
      method: 'DELETE',
    });
    expect(stolen.status).toBe(404);
    const gone = await s.request(`/api/v4/loyalty-subscriptions/${ok.body.id}`, { token: u.token, method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await s.request('/api/v4/loyalty-subscriptions', { token: u.token })).body).toEqual([]);
  });

  it('the partner form: 16 on the boundary day is allowed, one day younger is refused (loyalty_age)', async () => {
    const young = await add(await member(), {
      provider: 'Q8_SMILES',
      cardNumber: '7123456789012',
      createAccount: partner('2015-03-02'),
    });
    expect([young.status, young.body.code, young.body.details[0].path]).toEqual([
      422,
      'loyalty_age',
      'createAccount.birthDate',
    ]);
    const sixteen = await add(await member(), {
      provider: 'Q8_SMILES',
      cardNumber: '7123456789012',
      createAccount: partner('2015-03-01'),
    });
    expect(sixteen.status).toBe(201);
    const noBirthDate = await add(await member(), {
      provider: 'Q8_SMILES',
      cardNumber: '7123456789012',
      createAccount: partner(),
    });
    expect(noBirthDate.status).toBe(201);
  });

  it('partner errors: a card not enrolled yet, the partner refusing, validation naming the field', async () => {
    const u = await member();
    const notEnrolled = await add(u, { provider: 'Q8_SMILES', cardNumber: '7912345678901' });
    expect([notEnrolled.status, notEnrolled.body.code]).toEqual([422, 'loyalty_not_enrolled']);
    const refused = await add(u, {
      provider: 'Q8_SMILES',
      cardNumber: '7123456780000',
      createAccount: partner('1990-05-05'),
    });
    expect([refused.status, refused.body.code]).toEqual([422, 'loyalty_api_error']);
    const invalid = await add(u, {
      provider: 'Q8_SMILES',
      cardNumber: '7123456789012',
      createAccount: { ...partner(), gender: 'x', email: 'no' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'createAccount.email',
      'createAccount.gender',
    ]);
    expect((await add(u, { provider: 'SHELL', cardNumber: '1' })).body.details[0].path).toBe('provider');
  });

  it("puts the points of what was paid after the discounts on the receipt's loyalty items, with the card's total", async () => {
    const d = await newDriver(s);
    const me = (await s.request(`/api/users/${d.id}`, { token: d.token })).body;
    await s.ctx.db.update(accounts).set({ features: allAccountFeatures() }).where(eq(accounts.id, me.accountId));
    const st = await createStation(s.ctx, { type: 'CAR_WASH', products: [washBay('Bay 1')] });
    const wash = async () => {
      const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id, 'WASH_BASIC'));
      expect((await authorizeReq(s, d.token, created.body._id, authBody(900, d.visaId))).status).toBe(200);
      return getOrder(s, d.token, created.body._id);
    };
    // No card: no loyalty items.
    expect((await wash()).loyaltyItems).toEqual([]);
    expect((await add(d, { provider: 'REPSOL', cardNumber: '7078123456789012' })).status).toBe(201);
    // 9.00 EUR paid: 9 points; the next wash adds 9 more to the card.
    expect((await wash()).loyaltyItems).toEqual([{ programName: 'Repsol Waylet', amount: 9, totalAmount: 9 }]);
    expect((await wash()).loyaltyItems).toEqual([{ programName: 'Repsol Waylet', amount: 9, totalAmount: 18 }]);
  });
});
