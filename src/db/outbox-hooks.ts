// What the shell installs for the outbox at boot (who is signed in, how a refused write is shown), kept apart from the
// outbox itself: installing them must not load the outbox, Dexie and the senders' schemas before the first screen.
import type { OutboxEntry } from './index';

export const outboxHooks = {
  currentUserId: (): string | null => null,
  onRefused: (_entry: OutboxEntry, _error: unknown): void => {},
};

export function configureOutbox(next: Partial<typeof outboxHooks>): void {
  Object.assign(outboxHooks, next);
}
