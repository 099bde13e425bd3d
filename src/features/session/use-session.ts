import { useSyncExternalStore } from 'react';
import { session } from './store';

export function useSession() {
  return useSyncExternalStore(session.subscribe, session.snapshot, () => null);
}
