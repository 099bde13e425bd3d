// The logbook kept on the device (Dexie through src/db): the one owner of history events. The list query writes each
// page it fetches here and removes what the server no longer has in that page's span; screens read with useLiveQuery,
// so the list, its filters and the detail open without signal. Costs made offline wait here as `local-…` events.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { HistoryEvent } from '../../../contract/history';
import { db, type StoredHistoryEvent } from '../../db';
import { type HistoryFilters, matches, periodStart } from './model/filters';

export type { StoredHistoryEvent };

const stored = (userId: string, event: HistoryEvent): StoredHistoryEvent => ({
  id: event._id,
  userId,
  time: Date.parse(event.sampleTime),
  event,
});

/** The time range of a user's kept events a filter can match: a period starts at its first day. */
const range = (userId: string, filters: HistoryFilters, now: Date): [[string, number], [string, number]] => [
  [userId, periodStart(filters.period, now)?.getTime() ?? -Infinity],
  [userId, Infinity],
];

/** The user's kept events that pass the filters, newest first. */
export async function queryHistory(userId: string, filters: HistoryFilters, now: Date): Promise<StoredHistoryEvent[]> {
  // One read of the user's range, filtered and reversed in memory: Dexie's .filter() and .reverse() walk a cursor row
  // by row, many times slower than the single getAll() this allows with 10,000 events.
  const [lower, upper] = range(userId, filters, now);
  const rows = await db.historyEvents.where('[userId+time]').between(lower, upper).toArray();
  return rows.filter((row) => matches(row.event, filters, now)).reverse();
}

/** Rows read per step while looking for the first screen's events. */
const HEAD_CHUNK = 100;

/**
 * The newest `want` kept events that pass the filters (or all of them when fewer): the first screen, read in small
 * newest-first steps, so a logbook of 10,000 events shows its top rows before the whole of it is read (issue 14's
 * "filter + first render"). Null when the steps cannot go on exactly (a whole step within one millisecond).
 */
export async function queryHistoryHead(
  userId: string,
  filters: HistoryFilters,
  now: Date,
  want: number,
): Promise<StoredHistoryEvent[] | null> {
  const [lower] = range(userId, filters, now);
  const out: StoredHistoryEvent[] = [];
  const seen = new Set<string>();
  let upper = Infinity;
  for (;;) {
    // The upper bound is inclusive, so rows that share the boundary's time are not skipped; `seen` drops repeats.
    const chunk = await db.historyEvents
      .where('[userId+time]')
      .between(lower, [userId, upper], true, true)
      .reverse()
      .limit(HEAD_CHUNK)
      .toArray();
    for (const row of chunk) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      if (matches(row.event, filters, now)) out.push(row);
    }
    if (out.length >= want || chunk.length < HEAD_CHUNK) return out;
    const oldest = chunk[chunk.length - 1]?.time ?? -Infinity;
    if (oldest === chunk[0]?.time) return null;
    upper = oldest;
  }
}

/** Events the first screen of the list needs (its height over the smallest row, and some to scroll into). */
export const FIRST_SCREEN_EVENTS = 30;

/**
 * The kept events of a filter, newest first, live. While the whole list is read, the newest screenful is shown
 * (queryHistoryHead); undefined only until that arrives.
 */
export function useHistory(userId: string | null, filters: HistoryFilters): StoredHistoryEvent[] | undefined {
  const { type, vehicle, product, period } = filters;
  const key = [userId, type, vehicle, product, period].join('|');
  // Each answer carries its filter's key: after a filter change the previous filter's list is not shown as this one's.
  const all = useLiveQuery(
    async () => ({
      key,
      rows: userId ? await queryHistory(userId, { type, vehicle, product, period }, new Date()) : [],
    }),
    [key, userId, type, vehicle, product, period],
  );
  const [head, setHead] = useState<{ key: string; rows: StoredHistoryEvent[] } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void queryHistoryHead(userId, { type, vehicle, product, period }, new Date(), FIRST_SCREEN_EVENTS).then((rows) => {
      if (current && rows) setHead({ key, rows });
    });
    return () => {
      current = false;
    };
  }, [key, userId, type, vehicle, product, period]);
  if (all?.key === key) return all.rows;
  return head?.key === key ? head.rows : undefined;
}

/**
 * A page from the server: kept, and within its span (from its newest event, or now for the first page, down to its
 * oldest, or the beginning when it is the last page) every kept event of these filters it does not hold is gone.
 */
