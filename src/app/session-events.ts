// What the shell installs at boot below the features: the session's token and reactions for the API client, and who
// is signed in for the outbox (lib/ and db/ know no feature).
import type { Router } from '@tanstack/react-router';
import { configureOutbox } from '../db/outbox-hooks';
import { clearLocalStore, currentUserId, loginAsGuest, sessionToken } from '../features/session/queries';
import { configureApiSession } from '../lib/http/index';
import { queryClient } from '../lib/query-client';

/** `router` gives the app's router when a reaction needs it (made later than this is installed: app/router.tsx). */
// biome-ignore lint/suspicious/noExplicitAny: the app's router instance (typed in app/router.tsx)
export function installSessionEvents(router: () => Router<any, any, any, any, any>): void {
  configureApiSession({
    getToken: sessionToken,
    // "A 401 leads to a guest login."
    onUnauthorized: () => {
      clearLocalStore(queryClient);
      void loginAsGuest(queryClient)
        .catch(() => undefined)
        .then(() => router().invalidate());
    },
    // "An expired password redirects to /change-tmp-password."
    onPasswordExpired: () => {
      if (router().state.location.pathname !== '/change-tmp-password')
        void router().navigate({ to: '/change-tmp-password' });
    },
  });
  configureOutbox({ currentUserId });
}
