// The UI API-error state (pay-flows.md §8): the last failed response's errorDescription, observable by components.
type Listener = () => void;
let current: string | null = null;
const listeners = new Set<Listener>();

export const apiErrorState = {
  get: (): string | null => current,
  set(description: string | null): void {
    current = description;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
