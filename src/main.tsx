// Boot: language, query client (+ persister), router, service worker, maintenance check.
import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isUnderMaintenance } from './app/maintenance';
import { CACHE_BUSTER, persister, queryClient } from './app/query-client';
import { router } from './app/router';
import { serviceWorker } from './app/sw-register';
import { clearLocalStore, loginAsGuest } from './features/session/queries';
import { activateLanguage, i18n, initialLanguage } from './i18n';
import { setSessionHandlers } from './lib/http';
import './styles.css';

// "A 401 leads to a guest login"; "an expired password redirects to /change-tmp-password".
setSessionHandlers({
  onUnauthorized: () => {
    clearLocalStore(queryClient);
    void loginAsGuest(queryClient)
      .catch(() => undefined)
      .then(() => router.invalidate());
  },
  onPasswordExpired: () => {
    if (router.state.location.pathname !== '/change-tmp-password') void router.navigate({ to: '/change-tmp-password' });
  },
});

async function boot() {
  await activateLanguage(initialLanguage());
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PersistQueryClientProvider client={queryClient} persistOptions={{ persister, buster: CACHE_BUSTER }}>
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
  serviceWorker.register();
  // "If its production flag is set, it goes to /maintenance." On timeout or error the app simply continues.
  if (await isUnderMaintenance()) void router.navigate({ to: '/maintenance' });
}

void boot();
