// The lottery benefit and the tutorial site through HTTP on the real app: the gamification flag, consent (422),
// joining twice (one join), hasJoined, a closed lottery; tutorials in nine languages with the English fallback, an
// unknown topic 404, and completion records (own only, posted twice = once).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { optin, rewardsStatus } from '../../contract/benefits';
import {
  completedTutorialsResponse,
  TUTORIAL_LANGUAGES,
  tutorialsResponse,
  tutorialTopicsResponse,
} from '../../contract/tutorials';
import { accounts, lotteries } from '../../server/db/schema';
import { allAccountFeatures } from '../../server/services/accounts';
import { monthlyLottery, seedLottery } from '../../server/services/benefits';
import {
  drivers,
  type FakeClock,
  fakeClock,
  type Registered,
  registerUser,
  type TestServer,
  useServer,
} from './helpers';

describe.each(drivers)('lottery (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let name: string;
  beforeAll(async () => {
    clock = fakeClock(new Date('2031-03-10T10:00:00Z'));
    s = await t.server.withEnv({}, { clock });
    ({ name } = await seedLottery({ ctx: s.ctx }));
    // A lottery of last year, long drawn: listed nowhere, not joinable.
    const old = monthlyLottery(new Date('2030-01-15T00:00:00Z'));
    await s.ctx.db.insert(lotteries).values(old).onConflictDoNothing();
  });

  async function player(): Promise<Registered> {
    const u = await registerUser(s);
    const me = (await s.request(`/api/users/${u.id}`, { token: u.token })).body;
    await s.ctx.db.update(accounts).set({ features: allAccountFeatures() }).where(eq(accounts.id, me.accountId));
    return u;
  }
  const join = (u: Registered, body: unknown) => s.request('/api/optins', { token: u.token, body });
  const status = async (u: Registered, locale = 'en-GB') =>
    rewardsStatus.parse(
      (await s.request('/api/v4/rewards-status', { token: u.token, headers: { 'x-locale': locale } })).body,
    );

  it('offers no lottery to an account without the gamification feature, and refuses its join (403)', async () => {
    const u = await registerUser(s);
    expect(await status(u)).toEqual({ lotteries: [], hasJoined: false });
    const res = await join(u, { name, action: 'JOIN', consent: true });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('lists the running lottery in the driver’s language, not joined', async () => {
    const u = await player();
    const en = await status(u);
    expect(en.hasJoined).toBe(false);
    expect(en.lotteries.map((l) => [l.name, l.status, l.hasJoined])).toEqual([[name, 'RUNNING', false]]);
    expect(en.lotteries[0]?.title).toBe('Monthly fuel lottery');
    expect((await status(u, 'de-DE')).lotteries[0]?.title).toBe('Monatliche Tankverlosung');
    expect((await status(u, 'sv-SE')).lotteries[0]?.title).toBe('Monthly fuel lottery');
  });

  it('refuses a join whose consent is withheld (422 lottery_consent_required, field named) and stays not joined', async () => {
    const u = await player();
    const res = await join(u, { name, action: 'JOIN', consent: false });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('lottery_consent_required');
    expect(res.body.details).toEqual([{ path: 'consent', message: 'Required' }]);
    expect((await status(u)).hasJoined).toBe(false);
    expect(optin.parse((await s.request(`/api/optins/name/${name}`, { token: u.token })).body).hasJoined).toBe(false);
  });

  it("joins with the spec's body {name, action} alone: joining is the consent, and its time is kept (§7)", async () => {
    const u = await player();
    const res = await join(u, { name, action: 'JOIN' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      hasJoined: true,
      joinedAt: '2031-03-10T10:00:00.000Z',
      consentAt: '2031-03-10T10:00:00.000Z',
    });
  });

  it('joins with consent (201); joining twice keeps the first join (200, same time); hasJoined everywhere', async () => {
    const u = await player();
    const first = await join(u, { name, action: 'JOIN', consent: true });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name, hasJoined: true, joinedAt: '2031-03-10T10:00:00.000Z' });
    clock.advance(60_000);
    const again = await join(u, { name, action: 'JOIN', consent: true });
    expect(again.status).toBe(200);
    expect(again.body.joinedAt).toBe(first.body.joinedAt);
    const st = await status(u);
    expect(st.hasJoined).toBe(true);
    expect(st.lotteries[0]).toMatchObject({ hasJoined: true, joinedAt: first.body.joinedAt });
    const got = await s.request(`/api/optins/name/${name}`, { token: u.token });
    expect(got.body).toMatchObject({ hasJoined: true, joinedAt: first.body.joinedAt });
    // The spec's own spelling of the path (§7 "GET optins//name/{name}") is the same handler.
    const spelled = await s.request(`/api/optins//name/${name}`, { token: u.token });
    expect(spelled.status).toBe(200);
    expect(spelled.body).toEqual(got.body);
    // Another driver has not joined: each sees only their own opt-in.
    const other = await player();
    expect((await status(other)).hasJoined).toBe(false);
  });

  it('refuses an unknown lottery (404), a drawn one (422 lottery_closed) and a bad body (400 with the field)', async () => {
    const u = await player();
    expect((await join(u, { name: 'no-such-lottery', action: 'JOIN', consent: true })).status).toBe(404);
    expect((await s.request('/api/optins/name/no-such-lottery', { token: u.token })).status).toBe(404);
    expect((await s.request('/api/optins//name/no-such-lottery', { token: u.token })).status).toBe(404);
    const closed = await join(u, { name: 'fuel-lottery-2030-01', action: 'JOIN', consent: true });
    expect(closed.status).toBe(422);
    expect(closed.body.code).toBe('lottery_closed');
    const bad = await join(u, { name, action: 'LEAVE', consent: true });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('action');
    expect((await s.request('/api/optins', { body: { name, action: 'JOIN', consent: true } })).status).toBe(401);
  });
});

