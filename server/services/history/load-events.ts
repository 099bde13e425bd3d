// One query shape for events with their kind's row, image list and merged originals: the list and the detail.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { HistoryEvent } from '../../../contract/history';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { historyCosts, historyEvents, historyPayments, historyTrips } from '../../db/schema';
import { notFound } from '../../errors';
import { type ImageJson, toEventJson } from './event-json';

const imagesJson = sql<ImageJson[]>`coalesce((
  select json_agg(json_build_object('id', i.id, 'contentType', i.content_type, 'size', i.byte_size,
    'createdAt', i.created_at) order by i.created_at, i.id)
  from history_images i where i.event_id = "history_events"."id" and i.ready), '[]'::json)`;
const mergedFromJson = sql<string[]>`coalesce((
  select json_agg(m.id order by m.sample_time, m.id)
  from history_events m where m.merged_into = "history_events"."id"), '[]'::json)`;

export function selectEvents(db: AppContext['db'] | Tx) {
  return db
    .select({
      event: historyEvents,
      cost: historyCosts,
      payment: historyPayments,
      trip: historyTrips,
      images: imagesJson,
      mergedFrom: mergedFromJson,
    })
    .from(historyEvents)
    .leftJoin(historyCosts, eq(historyCosts.eventId, historyEvents.id))
    .leftJoin(historyPayments, eq(historyPayments.eventId, historyEvents.id))
    .leftJoin(historyTrips, eq(historyTrips.eventId, historyEvents.id));
}

export async function loadEvents(db: AppContext['db'] | Tx, where: SQL | undefined): Promise<HistoryEvent[]> {
  const rows = await selectEvents(db).where(where);
  return rows.map(toEventJson);
}

/** The caller's event as JSON, or 404 (another user's id answers like an unknown one). */
export async function loadOwnEvent(
  db: AppContext['db'] | Tx,
  input: { userId: string; eventId: string },
): Promise<HistoryEvent> {
  const [found] = await loadEvents(
    db,
    and(eq(historyEvents.id, input.eventId), eq(historyEvents.userId, input.userId)),
  );
  if (!found) throw notFound('No such history event');
  return found;
}