export async function keepPage(input: {
  userId: string;
  events: HistoryEvent[];
  filters: HistoryFilters;
  first: boolean;
  last: boolean;
  now: Date;
}): Promise<void> {
  const { userId, events, filters } = input;
  const rows = events.map((e) => stored(userId, e));
  const upper = input.first ? Infinity : (rows[0]?.time ?? Infinity);
  const lower = input.last ? -Infinity : (rows[rows.length - 1]?.time ?? -Infinity);
  const ids = new Set(rows.map((r) => r.id));
  await db.transaction('rw', db.historyEvents, async () => {
    const gone = await db.historyEvents
      .where('[userId+time]')
      .between([userId, lower], [userId, upper], true, true)
      .filter((row) => !row.pending && !ids.has(row.id) && matches(row.event, filters, input.now))
      .primaryKeys();
    await db.historyEvents.bulkDelete(gone);
    await db.historyEvents.bulkPut(rows);
  });
}

export async function keepEvent(userId: string, event: HistoryEvent): Promise<void> {
  await db.historyEvents.put(stored(userId, event));
}

export async function forgetEvents(ids: string[]): Promise<void> {
  await db.historyEvents.bulkDelete(ids);
}

export function useKeptEvent(id: string): StoredHistoryEvent | null | undefined {
  return useLiveQuery(async () => (await db.historyEvents.get(id)) ?? null, [id]);
}

export async function keptEvent(id: string): Promise<StoredHistoryEvent | undefined> {
  return db.historyEvents.get(id);
}

/** A cost made on this device that waits in the outbox: shown at once, replaced by the server's when sent. */
export async function keepPendingCost(input: {
  userId: string;
  clientId: string;
  event: HistoryEvent;
  image?: { bytes: ArrayBuffer; type: string } | undefined;
}): Promise<void> {
  await db.historyEvents.put({
    ...stored(input.userId, input.event),
    id: localId(input.clientId),
    pending: true,
    ...(input.image ? { pendingImage: input.image } : {}),
  });
}

export const localId = (clientId: string) => `local-${clientId}`;

export async function settlePendingCost(clientId: string, userId: string, event: HistoryEvent | null): Promise<void> {
  await db.transaction('rw', db.historyEvents, async () => {
    await db.historyEvents.delete(localId(clientId));
    if (event) await db.historyEvents.put(stored(userId, event));
  });
}

const syncKey = (userId: string, key: string) => `${userId}|${key}`;

export async function markSynced(userId: string, key: string, at: number): Promise<void> {
  await db.historySync.put({ id: syncKey(userId, key), syncedAt: at });
}

/** When this list was last synced (epoch ms): undefined while the device is asked, null when never. */
export function useLastSynced(userId: string | null, key: string): number | null | undefined {
  return useLiveQuery(
    async () => (userId ? ((await db.historySync.get(syncKey(userId, key)))?.syncedAt ?? null) : null),
    [userId, key],
  );
}

/** The latest mileage of a vehicle the device knows (§5: a new reading must not be lower). */
export async function lastMileage(
  userId: string,
  thingId: string,
  before: number,
  except?: string,
): Promise<number | null> {
  const rows = await db.historyEvents
    .where('[userId+time]')
    .between([userId, -Infinity], [userId, before], true, true)
    .reverse()
    .filter(
      (r) =>
        r.id !== except &&
        r.event.thingId === thingId &&
        (r.event.cost?.odometer ?? r.event.payment?.odometer ?? null) !== null,
    )
    .first();
  const m = rows?.event.cost?.odometer ?? rows?.event.payment?.odometer ?? null;
  return m === null ? null : m / 1000;
}

/** Every event kept for this user (the import's duplicate check without signal). */
export async function keptEvents(userId: string): Promise<HistoryEvent[]> {
  const rows = await db.historyEvents.where('[userId+time]').between([userId, -Infinity], [userId, Infinity]).toArray();
  return rows.map((r) => r.event);
}

const MAPPINGS_KEY = 'forecourt-fuel-log-mappings';

/** A fuel log's column mapping and value formats, as the driver confirmed them for files of one header shape. */
export type RememberedMapping = { mapping: Partial<Record<string, number>>; formats: Record<string, string> };

function readMappings(): Record<string, RememberedMapping> {
  try {
    const raw = localStorage.getItem(MAPPINGS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, RememberedMapping>) : {};
  } catch {
    return {};
  }
}

/** The mapping confirmed for files with these headers on this device, if any. */
export function rememberedMapping(shape: string): RememberedMapping | null {
  const found = readMappings()[shape];
  return found && typeof found.mapping === 'object' && typeof found.formats === 'object' ? found : null;
}

/** Remember a confirmed mapping for the next file of this shape (the 20 latest shapes are kept). */
export function rememberMapping(shape: string, value: RememberedMapping): void {
  const all = readMappings();
  delete all[shape];
  const entries = [...Object.entries(all), [shape, value] as const].slice(-20);
  try {
    localStorage.setItem(MAPPINGS_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or refused: the mapping is asked again next time.
  }
}
