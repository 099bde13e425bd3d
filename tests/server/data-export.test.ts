// The whole data export (GDPR art. 15/20, issue 36) over HTTP on the real app: request → a background job → ready
// (mailed) → the ZIP downloaded by its owner → unzipped with fflate (the library that wrote it) and every file read.
// Secrets never reach it; another user cannot download it; it expires.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataDumpResponse, latestDataExportResponse } from '../../contract/users';
import { createApp } from '../../server/app';
import { newId } from '../../server/auth/crypto';
import {
  dataExportChunks,
  dataExports,
  loyaltySubscriptions,
  paymentMethods,
  paymentPins,
  users,
  voucherCampaigns,
  voucherParticipations,
  webauthnCredentials,
} from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import { purgeExpiredExports, resumeDataExports, SECTIONS } from '../../server/services/data-export';
import { drivers, type FakeClock, fakeClock, latestMail, registerUser, type TestServer, useServer } from './helpers';
import {
  authBody,
  authorizeReq,
  createOrderReq,
  type Driver,
  getOrder,
  newDriver,
  orderBody,
  runUntil,
} from './orders-fixtures';
import { createStation } from './stations-fixtures';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);

/** Splits a CSV of the export (no field of these rows spans lines) into records by its header. */
function csvRecords(text: string): Record<string, string>[] {
  const [head, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const cells = (line: string) => {
    const out: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted && ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        out.push(cur);
        cur = '';
      } else cur += ch;
    }
    out.push(cur);
    return out;
  };
  const columns = cells(head ?? '');
  return lines.map((l) => Object.fromEntries(cells(l).map((v, i) => [columns[i], v])));
}

