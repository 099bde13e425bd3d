// What the shell installs for the outbox at boot (who is signed in, how a refused write is shown), kept apart from the
// outbox itself: installing them must not load the outbox, Dexie and the senders' schemas before the first screen.
import type { OutboxEntry } from './index';
import { APP_DB_NAME } from './name';

export const outboxHooks = {
  currentUserId: (): string | null => null,
  onRefused: (_entry: OutboxEntry, _error: unknown): void => {},
  /**
   * Loads every feature that sends writes and starts the outbox (main.tsx), once. A write awaits it before it is
   * queued, so the drain it starts finds a sender for each waiting write (a kind without one would be dropped).
   */
  prepare: (): Promise<void> => Promise.resolve(),
};

export function configureOutbox(next: Partial<typeof outboxHooks>): void {
  Object.assign(outboxHooks, next);
}

/**
 * "Nothing waits in the outbox", kept in local storage beside the database: set when a drain leaves the queue empty,
 * removed before a write is stored. A start that finds it loads neither Dexie nor the senders (issue 16: ~30 KiB and
 * 60 ms of main thread on a slow phone after the first screen). No mark (a first start, storage cleared, an older
 * version's queue) means "look".
 */
export const OUTBOX_EMPTY_KEY = 'forecourt-outbox-empty';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function outboxKnownEmpty(): boolean {
  try {
    return storage()?.getItem(OUTBOX_EMPTY_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether a write may wait from an earlier visit: not when the mark says so, nor when the browser lists no database of
 * the app at all (a first visit: the mark is then set). `indexedDB.databases()` answers without opening anything;
 * where it is missing or fails, the answer is "maybe" and the outbox looks.
 */
export async function outboxMayHoldWrites(): Promise<boolean> {
  if (outboxKnownEmpty()) return false;
  try {
    const databases = await globalThis.indexedDB?.databases?.();
    if (databases && !databases.some((database) => database.name === APP_DB_NAME)) {
      outboxMarker.empty();
      return false;
    }
  } catch {
    // No answer: look.
  }
  return true;
}

export const outboxMarker = {
  pending(): void {
    try {
      storage()?.removeItem(OUTBOX_EMPTY_KEY);
    } catch {
      // Unavailable storage: no mark, so every start looks.
    }
  },
  empty(): void {
    try {
      storage()?.setItem(OUTBOX_EMPTY_KEY, '1');
    } catch {
      // As above.
    }
  },
};
