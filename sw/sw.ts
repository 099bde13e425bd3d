/// <reference lib="webworker" />
// The service worker: precache the shell (index.html, every route chunk, CSS, icons, all locale catalogs), answer
// navigations with index.html, and take over only when the page asks (SKIP_WAITING), never in the middle of a payment.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installPaymentHandler } from './payment-handler';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations fall back to the precached index.html, except the server's own pages and the API.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/dev\//, /^\/forecourt/, /^\/legal\//, /^\/demo-host/, /^\/psp\//],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: string }).type === 'SKIP_WAITING') void self.skipWaiting();
});

// The sandbox wallet's payment handler (Payment Request API): opens the wallet window, answers with its token.
installPaymentHandler();

// The first install has no page to interrupt: take control at once so the shell works offline after one visit.
// Later versions wait in 'waiting' until the page sends SKIP_WAITING (see src/app/sw-register.ts).
clientsClaim();
