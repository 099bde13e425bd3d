// The logbook through HTTP on the real app (shell-and-account.md §3, §4, §5, §7 History, §9): costs with the spec's
// conversions, recurring series and the delete reach, images sniffed from their bytes, merged trips and their exact
// undo, statistics, the PAYMENT event of a completed order (once) and its invoice PDF, and ownership of every id.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expenses as expensesSchema,
  fuelQuantityToMl,
  historyEvent,
  historyPage,
  kmToWireMileage,
  MAX_IMAGE_BYTES,
  mlToFuelQuantity,
  wireMileageToKm,
} from '../../contract/history';
import { fromDeciCents, toDeciCents } from '../../contract/money';
import { createApp } from '../../server/app';
import { newId } from '../../server/auth/crypto';
import { historyEvents, historyTrips } from '../../server/db/schema';
import { createSimulator, type Simulator } from '../../server/forecourt/simulator';
import {
  mergedTotals,
  occurrenceTime,
  seedDemoHistory,
  sniffImageType,
  splitGross,
} from '../../server/services/history';
import { pdfText } from '../support/pdf-text';
import { drivers, type FakeClock, fakeClock, type Loose, type TestServer, useServer } from './helpers';
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

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
const WEBP = Uint8Array.from([...Buffer.from('RIFF'), 36, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);
const GIF = Uint8Array.from(Buffer.from('GIF89a0000'));

describe('history rules (pure)', () => {
  it('conversions round-trip: cents × 10, ml / 100, km × 1000', () => {
    for (const cents of [0, 1, 199, 12_345, 99_999_999]) {
      const deci = toDeciCents({ amount: cents, currency: 'EUR', precision: 2 });
      expect(deci).toBe(cents * 10);
      expect(fromDeciCents(deci, 'EUR')).toEqual({ amount: cents, currency: 'EUR', precision: 2 });
    }
    for (const ml of [0, 1, 100, 45_530, 1_000_000]) expect(fuelQuantityToMl(mlToFuelQuantity(ml))).toBe(ml);
    expect(fuelQuantityToMl(455.3)).toBe(45_530);
    for (const km of [0, 0.001, 42_180.5, 1_000_000]) expect(wireMileageToKm(kmToWireMileage(km))).toBe(km);
    expect(kmToWireMileage(123_456.789)).toBe(123_456_789);
  });

  it('occurrences keep the anchor day, clamped to month ends without drifting', () => {
    const jan31 = new Date('2031-01-31T09:30:00Z');
    expect([0, 1, 2, 3].map((n) => occurrenceTime(jan31, 'MONTHLY', n).toISOString().slice(0, 10))).toEqual([
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
      '2031-04-30',
    ]);
    expect(occurrenceTime(jan31, 'QUARTERLY', 1).toISOString()).toBe('2031-04-30T09:30:00.000Z');
    expect(occurrenceTime(new Date('2032-02-29T00:00:00Z'), 'YEARLY', 1).toISOString()).toBe(
      '2033-02-28T00:00:00.000Z',
    );
    expect(occurrenceTime(jan31, 'WEEKLY', 2).toISOString()).toBe('2031-02-14T09:30:00.000Z');
  });

  it('image types are read from the bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(GIF)).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(PNG.subarray(0, 7))).toBeNull();
  });

  it('merged trip totals: distances add up, the score is weighted by distance', () => {
    const cases: Array<[Array<{ distanceM: number; drivingScore: number | null }>, number, number | null]> = [
      [
        [
          { distanceM: 1000, drivingScore: 80 },
          { distanceM: 3000, drivingScore: 60 },
        ],
        4000,
        65,
      ],
      [
        [
          { distanceM: 500, drivingScore: null },
          { distanceM: 1500, drivingScore: 90 },
        ],
        2000,
        90,
      ],
      [
        [
          { distanceM: 0, drivingScore: 70 },
          { distanceM: 0, drivingScore: 91 },
        ],
        0,
        81,
      ],
      [
        [
          { distanceM: 10, drivingScore: null },
          { distanceM: 20, drivingScore: null },
        ],
        30,
        null,
      ],
    ];
    for (const [trips, distanceM, drivingScore] of cases)
      expect(mergedTotals(trips)).toEqual({ distanceM, drivingScore });
  });

  it('VAT is taken out of the gross price', () => {
    expect(splitGross(11_900, 1900)).toEqual({ net: 10_000, vat: 1900 });
    expect(splitGross(5000, 2300)).toEqual({ net: 4065, vat: 935 });
    expect(splitGross(0, 1900)).toEqual({ net: 0, vat: 0 });
  });
});

