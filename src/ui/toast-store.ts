// The toasts on screen, as a small store outside React: `toast.show(...)` works from a mutation callback, a service
// worker message or a query's onError as well as from a component.
import type { Tone } from './Notice';

export type Toast = { id: number; text: string; tone: Tone; duration: number };
type Listener = () => void;

const DEFAULT_DURATION_MS = 5000;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export const toast = {
  /** Shows a short message; returns its id. `duration: 0` keeps it until dismissed. */
  show({ text, tone = 'info', duration = DEFAULT_DURATION_MS }: { text: string; tone?: Tone; duration?: number }) {
    const id = nextId++;
    // At most three at once: the oldest goes first.
    emit([...toasts.slice(-2), { id, text, tone, duration }]);
    return id;
  },
  dismiss(id: number) {
    if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
  },
  clear() {
    emit([]);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  snapshot(): readonly Toast[] {
    return toasts;
  },
};
