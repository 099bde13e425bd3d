// The app's outbox: browser connectivity, the HTTP client's failure kinds, the senders the features registered
// (outbox-senders.ts); who is signed in and how a refused write is shown are installed by the shell at boot
// (app/session-events.ts, through outbox-hooks.ts), so src/db knows no feature. Loaded lazily: it brings Dexie.
import { browserConnectivity } from '../lib/connectivity';
import { classifyFailure } from '../lib/http/retry';
import { db } from './index';
import { createOutbox } from './outbox';
import { outboxHooks as hooks, outboxMarker } from './outbox-hooks';
import { outboxSenders } from './outbox-senders';

export const outbox = createOutbox({
  db,
  classify: classifyFailure,
  connectivity: browserConnectivity,
  currentUserId: () => hooks.currentUserId(),
  onRefused: (entry, error) => hooks.onRefused(entry, error),
  senders: outboxSenders,
  marker: outboxMarker,
});
