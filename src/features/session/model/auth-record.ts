// The auth record and its lifetime (pay-flows.md §4 Session): pure functions over a storage-like object.
import { AUTH_LIFETIME_MS, AUTH_STORAGE_KEY, SDK_STORAGE_PREFIX } from '../../../lib/constants';

export type AuthRecord = {
  /** Epoch milliseconds after which the record is void. */
  expiry: number;
  token: string;
  userId: string;
  /** Our addition: lets guards decide registered-only access without a request (offline). */
  isGuest?: boolean;
};

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & {
  readonly length: number;
  key(index: number): string | null;
};

export function createAuthRecord(token: string, userId: string, now: number, isGuest = false): AuthRecord {
  return { expiry: now + AUTH_LIFETIME_MS, token, userId, isGuest };
}

function parseRecord(raw: string | null): AuthRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthRecord>;
    if (typeof value.expiry !== 'number') return null;
    return {
      expiry: value.expiry,
      token: typeof value.token === 'string' ? value.token : '',
      userId: typeof value.userId === 'string' ? value.userId : '',
      isGuest: value.isGuest === true,
    };
  } catch {
    return null;
  }
}

/** "A stored auth record that has expired is removed and the user is treated as logged out." */
export function readAuthRecord(store: KeyValueStore, now: number): AuthRecord | null {
  const record = parseRecord(store.getItem(AUTH_STORAGE_KEY));
  if (!record) {
    if (store.getItem(AUTH_STORAGE_KEY) !== null) store.removeItem(AUTH_STORAGE_KEY);
    return null;
  }
  if (record.expiry <= now) {
    store.removeItem(AUTH_STORAGE_KEY);
    return null;
  }
  return record;
}

export function writeAuthRecord(store: KeyValueStore, record: AuthRecord): void {
  store.setItem(AUTH_STORAGE_KEY, JSON.stringify(record));
}

export function clearAuthRecord(store: KeyValueStore): void {
  store.removeItem(AUTH_STORAGE_KEY);
}

/** "Logged in means both token and userId are present." */
export function isLoggedIn(record: AuthRecord | null): record is AuthRecord {
  return !!record && record.token.length > 0 && record.userId.length > 0;
}

export function isRegistered(record: AuthRecord | null): boolean {
  return isLoggedIn(record) && record.isGuest !== true;
}

/** "Clearing the payment SDK removes all local storage keys that contain rydPaySDK-." */
export function clearSdkKeys(store: KeyValueStore): void {
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.includes(SDK_STORAGE_PREFIX)) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}
