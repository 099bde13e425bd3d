// Online/offline as the browser reports it, in a form that pure loops (the order poll loop, the outbox) take as a
// dependency, so tests can drive it.

export type Connectivity = {
  isOnline: () => boolean;
  /** Calls back with the new state on every change; returns an unsubscribe. */
  subscribe: (listener: (online: boolean) => void) => () => void;
};

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const browserConnectivity: Connectivity = {
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  subscribe: (listener) => {
    if (typeof window === 'undefined') return () => {};
    const on = () => listener(true);
    const off = () => listener(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  },
};

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const alwaysOnline: Connectivity = { isOnline: () => true, subscribe: () => () => {} };
