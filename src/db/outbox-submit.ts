// How a mutation submits to the outbox: the outbox (and Dexie) load with the first offline-capable write.
import type { SubmitResult } from './outbox';

/** Queue a write in the outbox and try to send the queue (see createOutbox's submit). */
export async function submitToOutbox(kind: string, variables: unknown): Promise<SubmitResult> {
  const { outbox } = await import('./app-outbox');
  return outbox.submit(kind, variables);
}
