// The session as the app sees it: the auth record in local storage (shell-and-account.md §3: "stored locally under
// the key auth"), observable by React.
import { SDK_STORAGE_PREFIX } from '../../lib/constants';
import {
  type AuthRecord,
  clearAuthRecord,
  createAuthRecord,
  isLoggedIn,
  isRegistered,
  readAuthRecord,
  writeAuthRecord,
} from './model/auth-record';

const GUEST_CONFIRMED_KEY = `${SDK_STORAGE_PREFIX}guestConfirmed`;

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: AuthRecord | null = null;
let loaded = false;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function refresh(): AuthRecord | null {
  const store = storage();
  const next = store ? readAuthRecord(store, Date.now()) : null;
  const changed = JSON.stringify(next) !== JSON.stringify(snapshot);
  snapshot = next;
  loaded = true;
  if (changed) for (const listener of listeners) listener();
  return snapshot;
}

export const session = {
  /** The current record; an expired one is removed on read. */
  get(): AuthRecord | null {
    return refresh();
  },
  /** Cheap read for render: no storage access after the first. */
  snapshot(): AuthRecord | null {
    return loaded ? snapshot : refresh();
  },
  token(): string | null {
    const record = refresh();
    return isLoggedIn(record) ? record.token : null;
  },
  isLoggedIn(): boolean {
    return isLoggedIn(refresh());
  },
  isRegistered(): boolean {
    return isRegistered(refresh());
  },
  start(token: string, userId: string, isGuest: boolean): AuthRecord {
    const record = createAuthRecord(token, userId, Date.now(), isGuest);
    const store = storage();
    if (store) writeAuthRecord(store, record);
    refresh();
    return record;
  },
  clear(): void {
    const store = storage();
    if (store) clearAuthRecord(store);
    refresh();
  },
  /**
   * The driver chose "Continue as guest" for this guest session: the pump does not ask again. Kept under the SDK's
   * prefix, so clearing the session clears it.
   */
  confirmGuest(): void {
    const record = refresh();
    if (record?.isGuest) storage()?.setItem(GUEST_CONFIRMED_KEY, record.userId);
  },
  isGuestConfirmed(): boolean {
    const record = refresh();
    return !!record?.isGuest && storage()?.getItem(GUEST_CONFIRMED_KEY) === record.userId;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === 'auth' || event.key === null) refresh();
  });
}
