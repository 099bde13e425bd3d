// The app's API client instance. Session and language are read per request; 401 and temp_pass are routed to handlers
// the shell installs at start (see src/app/session-events.ts).

import { session } from '../../features/session/store';
import { currentLanguage } from '../../i18n/state';
import { config } from '../config';
import { createApiClient } from './client';

type Handlers = { onUnauthorized: (path: string) => void; onPasswordExpired: () => void };
const handlers: Handlers = { onUnauthorized: () => {}, onPasswordExpired: () => {} };

export function setSessionHandlers(next: Partial<Handlers>): void {
  Object.assign(handlers, next);
}

export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  getToken: () => session.token(),
  getLanguage: () => currentLanguage(),
  onUnauthorized: (path) => handlers.onUnauthorized(path),
  onPasswordExpired: () => handlers.onPasswordExpired(),
});
