// The payment attempt kept in local storage (under the SDK's prefix, so clearing the session clears it): its
// idempotency keys survive a reload, so a lost answer is replayed instead of paid twice.
import { SDK_STORAGE_PREFIX } from '../../lib/constants';
import type { Attempt } from './model/attempt';

const ATTEMPT_KEY = `${SDK_STORAGE_PREFIX}payAttempt`;

export function readAttempt(): Attempt | null {
  try {
    const raw = localStorage.getItem(ATTEMPT_KEY);
    return raw ? (JSON.parse(raw) as Attempt) : null;
  } catch {
    return null;
  }
}

export function writeAttempt(attempt: Attempt | null): void {
  try {
    if (attempt) localStorage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
    else localStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Without storage a reload starts a new attempt; the server still refuses a duplicate within this page.
  }
}

/**
 * The driver came back from the issuer's page without answering (3-D Secure abandoned): the next press of pay is a new
 * authorization (a new challenge), not a replay of the one left; what the attempt created stays.
 */
export function renewAuthorization(): void {
  const attempt = readAttempt();
  if (attempt) writeAttempt({ ...attempt, authorizeKeys: {} });
}