describe.each(drivers)('data export (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock();
    s = await t.server.withEnv({}, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  async function paidOrder(d: Driver) {
    const st = await createStation(s.ctx);
    const pumpId = st.products[0]!.id;
    const created = await createOrderReq(s, d.token, orderBody(st.id, pumpId, 'SUPER_E5', { thingId: d.thingId }));
    expect(created.status).toBe(201);
    expect((await authorizeReq(s, d.token, created.body._id, authBody(2000, d.visaId))).status).toBe(200);
    await runUntil(clock, sim, async () => (await getOrder(s, d.token, created.body._id)).state === 'COMPLETED', {
      stepMs: 500,
    });
    return created.body._id as string;
  }

  async function costWithImage(d: Driver) {
    const cost = await s.request('/api/v4/account-history/costs', {
      token: d.token,
      body: {
        category: 'PARKING',
        price: 4500,
        currency: 'EUR',
        sampleTime: clock.now().toISOString(),
        name: 'Garage "Süd", Level 2',
      },
    });
    expect(cost.status).toBe(201);
    const res = await createApp(s.ctx).request(`http://localhost:8080/api/v4/account-history/${cost.body._id}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${d.token}`, 'content-type': 'image/png' },
      body: new Blob([PNG]),
    });
    expect(res.status).toBe(201);
    return { eventId: cost.body._id as string, imageId: ((await res.json()) as { _id: string })._id };
  }

  /** A driver with a vehicle, a card order paid (hold + capture), a cost with an image, a loyalty card, a voucher, a passkey and a PIN. */
  async function seededDriver() {
    const d = await newDriver(s);
    await s.request(`/api/users/${d.id}`, {
      method: 'PATCH',
      token: d.token,
      body: { firstName: 'Dana', lastName: 'Driver' },
    });
    const orderId = await paidOrder(d);
    const image = await costWithImage(d);
    await s.ctx.db
      .insert(loyaltySubscriptions)
      .values({ id: newId(), userId: d.id, provider: 'REPSOL', cardNumber: '7078123456789012' });
    const campaignId = newId();
    await s.ctx.db.insert(voucherCampaigns).values({
      id: campaignId,
      name: 'Spring 5 ct',
      kind: 'PER_UNIT',
      value: 5,
      currency: 'EUR',
      productTypes: ['GAS'],
      source: 'CAMPAIGN',
    });
    await s.ctx.db.insert(voucherParticipations).values({ id: newId(), userId: d.id, campaignId, usesLeft: 3 });
    const publicKey = `pk-${newId()}-SECRET`;
    const credentialId = `cred-${newId()}`;
    await s.ctx.db
      .insert(webauthnCredentials)
      .values({ id: credentialId, userId: d.id, publicKey, transports: ['internal'] });
    const pinHash = `$argon2id$v=19$m=1024$PIN-${newId()}`;
    await s.ctx.db.insert(paymentPins).values({ userId: d.id, pinHash, updatedAt: clock.now() });
    return { d, orderId, image, publicKey, credentialId, pinHash };
  }

  async function requestAndWait(token: string) {
    const res = await s.request('/api/events/request-data-dump', { token });
    expect(res.status).toBe(202);
    const body = dataDumpResponse.parse(res.body);
    expect(body.export.state).toBe('REQUESTED');
    await s.ctx.background.idle();
    const latest = latestDataExportResponse.parse((await s.request('/api/v4/users/data-export', { token })).body);
    return { requested: body, latest: latest.export };
  }

  it('request → job → ready (mailed) → download → every file holds the seeded data, and no secret is anywhere', async () => {
    const seed = await seededDriver();
    const { d } = seed;
    const { requested, latest } = await requestAndWait(d.token);
    expect(requested.sentTo).toBe(d.email);
    expect(latest).toMatchObject({ id: requested.export.id, state: 'READY' });
    expect(latest?.expiresAt).not.toBeNull();

    const mail = await latestMail(s, d.email);
    expect(mail?.subject).toBe('Your Forecourt Pay data export is ready');
    expect(mail?.text).toContain('http://localhost:8080/profile/manage');
    expect(mail?.attachments ?? []).toEqual([]);

    const zip = await s.request(`/api/v4/users/data-export/${requested.export.id}/download`, { token: d.token });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(
      /^attachment; filename="forecourt-pay-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(zip.bytes.length).toBe(latest?.byteSize);
    const files = unzipSync(new Uint8Array(zip.bytes));
    const text = (name: string) => {
      expect(files[name], name).toBeDefined();
      return strFromU8(files[name] as Uint8Array);
    };
    const json = (name: string) => JSON.parse(text(name)) as Record<string, unknown>[];

    // Every section as JSON and CSV, the README naming each file, the image as a file.
    const imageFile = `history-images/${seed.image.eventId}-${seed.image.imageId}.png`;
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'export.json', imageFile, ...SECTIONS.flatMap((x) => [`${x.file}.json`, `${x.file}.csv`])].sort(),
    );
    const readme = text('README.txt');
    for (const x of SECTIONS) expect(readme).toContain(`${x.file}.json, ${x.file}.csv: `);
    for (const x of SECTIONS) {
      expect(csvRecords(text(`${x.file}.csv`)).length, x.file).toBe(json(`${x.file}.json`).length);
    }
    expect(Buffer.from(files[imageFile] as Uint8Array).equals(Buffer.from(PNG))).toBe(true);

    expect(json('profile.json')).toEqual([
      expect.objectContaining({ id: d.id, email: d.email, firstName: 'Dana', lastName: 'Driver' }),
    ]);
    expect(json('vehicles.json')).toEqual([
      expect.objectContaining({ id: d.thingId, nickName: 'My car', licensePlate: 'T-ES 1' }),
    ]);
    const methods = json('payment-methods.json');
    expect(methods.find((m) => m.id === d.visaId)).toMatchObject({
      brand: 'VISA',
      last4: '4242',
      expMonth: expect.any(Number),
      expYear: expect.any(Number),
    });
    expect(Object.keys(methods[0] ?? {})).not.toContain('token');
    expect(json('orders.json')).toEqual([
      expect.objectContaining({
        id: seed.orderId,
        state: 'COMPLETED',
        paymentMethodId: d.visaId,
        paymentLast4: '4242',
      }),
    ]);
    const ledger = json('payment-ledger.json')
      .filter((l) => l.orderId === seed.orderId)
      .map((l) => l.kind);
    expect(ledger).toEqual(expect.arrayContaining(['HOLD', 'CAPTURE']));
    expect(json('payment-holds.json')).toEqual([
      expect.objectContaining({ orderId: seed.orderId, held: 2000, status: 'CAPTURED' }),
    ]);
    expect(json('receipts.json')).toEqual([expect.objectContaining({ orderId: seed.orderId })]);
    expect(
      json('history.json')
        .map((e) => e.type)
        .sort(),
    ).toEqual(['COST', 'PAYMENT']);
    expect(json('history-costs.json')).toEqual([
      expect.objectContaining({ eventId: seed.image.eventId, name: 'Garage "Süd", Level 2' }),
    ]);
    expect(csvRecords(text('history-costs.csv'))[0]).toMatchObject({
      eventId: seed.image.eventId,
      name: 'Garage "Süd", Level 2',
    });
    expect(json('history-images.json')).toEqual([
      expect.objectContaining({ id: seed.image.imageId, contentType: 'image/png', file: imageFile }),
    ]);
    expect(json('loyalty-cards.json')).toEqual([
      expect.objectContaining({ provider: 'REPSOL', cardNumber: '7078123456789012' }),
    ]);
    expect(json('vouchers.json')).toEqual([
      expect.objectContaining({ name: 'Spring 5 ct', usesLeft: 3, active: true }),
    ]);
    expect(json('webauthn-credentials.json')).toEqual([
      expect.objectContaining({ id: seed.credentialId, transports: ['internal'] }),
    ]);
    expect(json('payment-pin.json')).toEqual([expect.objectContaining({ failures: 0 })]);
    expect(json('consents.json').filter((c) => c.kind === 'MARKETING')).toHaveLength(3);
    expect(json('sessions.json').length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(json('sessions.json')[0] ?? {})).not.toContain('tokenHash');

    // No secret anywhere: not in the ZIP's bytes, not in any file's bytes once inflated.
    const [row] = await s.ctx.db.select().from(users).where(eq(users.id, d.id));
    const tokens = (await s.ctx.db.select().from(paymentMethods).where(eq(paymentMethods.userId, d.id))).map(
      (m) => m.token,
    );
    const secrets = [
      ...tokens,
      row?.passwordHash as string,
      d.token,
      createHash('sha256').update(d.token).digest('hex'),
      seed.publicKey,
      seed.pinHash,
    ];
    expect(tokens.length).toBeGreaterThan(0);
    const blobs = [Buffer.from(zip.bytes), ...Object.values(files).map((f) => Buffer.from(f))];
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      for (const blob of blobs) expect(blob.includes(secret), 'a secret is in the export').toBe(false);
    }
    for (const blob of blobs) expect(blob.includes('argon2')).toBe(false);
  });

  it('another user cannot download it (404) nor see it; a guest cannot request one (403)', async () => {
    const owner = await registerUser(s);
    const { requested } = await requestAndWait(owner.token);
    const other = await registerUser(s);
    const res = await s.request(`/api/v4/users/data-export/${requested.export.id}/download`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
    expect((await s.request('/api/v4/users/data-export', { token: other.token })).body).toEqual({ export: null });
    expect((await s.request(`/api/v4/users/data-export/${requested.export.id}/download`)).status).toBe(401);
    const guest = await s.request('/api/auth/register/guest', { method: 'POST', body: {} });
    const g = await s.request('/api/events/request-data-dump', { token: guest.body.auth_token });
    expect(g.status).toBe(403);
  });

  it("keeps the spec's thingId check: another user's vehicle is 404 and builds nothing", async () => {
    const u = await newDriver(s);
    const other = await newDriver(s);
    const refused = await s.request(`/api/events/request-data-dump?thingId=${other.thingId}`, { token: u.token });
    expect(refused.status).toBe(404);
    expect((await s.request('/api/v4/users/data-export', { token: u.token })).body).toEqual({ export: null });
    const own = await s.request(`/api/events/request-data-dump?thingId=${u.thingId}`, { token: u.token });
    expect(own.status).toBe(202);
  });

  it('an export whose process died is built again by the sweep; an expired one loses its bytes', async () => {
    const u = await registerUser(s);
    const id = newId();
    await s.ctx.db
      .insert(dataExports)
      .values({ id, userId: u.id, state: 'BUILDING', owner: 'a-process-that-is-gone', createdAt: clock.now() });
    expect(await resumeDataExports({ ctx: s.ctx })).toBe(1);
    const [row] = await s.ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(row).toMatchObject({ state: 'READY', owner: null });
    const zip = await s.request(`/api/v4/users/data-export/${id}/download`, { token: u.token });
    expect(Object.keys(unzipSync(new Uint8Array(zip.bytes)))).toContain('README.txt');
    const chunks = () => s.ctx.db.select().from(dataExportChunks).where(eq(dataExportChunks.exportId, id));
    expect((await chunks()).length).toBeGreaterThan(0);
    clock.advance(168 * 3_600_000 + 1000);
    await purgeExpiredExports({ ctx: s.ctx });
    expect(await chunks()).toEqual([]);
    clock.advance(-(168 * 3_600_000 + 1000));
  });

  it("mails in the app's language of the request (X-Locale), the screen's link included", async () => {
    const u = await registerUser(s);
    expect(
      (await s.request('/api/events/request-data-dump', { token: u.token, headers: { 'X-Locale': 'de-DE' } })).status,
    ).toBe(202);
    await s.ctx.background.idle();
    const mail = await latestMail(s, u.email);
    expect(mail?.subject).toBe('Ihr Forecourt-Pay-Datenexport ist bereit');
    expect(mail?.text).toContain('Profil > Persönliche Daten > Meine Daten herunterladen');
    expect(mail?.text).toContain('http://localhost:8080/profile/manage');
    expect(mail?.html).toContain('<html lang="de">');
  });

  it('expires: after DATA_EXPORT_TTL_HOURS the screen says EXPIRED and the download is refused (409)', async () => {
    const u = await registerUser(s);
    const { requested } = await requestAndWait(u.token);
    clock.advance(168 * 3_600_000 + 1000);
    const latest = latestDataExportResponse.parse(
      (await s.request('/api/v4/users/data-export', { token: u.token })).body,
    );
    expect(latest.export?.state).toBe('EXPIRED');
    const res = await s.request(`/api/v4/users/data-export/${requested.export.id}/download`, { token: u.token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', details: { state: 'EXPIRED' } });
    clock.advance(-(168 * 3_600_000 + 1000));
  });
});
