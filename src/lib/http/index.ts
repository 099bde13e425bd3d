// The app's API client instance. The language is read per request; the session's token and what to do on a 401 or an
// expired password are installed by the shell at boot (app/session-events.ts), so this module knows no feature.
import { currentLanguage } from '../../i18n/state';
import { config } from '../config';
import { createApiClient, requestHeaders } from './client';

export { LazySchema, lazySchema } from './client';

type SessionHooks = {
  getToken: () => string | null;
  onUnauthorized: (path: string) => void;
  onPasswordExpired: () => void;
};
const hooks: SessionHooks = { getToken: () => null, onUnauthorized: () => {}, onPasswordExpired: () => {} };

export function configureApiSession(next: Partial<SessionHooks>): void {
  Object.assign(hooks, next);
}

export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  getToken: () => hooks.getToken(),
  getLanguage: () => currentLanguage(),
  onUnauthorized: (path) => hooks.onUnauthorized(path),
  onPasswordExpired: () => hooks.onPasswordExpired(),
});

/** URL and headers of a long-lived GET (an event stream, lib/event-stream.ts): the same session, locale and version. */
export function streamRequest(path: string): { url: string; headers: Record<string, string> } {
  const base = config.apiBaseUrl.endsWith('/') ? config.apiBaseUrl : `${config.apiBaseUrl}/`;
  const url = new URL(`${base}${path.replace(/^\/+/, '')}`, globalThis.location?.origin ?? 'http://localhost');
  return { url: url.toString(), headers: requestHeaders(hooks.getToken(), currentLanguage(), crypto.randomUUID()) };
}
