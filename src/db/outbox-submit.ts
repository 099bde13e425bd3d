// How a mutation submits to the outbox: the outbox (and Dexie) load with the first offline-capable write.
import type { SubmitResult } from './outbox';
import { outboxHooks } from './outbox-hooks';

/**
 * Queue a write in the outbox and try to send the queue (see createOutbox's submit). The outbox is prepared first (every
 * sender loaded, the outbox started so a queued write goes out when the signal returns): a start with an empty outbox
 * does not load it at all (main.tsx).
 */
export async function submitToOutbox(kind: string, variables: unknown): Promise<SubmitResult> {
  await outboxHooks.prepare();
  const { outbox } = await import('./app-outbox');
  return outbox.submit(kind, variables);
}
