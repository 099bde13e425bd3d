// The logbook kept on the device (features/history/store over fake-indexeddb): the list's query reads only this
// driver's events, newest first, through the same filter as the server; the import's duplicate check sees them all.
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../src/contract/history';
import { db } from '../../src/db';
import { keepEvent, keptEvents, queryHistory } from '../../src/features/history/store';

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
});
