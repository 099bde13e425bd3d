// Service worker registration with workbox-window. A new version waits until the driver accepts the update prompt:
// it is never activated by itself, so a payment in progress is never interrupted.
import type { Workbox } from 'workbox-window';

type Listener = (waiting: boolean) => void;
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<Listener>();

function setWaiting(next: boolean): void {
  waiting = next;
  for (const listener of listeners) listener(waiting);
}

export const serviceWorker = {
  register(): void {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    // workbox-window loads after the first screen: registering can wait a moment, the first paint cannot.
    void import('workbox-window').then(({ Workbox: WorkboxWindow }) => {
      workbox = new WorkboxWindow('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => setWaiting(true));
      void workbox.register();
    });
  },
  isWaiting: () => waiting,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The page asks the waiting worker to take over (SKIP_WAITING). */
  applyUpdate(): void {
    // Once the new worker controls the page (the driver said yes), load the new shell.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    workbox?.messageSkipWaiting();
  },
};
