// The outbox's senders, registered by the features at boot, and the way a mutation submits to the outbox. Kept apart
// from the outbox itself so that registering costs nothing: Dexie loads with the first write or at start-up's end,
// not with the app's entry.
import type { Sender, SubmitResult } from './outbox';

export const outboxSenders = new Map<string, Sender>();

/** The sender of a kind of write (a feature's queries.ts registers it at boot). */
export function registerOutboxSender(kind: string, sender: Sender): void {
  outboxSenders.set(kind, sender);
}

/** Queue a write in the outbox and try to send the queue (see createOutbox's submit). */
export async function submitToOutbox(kind: string, variables: unknown): Promise<SubmitResult> {
  const { outbox } = await import('./app-outbox');
  return outbox.submit(kind, variables);
}
