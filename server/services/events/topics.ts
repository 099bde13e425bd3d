// What changes are announced: an order or a station (its devices, its connection). A change is announced with
// pg_notify inside the writer's transaction, so it is delivered on commit and never for a rolled-back write — on
// PostgreSQL to every API process that listens, on PGlite to this process (hub.ts).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** The one notification channel of the app. */
export const CHANNEL = 'fc_changes';

export type Topic = { kind: 'order' | 'station'; id: string };

export const orderTopic = (id: string): Topic => ({ kind: 'order', id });
export const stationTopic = (id: string): Topic => ({ kind: 'station', id });

/** The notification payload (and the hub's listener key): "o:<id>" or "s:<id>". Ids are short; NOTIFY allows 8000 bytes. */
export function topicKey(topic: Topic): string {
  return `${topic.kind === 'order' ? 'o' : 's'}:${topic.id}`;
}

/**
 * Announce that these things changed, inside the caller's transaction (or as a statement of its own). Listeners
 * reload what they show: the notification says only what changed, never how.
 */
export async function announce(db: Tx | Db, topics: readonly (Topic | null | undefined)[]): Promise<void> {
  const keys = [...new Set(topics.filter((t): t is Topic => !!t).map(topicKey))];
  if (keys.length === 0) return;
  if (keys.length === 1) {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${keys[0]})`);
    return;
  }
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  await db.execute(sql`select pg_notify(${CHANNEL}, k) from unnest(array[${list}]::text[]) as k`);
}
