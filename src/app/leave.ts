// Leaving a page for the map (home) or the host app's callback, the same way everywhere (see leaveTarget).
import { redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { CallbackPolicy } from '../contract/host-apps';
import { callbackPolicy } from '../features/embedding/queries';
import { HOME_PATH } from './home';
import { type Exit, leaving, type UiQuery } from './query-carry';

export { HOME_PATH, MAP_IS_HOME } from './home';

/** Navigate to an exit: the callback is a full page load, the map an in-app move that carries nothing. */
export function useLeave(): (exit: Exit, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (exit, options) => {
      if (exit.kind === 'callback') {
        window.location.assign(exit.href);
        return;
      }
      void navigate({ to: HOME_PATH, search: leaving(exit.search) as UiQuery, replace: options?.replace });
    },
    [navigate],
  );
}

/** The same exit as a redirect thrown from a guard. */
export function leaveRedirect(exit: Exit): never {
  if (exit.kind === 'callback') throw redirect({ href: exit.href, reloadDocument: true });
  throw redirect({ to: HOME_PATH, search: leaving(exit.search) as UiQuery, replace: true });
}

/** What an exit needs to know besides the query: this app's origin and the host-app allowlist. */
export function exitContext(): { origin: string; policy: CallbackPolicy } {
  return { origin: window.location.origin, policy: callbackPolicy(window.location.origin) };
}
