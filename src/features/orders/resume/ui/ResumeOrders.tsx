// The app shell's one line for running orders (issue 33.4): for a signed-in driver or a guest with a session, the
// banner loads after the first screen (its own chunk with Dexie and the query), so the start-up path stays as it was.
import { lazy, Suspense } from 'react';
import { useSession } from '../../../session/queries';

const ResumeBanner = lazy(() => import('./ResumeBanner'));

export function ResumeOrders() {
  const record = useSession();
  if (!record?.token || !record.userId) return null;
  return (
    <Suspense fallback={null}>
      <ResumeBanner key={record.userId} userId={record.userId} />
    </Suspense>
  );
}
