// The app shell's one line for running orders (issue 33.4): for a signed-in driver or a guest with a session, the
// banner loads after the first screen (its own chunk with Dexie and the query), so the start-up path stays as it was.
// A session always has a user id with its token (isLoggedIn): the id alone says there is one.
import { lazy, Suspense } from 'react';
import { useSession } from '../../../session/queries';

const ResumeBanner = lazy(() => import('./ResumeBanner'));

export function ResumeOrders() {
  const userId = useSession()?.userId;
  return userId ? (
    <Suspense fallback={null}>
      <ResumeBanner userId={userId} />
    </Suspense>
  ) : null;
}
