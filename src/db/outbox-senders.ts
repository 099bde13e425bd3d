// The outbox's senders, registered by the features at boot. Kept apart from the outbox itself so that registering
// costs nothing: Dexie loads with the first write (outbox-submit.ts) or at start-up's end, not with the app's entry.
import type { Sender } from './outbox';

export const outboxSenders = new Map<string, Sender>();

/** The sender of a kind of write (a feature's queries.ts registers it at boot). */
export function registerOutboxSender(kind: string, sender: Sender): void {
  outboxSenders.set(kind, sender);
}