describe.each(drivers)('tutorials (%s)', (driver) => {
  const t = useServer(driver);
  const topics = async (query: string, headers: Record<string, string> = {}) =>
    tutorialTopicsResponse.parse(
      (await t.server.request(`/api/tutorial-site/tutorial_topic${query}`, { headers })).body,
    );

  it('serves the topics in each of the nine languages, each written for that language', async () => {
    const en = await topics('?locale=en');
    expect(en.map((x) => x.id)).toEqual([
      'prepay',
      'postpay',
      'car-wash',
      'ev-charging',
      'payment-methods',
      'vouchers',
    ]);
    const titles = new Set<string>();
    const vouchersTitles = new Set<string>();
    for (const language of TUTORIAL_LANGUAGES) {
      const list = await topics(`?locale=${language}`);
      expect(list.every((x) => x.language === language)).toBe(true);
      titles.add(list[0]?.title ?? '');
      const tutorials = tutorialsResponse.parse(
        (await t.server.request(`/api/tutorial-site/tutorial?tutorial_topic=car-wash&locale=${language}`)).body,
      );
      expect(tutorials[0]?.steps.length).toBeGreaterThanOrEqual(3);
      expect(tutorials[0]?.language).toBe(language);
      // The "vouchers" topic: written in every language, with real steps.
      const vouchers = tutorialsResponse.parse(
        (await t.server.request(`/api/tutorial-site/tutorial?tutorial_topic=vouchers&locale=${language}`)).body,
      );
      expect(vouchers[0]).toMatchObject({ topicId: 'vouchers', language });
      expect(vouchers[0]?.steps.length).toBe(4);
      vouchersTitles.add(vouchers[0]?.title ?? '');
    }
    // Nine different texts: no language is a copy of another.
    expect(titles.size).toBe(9);
    expect(vouchersTitles.size).toBe(9);
  });

  it('falls back: the locale query, else X-Locale, else Accept-Language, else English', async () => {
    expect((await topics('?locale=pt-PT'))[0]?.language).toBe('pt');
    expect((await topics('', { 'x-locale': 'da-DK' }))[0]?.language).toBe('da');
    expect((await topics('', { 'accept-language': 'pl-PL,pl;q=0.9' }))[0]?.language).toBe('pl');
    expect((await topics('?locale=sv-SE'))[0]).toMatchObject({ language: 'en', title: 'Pay before you fuel' });
    expect((await topics(''))[0]?.language).toBe('en');
    const res = await t.server.request('/api/tutorial-site/tutorial?tutorial_topic=prepay&locale=ja');
    expect(res.body[0]).toMatchObject({ topicId: 'prepay', language: 'en', title: 'Fuelling with prepay' });
  });

  it('answers an unknown topic with 404 and a missing topic with 400', async () => {
    const unknown = await t.server.request('/api/tutorial-site/tutorial?tutorial_topic=nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const missing = await t.server.request('/api/tutorial-site/tutorial');
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe('tutorial_topic');
  });

  it('keeps completions per driver, topic and language; posting again keeps the first', async () => {
    const u = await registerUser(t.server);
    const post = (body: unknown) => t.server.request('/api/v4/users/completed-tutorials', { token: u.token, body });
    const first = await post({ topicId: 'car-wash', tutorialLanguage: 'de', completedAt: '2026-01-02T03:04:05Z' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      topicId: 'car-wash',
      tutorialLanguage: 'de',
      completedAt: '2026-01-02T03:04:05.000Z',
    });
    expect((await post({ topicId: 'car-wash', tutorialLanguage: 'de' })).status).toBe(200);
    expect((await post({ topicId: 'car-wash', tutorialLanguage: 'en' })).status).toBe(201);
    const bad = await post({ topicId: 'nope', tutorialLanguage: 'de' });
    expect(bad.status).toBe(422);
    expect((await post({ topicId: 'car-wash', tutorialLanguage: 'sv' })).status).toBe(400);
    const list = completedTutorialsResponse.parse(
      (await t.server.request('/api/v4/users/completed-tutorials', { token: u.token })).body,
    );
    expect(list.map((c) => `${c.topicId}/${c.tutorialLanguage}`)).toEqual(['car-wash/de', 'car-wash/en']);
    const other = await registerUser(t.server);
    expect((await t.server.request('/api/v4/users/completed-tutorials', { token: other.token })).body).toEqual([]);
  });
});
