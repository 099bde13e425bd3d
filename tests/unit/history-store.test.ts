// The logbook kept on the device (features/history/store over fake-indexeddb): the list's query reads only this
// driver's events, newest first, through the same filter as the server; the import's duplicate check sees them all.
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../contract/history';
import { db } from '../../src/db';
import { keepEvent, keptEvents, queryHistory, queryHistoryHead } from '../../src/features/history/store';

const event = (id: string, day: number, type: HistoryEvent['type'], thingId: string | null = 'car'): HistoryEvent =>
  ({
    _id: id,
    type,
    thingId,
    sampleTime: new Date(Date.UTC(2026, 9, day, 10)).toISOString(),
    triggerEventTypeAtSource: type === 'COST' ? 'MANUAL' : type === 'TRIP' ? 'TRIP_RECORDER' : 'ORDER',
    cost: null,
    payment: null,
    trip: null,
    images: [],
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
  }) as HistoryEvent;

const now = new Date(Date.UTC(2026, 10, 1));

describe('the history kept on the device', () => {
  beforeEach(async () => {
    await db.historyEvents.clear();
    await keepEvent('me', event('a', 3, 'COST'));
    await keepEvent('me', event('b', 20, 'TRIP'));
    await keepEvent('me', event('c', 11, 'COST', 'other-car'));
    await keepEvent('someone-else', event('d', 15, 'COST'));
  });

  it('lists only this driver’s events, newest first', async () => {
    expect((await queryHistory('me', {}, now)).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('filters by type and vehicle as the server does', async () => {
    expect((await queryHistory('me', { type: 'COST' }, now)).map((r) => r.id)).toEqual(['c', 'a']);
    expect((await queryHistory('me', { type: 'MANUAL', vehicle: 'car' }, now)).map((r) => r.id)).toEqual(['a']);
    expect(await queryHistory('me', { type: 'PAYMENT' }, now)).toEqual([]);
  });

  it('the import checks against every kept event of the driver', async () => {
    expect((await keptEvents('me')).map((e) => e._id).sort()).toEqual(['a', 'b', 'c']);
    expect((await keptEvents('nobody')).length).toBe(0);
  });

  it('a period reads only its months', async () => {
    expect((await queryHistory('me', { period: '1m' }, new Date(Date.UTC(2026, 10, 12)))).map((r) => r.id)).toEqual([
      'b',
    ]);
  });
});

describe('the first screen of a long logbook (read in newest-first steps)', () => {
  const many = (n: number, sameTime = false) =>
    Array.from({ length: n }, (_, i) => {
      const e = event(`e${String(i).padStart(4, '0')}`, 1, i % 3 === 0 ? 'COST' : 'TRIP');
      const time = sameTime ? Date.UTC(2026, 9, 1) : Date.UTC(2026, 9, 1) + i * 60_000;
      return { id: e._id, userId: 'me', time, event: { ...e, sampleTime: new Date(time).toISOString() } };
    });

  beforeEach(async () => {
    await db.historyEvents.clear();
  });

  it('is the newest events of the whole list, in its order, across many steps', async () => {
    await db.historyEvents.bulkPut(many(1_000));
    for (const [filters, want] of [
      [{}, 30],
      [{ type: 'COST' as const }, 30],
      [{ type: 'COST' as const }, 500],
    ] as const) {
      const all = await queryHistory('me', filters, now);
      const head = await queryHistoryHead('me', filters, now, want);
      expect(head?.map((r) => r.id)).toEqual(all.slice(0, Math.max(want, head?.length ?? 0)).map((r) => r.id));
      expect(head?.length).toBeGreaterThanOrEqual(Math.min(want, all.length));
    }
  });

  it('is the whole list when fewer events match than a screen holds', async () => {
    await db.historyEvents.bulkPut(many(250));
    expect((await queryHistoryHead('me', { type: 'PAYMENT' }, now, 30))?.length).toBe(0);
    expect((await queryHistoryHead('me', { type: 'COST' }, now, 300))?.map((r) => r.id)).toEqual(
      (await queryHistory('me', { type: 'COST' }, now)).map((r) => r.id),
    );
  });

  it('rows sharing a time at a step boundary are neither lost nor repeated', async () => {
    const rows = many(400);
    for (const r of rows.slice(90, 130)) r.time = rows[90]?.time ?? 0;
    await db.historyEvents.bulkPut(rows);
    const head = await queryHistoryHead('me', {}, now, 200);
    const ids = head?.map((r) => r.id) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set((await queryHistory('me', {}, now)).slice(0, ids.length).map((r) => r.id)));
  });

  it('gives up (null) when a whole step holds one time, so the caller waits for the full read', async () => {
    await db.historyEvents.bulkPut(many(300, true));
    expect(await queryHistoryHead('me', { type: 'PAYMENT' }, now, 30)).toBeNull();
  });
});