describe.each(drivers)('history (%s)', (driver) => {
  const t = useServer(driver);
  let clock: FakeClock;
  let s: TestServer;
  let sim: Simulator;
  beforeAll(async () => {
    clock = fakeClock(new Date('2031-06-15T12:00:00Z'));
    s = await t.server.withEnv({}, { clock });
    sim = createSimulator(s.ctx, { ambient: false });
  });

  const cost = (d: Driver, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    s.request('/api/v4/account-history/costs', {
      token: d.token,
      headers,
      body: { category: 'PARKING', price: 4500, currency: 'EUR', sampleTime: clock.now().toISOString(), ...body },
    });
  const list = async (d: Driver, q = '') => {
    const res = await s.request(`/api/v4/account-history${q}`, { token: d.token });
    expect(res.status).toBe(200);
    return historyPage.parse(res.body);
  };

  it('a cost keeps every field with the spec units, and the list filters it', async () => {
    const d = await newDriver(s);
    const res = await cost(d, {
      category: 'FUEL_TOP_UP',
      price: 73_506,
      fuelQuantity: 455.3,
      odometer: 42_180_500,
      tankFull: true,
      name: ' Super E5 ',
      notes: 'Nordwind',
      thingId: d.thingId,
    });
    expect(res.status).toBe(201);
    const event = historyEvent.parse(res.body);
    expect(event).toMatchObject({
      type: 'COST',
      thingId: d.thingId,
      triggerEventTypeAtSource: 'MANUAL',
      cost: {
        category: 'FUEL_TOP_UP',
        price: 73_506,
        currency: 'EUR',
        recurrencePeriod: 'NEVER',
        seriesId: null,
        name: 'Super E5',
        notes: 'Nordwind',
        fuelQuantity: 455.3,
        odometer: 42_180_500,
        tankFull: true,
      },
    });
    expect((await s.request(`/api/v4/account-history/${event._id}`, { token: d.token })).body).toEqual(event);
    await cost(d, { category: 'CAR_WASH', price: 12_900, sampleTime: '2031-06-15T11:00:00Z' });
    expect((await list(d)).events.map((e) => e.cost?.category)).toEqual(['FUEL_TOP_UP', 'CAR_WASH']);
    expect((await list(d, '?costCategory=CAR_WASH')).events.map((e) => e.cost?.category)).toEqual(['CAR_WASH']);
    expect((await list(d, '?triggerEventTypeAtSource=MANUAL&types=COST')).total).toBe(2);
    expect((await list(d, `?vehicleId=${d.thingId}`)).total).toBe(1);
    expect((await list(d, '?types=TRIP')).total).toBe(0);
    expect((await list(d, '?types=PAYMENT&types=COST')).total).toBe(2);
    for (const bad of [
      '?limit=0',
      '?types=NOPE',
      '?page=x',
      '?triggerEventTypeAtSource=AUTO',
      '?from=yesterday',
      '?x=1',
    ]) {
      expect((await s.request(`/api/v4/account-history${bad}`, { token: d.token })).status).toBe(400);
    }
  });

  it('bodies are validated: bad fields 400, mileage above 1,000,000 km or below the previous reading refused', async () => {
    const d = await newDriver(s);
    for (const body of [
      { category: 'FOOD' },
      { price: -1 },
      { price: 1.5 },
      { currency: 'XXX' },
      { sampleTime: '2031-13-01' },
      { recurrencePeriod: 'DAILY' },
      { odometer: 1_000_000_001 },
      { extra: true },
      { name: 'x'.repeat(101) },
    ]) {
      expect((await cost(d, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await cost(d, { odometer: 50_000_000, thingId: d.thingId })).status).toBe(201);
    const lower = await cost(d, { odometer: 49_999_000, thingId: d.thingId, sampleTime: '2031-06-20T00:00:00Z' });
    expect(lower.status).toBe(422);
    expect(lower.body.details[0]).toMatchObject({ path: 'odometer', message: 'below_previous', limit: 50_000_000 });
    // The conflicting reading's time comes with it (the fuel-log import says "below an earlier reading of … on …").
    expect(Date.parse(lower.body.details[0].at)).toBeLessThanOrEqual(Date.parse('2031-06-20T00:00:00Z'));
    // An earlier entry must not be above the later reading either; another vehicle has its own readings.
    await cost(d, { odometer: 70_000_000, thingId: d.thingId, sampleTime: '2031-07-01T00:00:00Z' });
    const higher = await cost(d, { odometer: 80_000_000, thingId: d.thingId, sampleTime: '2031-06-25T00:00:00Z' });
    expect(higher.status).toBe(422);
    expect(higher.body.details[0]).toEqual({
      path: 'odometer',
      message: 'above_next',
      limit: 70_000_000,
      at: '2031-07-01T00:00:00.000Z',
    });
    expect(
      (await cost(d, { odometer: 60_000_000, thingId: d.thingId, sampleTime: '2031-06-01T00:00:00Z' })).status,
    ).toBe(422);
    expect(
      (await cost(d, { odometer: 40_000_000, thingId: d.thingId, sampleTime: '2031-06-01T00:00:00Z' })).status,
    ).toBe(201);
    expect((await cost(d, { odometer: 1_000, sampleTime: '2031-06-20T00:00:00Z' })).status).toBe(201);
  });

  it('POST costs with an Idempotency-Key is applied once; the repeat is replayed byte for byte', async () => {
    const d = await newDriver(s);
    const key = randomUUID();
    const first = await cost(
      d,
      { recurrencePeriod: 'MONTHLY', sampleTime: '2031-04-15T08:00:00Z' },
      { 'Idempotency-Key': key },
    );
    const again = await cost(
      d,
      { recurrencePeriod: 'MONTHLY', sampleTime: '2031-04-15T08:00:00Z' },
      { 'Idempotency-Key': key },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await list(d)).total).toBe(3); // April, May, June: one series
    expect((await cost(d, { price: 1 }, { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('a recurring cost makes its occurrences up to now, and the next one when it is due', async () => {
    const local = fakeClock(new Date('2031-03-31T10:00:00Z'));
    const server = await t.server.withEnv({}, { clock: local });
    const d = await newDriver(server);
    const res = await server.request('/api/v4/account-history/costs', {
      token: d.token,
      body: {
        category: 'INSURANCE',
        price: 89_500,
        currency: 'EUR',
        sampleTime: '2031-01-31T09:00:00Z',
        recurrencePeriod: 'MONTHLY',
        name: 'Insurance',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.sampleTime).toBe('2031-01-31T09:00:00.000Z');
    const times = async () =>
      historyPage
        .parse((await server.request('/api/v4/account-history', { token: d.token })).body)
        .events.map((e) => e.sampleTime.slice(0, 10));
    expect(await times()).toEqual(['2031-03-31', '2031-02-28', '2031-01-31']);
    local.set(new Date('2031-05-01T00:00:00Z'));
    expect(await times()).toEqual(['2031-04-30', '2031-03-31', '2031-02-28', '2031-01-31']);
    // A series that starts ahead has its first occurrence at once.
    const ahead = await server.request('/api/v4/account-history/costs', {
      token: d.token,
      body: {
        category: 'TAX',
        price: 160_000,
        currency: 'EUR',
        sampleTime: '2031-09-01T09:00:00Z',
        recurrencePeriod: 'YEARLY',
      },
    });
    expect(ahead.status).toBe(201);
    expect((await times())[0]).toBe('2031-09-01');
  });

  describe('delete reach over a series of five monthly occurrences (index 0 … 4)', () => {
    // [reach, index deleted, occurrences left, does the series go on]
    const table: Array<[string, number, number[], boolean]> = [
      ['onlyThis', 0, [1, 2, 3, 4], true],
      ['onlyThis', 2, [0, 1, 3, 4], true],
      ['onlyThis', 4, [0, 1, 2, 3], true],
      ['thisAndFollowing', 0, [], false],
      ['thisAndFollowing', 2, [0, 1], false],
      ['thisAndFollowing', 4, [0, 1, 2, 3], false],
      ['all', 0, [], false],
      ['all', 3, [], false],
    ];
    it.each(table)('%s at %i leaves %j', async (reach, index, left, goesOn) => {
      const local = fakeClock(new Date('2031-05-20T00:00:00Z'));
      const server = await t.server.withEnv({}, { clock: local });
      const d = await newDriver(server);
      const created = await server.request('/api/v4/account-history/costs', {
        token: d.token,
        body: {
          category: 'LEASING',
          price: 299_000,
          currency: 'EUR',
          sampleTime: '2031-01-10T09:00:00Z',
          recurrencePeriod: 'MONTHLY',
        },
      });
      expect(created.status).toBe(201);
      const months = async () =>
        historyPage
          .parse((await server.request('/api/v4/account-history', { token: d.token })).body)
          .events.map((e) => Number(e.sampleTime.slice(5, 7)) - 1)
          .reverse();
      const all = historyPage
        .parse((await server.request('/api/v4/account-history', { token: d.token })).body)
        .events.reverse();
      expect(all.map((e) => e.cost?.seriesId)).toEqual(Array(5).fill(created.body.cost.seriesId));
      const target = all[index]!;
      const del = await server.request(`/api/v4/account-history/costs/${target._id}?category=LEASING&reach=${reach}`, {
        method: 'DELETE',
        token: d.token,
      });
      expect(del.status).toBe(200);
      expect(del.body.deleted).toContain(target._id);
      expect(await months()).toEqual(left);
      // A month later: the series makes June only if it goes on.
      local.set(new Date('2031-06-20T00:00:00Z'));
      expect(await months()).toEqual(goesOn ? [...left, 5] : left);
    });

    it('a single cost goes whatever the reach; a wrong category is refused', async () => {
      const d = await newDriver(s);
      const single = (await cost(d, {})).body;
      const wrong = await s.request(`/api/v4/account-history/costs/${single._id}?category=TAX&reach=all`, {
        method: 'DELETE',
        token: d.token,
      });
      expect(wrong.status).toBe(422);
      const del = await s.request(`/api/v4/account-history/costs/${single._id}?reach=all`, {
        method: 'DELETE',
        token: d.token,
      });
      expect(del.body).toEqual({ deleted: [single._id] });
      expect(
        (await s.request(`/api/v4/account-history/costs/${single._id}`, { method: 'DELETE', token: d.token })).status,
      ).toBe(404);
      expect(
        (
          await s.request(`/api/v4/account-history/costs/${single._id}?reach=some`, {
            method: 'DELETE',
            token: d.token,
          })
        ).status,
      ).toBe(400);
    });
  });

  it('PATCH changes only this occurrence', async () => {
    const d = await newDriver(s);
    await cost(d, { recurrencePeriod: 'WEEKLY', sampleTime: '2031-05-31T12:00:00Z', price: 1000 });
    const [newest, ...rest] = (await list(d)).events;
    const res = await s.request(`/api/v4/account-history/costs/${newest!._id}?reach=onlyThis`, {
      method: 'PATCH',
      token: d.token,
      body: { price: 2500, notes: 'Airport', tankFull: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.cost).toMatchObject({ price: 2500, notes: 'Airport', recurrencePeriod: 'WEEKLY' });
    const after = (await list(d)).events;
    expect(after.slice(1).map((e) => e.cost?.price)).toEqual(rest.map(() => 1000));
    for (const [q, body] of [
      ['?reach=all', { price: 1 }],
      ['', { recurrencePeriod: 'NEVER' }],
      ['', { price: 'x' }],
    ] as const) {
      const bad = await s.request(`/api/v4/account-history/costs/${newest!._id}${q}`, {
        method: 'PATCH',
        token: d.token,
        body,
      });
      expect(bad.status).toBe(400);
    }
  });

  describe('images', () => {
    const upload = (d: Driver, eventId: string, bytes: Uint8Array, type: string, key?: string) =>
      postBytes(s, `/api/v4/account-history/${eventId}/images`, d.token, bytes, type, key);

    it('a PNG, JPEG or WebP is kept and served back to its owner only; the type must match the bytes', async () => {
      const d = await newDriver(s);
      const event = (await cost(d, {})).body;
      for (const [bytes, type] of [
        [PNG, 'image/png'],
        [JPEG, 'image/jpeg'],
        [WEBP, 'image/webp'],
      ] as const) {
        clock.advance(1000);
        const res = await upload(d, event._id, bytes, type);
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ contentType: type, size: bytes.length });
        const back = await fetchBytes(s, `/api/v4/account-history/${event._id}/images/${res.body._id}`, d.token);
        expect(back.status).toBe(200);
        expect(back.type).toBe(type);
        expect(Buffer.from(back.bytes).equals(Buffer.from(bytes))).toBe(true);
      }
      expect((await upload(d, event._id, PNG, 'image/jpeg')).status).toBe(422);
      expect((await upload(d, event._id, GIF, 'image/gif')).status).toBe(422);
      expect((await upload(d, event._id, new Uint8Array(), 'image/png')).status).toBe(400);
      const detail = historyEvent.parse(
        (await s.request(`/api/v4/account-history/${event._id}`, { token: d.token })).body,
      );
      expect(detail.images.map((i) => i.contentType)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
      const other = await newDriver(s);
      expect((await upload(other, event._id, PNG, 'image/png')).status).toBe(404);
      expect(
        (await fetchBytes(s, `/api/v4/account-history/${event._id}/images/${detail.images[0]!._id}`, other.token))
          .status,
      ).toBe(404);
      const removed = await s.request(`/api/v4/account-history/${event._id}/images/${detail.images[0]!._id}`, {
        method: 'DELETE',
        token: d.token,
      });
      expect(removed.status).toBe(200);
    });

    it('6 MB is the limit (413 above), and a repeat with the same key is stored once', async () => {
      const d = await newDriver(s);
      const event = (await cost(d, {})).body;
      const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
      big.set(JPEG);
      expect((await upload(d, event._id, big, 'image/jpeg')).status).toBe(413);
      const atLimit = big.subarray(0, MAX_IMAGE_BYTES);
      const key = randomUUID();
      const first = await upload(d, event._id, atLimit, 'image/jpeg', key);
      expect(first.status).toBe(201);
      const again = await upload(d, event._id, atLimit, 'image/jpeg', key);
      expect(again.text).toBe(first.text);
      const detail = historyEvent.parse(
        (await s.request(`/api/v4/account-history/${event._id}`, { token: d.token })).body,
      );
      expect(detail.images).toHaveLength(1);
    });
  });

  describe('trips', () => {
    async function tripsOf(d: Driver, count: number) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const id = newId();
        const start = new Date(Date.UTC(2031, 4, 10, 7 + i * 2));
        await s.ctx.db
          .insert(historyEvents)
          .values({ id, userId: d.id, thingId: d.thingId, type: 'TRIP', source: 'TRIP_RECORDER', sampleTime: start });
        await s.ctx.db.insert(historyTrips).values({
          eventId: id,
          distanceM: 1000 * (i + 1),
          drivingScore: 60 + i * 10,
          startAddress: `Start ${i}`,
          endAddress: `End ${i}`,
          startLat: 52 + i,
          startLon: 13,
          endLat: 52.5 + i,
          endLon: 13.5,
          endTime: new Date(start.getTime() + 30 * 60_000),
        });
        ids.push(id);
      }
      return ids;
    }
    const merge = (d: Driver, eventIds: string[], thingId = d.thingId) =>
      s.request('/api/events/merged-trip', { token: d.token, body: { eventIds, thingId } });

    it('merges consecutive trips with their totals; unmerge restores the originals exactly', async () => {
      const d = await newDriver(s);
      const ids = await tripsOf(d, 4);
      const before = (await list(d, '?types=TRIP')).events;
      const res = await merge(d, [ids[2]!, ids[1]!, ids[0]!]);
      expect(res.status).toBe(201);
      const merged = historyEvent.parse(res.body);
      expect(merged.trip).toMatchObject({
        distanceM: 6000,
        drivingScore: Math.round((60 * 1000 + 70 * 2000 + 80 * 3000) / 6000),
        startAddress: 'Start 0',
        endAddress: 'End 2',
        startLocation: { latitude: 52, longitude: 13 },
        endLocation: { latitude: 54.5, longitude: 13.5 },
        isResultOfMerge: true,
        mergedFrom: [ids[0], ids[1], ids[2]],
      });
      expect(merged.trip?.timeliness).toMatchObject({
        startTime: '2031-05-10T07:00:00.000Z',
        endTime: '2031-05-10T11:30:00.000Z',
      });
      expect((await list(d, '?types=TRIP')).events.map((e) => e._id)).toEqual([ids[3], merged._id]);
      expect((await merge(d, [ids[0]!, ids[3]!])).status).toBe(409);
      const un = await s.request(`/api/events/merged-trip/${merged._id}`, { method: 'DELETE', token: d.token });
      expect(un.body).toEqual({ restored: [ids[0], ids[1], ids[2]] });
      expect((await list(d, '?types=TRIP')).events).toEqual(before);
      expect(
        (await s.request(`/api/events/merged-trip/${merged._id}`, { method: 'DELETE', token: d.token })).status,
      ).toBe(404);
      expect((await s.request(`/api/events/merged-trip/${ids[0]}`, { method: 'DELETE', token: d.token })).status).toBe(
        404,
      );
    });

    it('refuses trips that are not consecutive, not trips, of another vehicle or of another driver', async () => {
      const d = await newDriver(s);
      const ids = await tripsOf(d, 3);
      expect((await merge(d, [ids[0]!, ids[2]!])).status).toBe(422);
      expect((await merge(d, [ids[0]!, ids[0]!])).status).toBe(422);
      expect((await merge(d, [ids[0]!])).status).toBe(400);
      const aCost = (await cost(d, {})).body._id;
      expect((await merge(d, [ids[0]!, aCost])).status).toBe(404);
      const other = await newDriver(s);
      expect((await merge(other, [ids[0]!, ids[1]!], other.thingId)).status).toBe(404);
      expect((await merge(d, [ids[0]!, ids[1]!], other.thingId)).status).toBe(404);
    });

    it('the seeded trip recorder gives the demo vehicle six months of trips, once', async () => {
      const d = await newDriver(s);
      const first = await seedDemoHistory({ ctx: s.ctx, input: { userId: d.id, thingId: d.thingId } });
      expect(first.trips).toBeGreaterThan(250);
      expect(first.costs).toBeGreaterThan(10);
      expect(await seedDemoHistory({ ctx: s.ctx, input: { userId: d.id, thingId: d.thingId } })).toEqual({
        trips: 0,
        costs: 0,
      });
      const trips = await list(
        d,
        `?types=TRIP&page=1&limit=40&vehicleId=${d.thingId}&from=2031-05-01T00:00:00Z&to=2031-05-31T23:59:59Z`,
      );
      expect(trips.events).toHaveLength(40);
      expect(
        trips.events.every(
          (e) => e.trip && e.trip.distanceM > 0 && e.trip.startAddress && e.sampleTime.startsWith('2031-05'),
        ),
      ).toBe(true);
    });
  });

  it('statistics: totals by category and month, litres, cost per 100 km from the odometer', async () => {
    const d = await newDriver(s);
    const add = (body: Record<string, unknown>) => cost(d, { thingId: d.thingId, ...body });
    await add({
      category: 'FUEL_TOP_UP',
      price: 700_000,
      fuelQuantity: 400,
      odometer: 10_000_000,
      sampleTime: '2031-04-02T10:00:00Z',
    });
    await add({
      category: 'FUEL_TOP_UP',
      price: 560_000,
      fuelQuantity: 320,
      odometer: 10_500_000,
      sampleTime: '2031-05-02T10:00:00Z',
    });
    await add({ category: 'PARKING', price: 40_000, sampleTime: '2031-05-10T10:00:00Z' });
    await add({
      category: 'FUEL_TOP_UP',
      price: 630_000,
      fuelQuantity: 350,
      odometer: 11_000_000,
      sampleTime: '2031-06-02T10:00:00Z',
    });
    await cost(d, { category: 'TAX', price: 999_000, sampleTime: '2031-05-10T10:00:00Z' }); // no vehicle: not counted
    const res = await s.request(
      `/api/statistics/things/${d.thingId}/expenses?startDate=2031-04-01T00:00:00Z&endDate=2031-06-30T23:59:59Z`,
      { token: d.token },
    );
    expect(res.status).toBe(200);
    const stats = expensesSchema.parse(res.body);
    expect(stats.totals).toEqual([{ currency: 'EUR', amount: 1_930_000 }]);
    expect(stats.byCategory).toEqual(
      expect.arrayContaining([
        { currency: 'EUR', category: 'FUEL_TOP_UP', amount: 1_890_000 },
        { currency: 'EUR', category: 'PARKING', amount: 40_000 },
      ]),
    );
    expect(
      stats.byMonth
        .filter((m) => m.month === '2031-05')
        .map((m) => m.amount)
        .sort(),
    ).toEqual([40_000, 560_000]);
    expect(stats.fuelMl).toBe(107_000);
    expect(stats.distanceM).toBe(1_000_000);
    expect(stats.costPer100Km).toEqual([{ currency: 'EUR', amount: 193_000 }]);
    expect(stats.costPerKm).toEqual([{ currency: 'EUR', amount: 1930 }]);
    // Fuel after the first reading (32 l + 35 l) over 1,000 km.
    expect(stats.litresPer100Km).toBe(6.7);
    // A period with a single reading (2 June): the distance runs from the last reading before it (2 May).
    const june = expensesSchema.parse(
      (
        await s.request(
          `/api/statistics/things/${d.thingId}/expenses?startDate=2031-05-15T00:00:00Z&endDate=2031-06-30T23:59:59Z`,
          { token: d.token },
        )
      ).body,
    );
    expect(june.distanceM).toBe(500_000);
    expect(june.costPer100Km).toEqual([{ currency: 'EUR', amount: 126_000 }]);
    expect(june.litresPer100Km).toBe(7);
    // Nothing before the period and one reading in it: no distance to tell.
    const april = expensesSchema.parse(
      (
        await s.request(
          `/api/statistics/things/${d.thingId}/expenses?startDate=2031-04-01T00:00:00Z&endDate=2031-04-30T23:59:59Z`,
          { token: d.token },
        )
      ).body,
    );
    expect(april.distanceM).toBeNull();
    expect(april.costPer100Km).toEqual([]);
    const bad = (q: string) => s.request(`/api/statistics/things/${d.thingId}/expenses${q}`, { token: d.token });
    expect((await bad('?startDate=2031-06-01T00:00:00Z&endDate=2031-05-01T00:00:00Z')).status).toBe(400);
    expect((await bad('?startDate=2029-01-01T00:00:00Z&endDate=2031-05-01T00:00:00Z')).status).toBe(400);
    expect((await bad('?startDate=2031-04-01')).status).toBe(400);
  });

  describe('a completed order', () => {
    async function completedOrder() {
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const pumpId = st.products[0]!.id;
      const created = await createOrderReq(s, d.token, orderBody(st.id, pumpId, 'SUPER_E5', { thingId: d.thingId }));
      await authorizeReq(s, d.token, created.body._id, authBody(2000, d.visaId));
      await runUntil(clock, sim, async () => (await getOrder(s, d.token, created.body._id)).state === 'COMPLETED', {
        stepMs: 500,
      });
      return { st, d, order: await getOrder(s, d.token, created.body._id) };
    }

    it('is in the history once with its receipt fields, also after costs/by-order is repeated; its invoice is a PDF', async () => {
      const { st, d, order } = await completedOrder();
      const payments = async () => (await list(d, '?types=PAYMENT')).events;
      expect(await payments()).toHaveLength(1);
      const [event] = await payments();
      expect(event).toMatchObject({
        type: 'PAYMENT',
        thingId: d.thingId,
        triggerEventTypeAtSource: 'ORDER',
        payment: {
          orderId: order._id,
          productType: 'GAS',
          category: 'FUEL_TOP_UP',
          poiId: st.id,
          stationName: st.name,
          pump: '1',
          fuelName: 'SUPER E5',
          unitPrice: { amount: 1789, currency: 'EUR', precision: 3 },
          quantity: order.products[0]?.attributes?.paymentAttributes?.quantity,
          unit: 'LTR',
          total: order.totalAfterDiscounts && {
            amount: order.totalAfterDiscounts.amount,
            currency: 'EUR',
            precision: 2,
          },
          paymentMethod: { brand: 'VISA', last4: '4242' },
          odometer: null,
        },
      });
      for (let i = 0; i < 2; i++) {
        const put = await s.request(`/api/v4/account-history/costs/by-order/${order._id}`, {
          method: 'PUT',
          token: d.token,
          body: { tankIsFull: true, carOdometerM: 42_000_000 },
        });
        expect(put).toMatchObject({ status: 200, body: { ok: true } });
      }
      const after = await payments();
      expect(after).toHaveLength(1);
      expect(after[0]?.payment).toMatchObject({ odometer: 42_000_000, tankFull: true });
      expect((await list(d, '?productTypes=GAS')).total).toBe(1);
      expect((await list(d, '?productTypes=CAR_WASH')).total).toBe(0);

      const pdf = await fetchBytes(s, `/api/v4/invoices/${order._id}`, d.token);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const text = pdfText(pdf.bytes);
      const euros = (order.totalAfterDiscounts!.amount / 100).toFixed(2);
      for (const expected of [
        'Invoice',
        st.name,
        'Teststraße 1, 12345 Testhausen',
        'SUPER E5 · Pump 1',
        `€${euros}`,
        'VAT 19 %',
        'VISA •••• 4242',
        order._id,
      ]) {
        expect(text).toContain(expected);
      }
      const german = await fetchBytes(s, `/api/v4/invoices/${event!._id}`, d.token, { 'X-Locale': 'de-DE' });
      expect(pdfText(german.bytes)).toContain('Rechnung');
      expect(pdfText(german.bytes)).toContain('MwSt. 19 %');
    });

    it("another driver's ids are refused everywhere with 404", async () => {
      const { d, order } = await completedOrder();
      const other = await newDriver(s);
      const [event] = (await list(d, '?types=PAYMENT')).events;
      const mine = (await cost(d, {})).body;
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `/api/v4/account-history/${event!._id}`],
        ['GET', `/api/v4/account-history/${mine._id}`],
        ['PATCH', `/api/v4/account-history/costs/${mine._id}`, { price: 1 }],
        ['DELETE', `/api/v4/account-history/costs/${mine._id}?reach=all`],
        ['PUT', `/api/v4/account-history/costs/by-order/${order._id}`, { tankIsFull: false }],
        ['GET', `/api/v4/invoices/${order._id}`],
        ['GET', `/api/v4/account-history?vehicleId=${d.thingId}`],
        [
          'GET',
          `/api/statistics/things/${d.thingId}/expenses?startDate=2031-01-01T00:00:00Z&endDate=2031-06-01T00:00:00Z`,
        ],
        [
          'POST',
          '/api/v4/account-history/costs',
          { category: 'TAX', price: 1, currency: 'EUR', sampleTime: '2031-01-01T00:00:00Z', thingId: d.thingId },
        ],
      ];
      for (const [method, path, body] of calls) {
        const res = await s.request(path, { method, token: other.token, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      expect((await s.request(`/api/v4/account-history/${mine._id}`, { token: d.token })).status).toBe(200);
      expect((await s.request('/api/v4/account-history')).status).toBe(401);
    });

    it('an order that has not completed has no invoice yet', async () => {
      const st = await createStation(s.ctx);
      const d = await newDriver(s);
      const created = await createOrderReq(s, d.token, orderBody(st.id, st.products[0]!.id));
      expect((await s.request(`/api/v4/invoices/${created.body._id}`, { token: d.token })).status).toBe(409);
      expect((await list(d, '?types=PAYMENT')).total).toBe(0);
    });
  });
});

/** The app of a test server, for binary bodies and answers (the harness speaks JSON). */
const apps = new Map<TestServer, ReturnType<typeof createApp>>();
function appOf(s: TestServer) {
  let app = apps.get(s);
  if (!app) {
    app = createApp(s.ctx);
    apps.set(s, app);
  }
  return app;
}

async function postBytes(s: TestServer, path: string, token: string, bytes: Uint8Array, type: string, key?: string) {
  const res = await appOf(s).request(`http://localhost:8080${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type, ...(key ? { 'Idempotency-Key': key } : {}) },
    body: new Blob([new Uint8Array(bytes)]),
  });
  const text = await res.text();
  const json = text && res.headers.get('content-type')?.includes('json');
  return { status: res.status, text, body: (json ? JSON.parse(text) : text) as Loose };
}

async function fetchBytes(s: TestServer, path: string, token: string, headers: Record<string, string> = {}) {
  const res = await appOf(s).request(`http://localhost:8080${path}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}
