// Leaving a page for the map (home) or the host app's callback, the same way everywhere (see leaveTarget).
import { redirect, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type Exit, leaving, type UiQuery } from './query-carry';

/** The map is the driver's home (shell-and-account.md §2.1: "/ … else to /map"). */
export const HOME_PATH = '/map' as const;
/** Whether "find another station" has a map to go to yet. */
export const MAP_IS_HOME = (HOME_PATH as string) === '/map';

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
