// Plain part of the host-apps contract (contract/host-apps.ts re-exports it): the callback rule and the cache age
// run in the app's start-up code, which must not load zod for them.
import { isRecord, plainSchema } from './plain-schema';

/** The app may cache the list this long (the answer's Cache-Control says the same). */
export const HOST_APPS_MAX_AGE_SECONDS = 300;

/** "A callback of the literal true leads to a finish address of the embedding SDK" (always allowed). */
export const SDK_CALLBACK_LITERAL = 'true';

export type CallbackPolicy = { origins: readonly string[]; demoMode: boolean };

/**
 * GET /api/v4/host-apps read without zod (the list is asked for at every start): contract/host-apps.ts
 * `hostAppsResponse` is the same shape for the server.
 */
export const hostAppsAnswer = plainSchema<{ origins: string[]; demoMode: boolean }>((value) => {
  if (!isRecord(value) || typeof value.demoMode !== 'boolean' || !Array.isArray(value.origins)) return undefined;
  if (!value.origins.every((origin) => typeof origin === 'string')) return undefined;
  return { origins: [...value.origins] as string[], demoMode: value.demoMode };
});

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/** An origin as the URL parser spells it (lower case, punycode, no default port); null when it is not one. */
export function normalizeOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Whether `callback` may receive control back (and the payment data):
 * - the literal "true" (the SDK's finish address) always;
 * - otherwise an absolute https URL, or http only for a loopback host in DEMO_MODE;
 * - no user name or password in it (https://allowed.example@evil.example is evil.example);
 * - its origin exactly one of the allowlist's (no look-alikes, no other port, no trailing dot);
 * - no control characters, spaces or backslashes anywhere (the URL parser would silently drop or reinterpret them).
 */
export function isAllowedCallback(callback: string, policy: CallbackPolicy): boolean {
  if (callback === SDK_CALLBACK_LITERAL) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (callback.length === 0 || callback.length > 2048 || /[\u0000-\u0020\u007f-\u009f\\]/.test(callback)) {
    return false;
  }
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'http:') {
    if (!policy.demoMode || !LOOPBACK_HOST.test(url.hostname)) return false;
  } else if (url.protocol !== 'https:') {
    return false;
  }
  const allowed = new Set(policy.origins.map(normalizeOrigin).filter((o): o is string => o !== null));
  return allowed.has(url.origin);
}
