// Leaving a page for the map (home) or the host app's callback, the same way everywhere (see leaveTarget).
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { CallbackPolicy } from '../../contract/plain/host-apps';
import { callbackPolicy } from '../features/embedding/queries';
import { toast } from '../ui/toast-store';
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
      if (exit.refusedCallback) tellRefusedCallback();
      void navigate({ to: HOME_PATH, search: leaving(exit.search) as UiQuery, replace: options?.replace });
    },
    [navigate],
  );
}

/** The same exit as a redirect thrown from a guard. */
export function leaveRedirect(exit: Exit): never {
  if (exit.kind === 'callback') throw redirect({ href: exit.href, reloadDocument: true });
  if (exit.refusedCallback) tellRefusedCallback();
  throw redirect({ to: HOME_PATH, search: leaving(exit.search) as UiQuery, replace: true });
}

/** What an exit needs to know besides the query: this app's origin and the host-app allowlist. */
export function exitContext(): { origin: string; policy: CallbackPolicy } {
  return { origin: window.location.origin, policy: callbackPolicy(window.location.origin) };
}

/** The driver learns why the host app did not take over: its return address is not one we allow. */
function tellRefusedCallback(): void {
  toast.show({
    text: i18n._(
      msg`Invalid callback parameter. The app that opened this page gave a return address we do not trust, so you are on the map.`,
    ),
    tone: 'warning',
    duration: 10_000,
  });
}
