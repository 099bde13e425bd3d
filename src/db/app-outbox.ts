// The app's outbox: browser connectivity, the HTTP client's failure kinds, the senders the features registered
// (outbox-senders.ts); who is signed in and how a refused write is shown are installed by the shell at boot
// (app/session-events.ts), so src/db knows no feature. Loaded lazily: it brings Dexie.
import { browserConnectivity } from '../lib/connectivity';
import { classifyFailure } from '../lib/http/retry';
import { db, type OutboxEntry } from './index';
import { createOutbox } from './outbox';
import { outboxSenders } from './outbox-senders';

const hooks = {
  currentUserId: (): string | null => null,
  onRefused: (_entry: OutboxEntry, _error: unknown): void => {},
};

export function configureOutbox(next: Partial<typeof hooks>): void {
  Object.assign(hooks, next);
}

export const outbox = createOutbox({
  db,
  classify: classifyFailure,
  connectivity: browserConnectivity,
  currentUserId: () => hooks.currentUserId(),
  onRefused: (entry, error) => hooks.onRefused(entry, error),
  senders: outboxSenders,
});
