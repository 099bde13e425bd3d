// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import {
  clearSdkKeys,
  createAuthRecord,
  isLoggedIn,
  isRegistered,
  readAuthRecord,
  writeAuthRecord,
} from '../../src/features/session/model/auth-record';
import { AUTH_LIFETIME_MS, AUTH_STORAGE_KEY } from '../../src/lib/constants';

function memoryStore(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    map,
  };
}

describe('auth record (pay-flows.md §4 Session)', () => {
  const now = Date.UTC(2026, 10, 21, 12);

  it('lives one month from its creation', () => {
    expect(createAuthRecord('t', 'u', now).expiry).toBe(now + AUTH_LIFETIME_MS);
    expect(AUTH_LIFETIME_MS).toBe(30 * 24 * 3600 * 1000);
  });

  it('is stored under the local-storage key auth with expiry, token and userId', () => {
    const store = memoryStore();
    writeAuthRecord(store, createAuthRecord('tok', 'user1', now));
    const raw = JSON.parse(store.getItem(AUTH_STORAGE_KEY)!);
    expect(raw).toMatchObject({ expiry: now + AUTH_LIFETIME_MS, token: 'tok', userId: 'user1' });
  });

  it('reads back a record that has not expired', () => {
    const store = memoryStore();
    writeAuthRecord(store, createAuthRecord('tok', 'user1', now));
    expect(readAuthRecord(store, now + AUTH_LIFETIME_MS - 1)?.token).toBe('tok');
  });

  it('removes an expired record and treats the user as logged out', () => {
    const store = memoryStore();
    writeAuthRecord(store, createAuthRecord('tok', 'user1', now));
    expect(readAuthRecord(store, now + AUTH_LIFETIME_MS)).toBeNull();
    expect(store.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('removes a record that is not valid JSON', () => {
    const store = memoryStore({ auth: '{nope' });
    expect(readAuthRecord(store, now)).toBeNull();
    expect(store.getItem('auth')).toBeNull();
  });

  it('logged in means both token and userId are present', () => {
    expect(isLoggedIn({ expiry: now, token: 't', userId: 'u' })).toBe(true);
    expect(isLoggedIn({ expiry: now, token: '', userId: 'u' })).toBe(false);
    expect(isLoggedIn({ expiry: now, token: 't', userId: '' })).toBe(false);
    expect(isLoggedIn(null)).toBe(false);
  });

  it('a guest is logged in but not registered', () => {
    expect(isRegistered(createAuthRecord('t', 'u', now, true))).toBe(false);
    expect(isRegistered(createAuthRecord('t', 'u', now, false))).toBe(true);
  });

  it('clearing the payment SDK removes every key that contains rydPaySDK-', () => {
    const store = memoryStore({ 'rydPaySDK-uiQuery': '{}', 'x-rydPaySDK-y': '1', language: 'de', auth: '{}' });
    clearSdkKeys(store);
    expect([...store.map.keys()].sort()).toEqual(['auth', 'language']);
  });
});
