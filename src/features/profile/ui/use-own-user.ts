import { useSession, useUser } from '../../session/queries';
// Every account page uses this hook, so its styles come with it (inside the pages' lazily loaded chunks).
import './profile.css';

/** The signed-in driver's user (the account pages are registered-only, so a session exists). */
export function useOwnUser() {
  const record = useSession();
  return useUser(record?.userId);
}
