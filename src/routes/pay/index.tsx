import { createFileRoute, redirect } from '@tanstack/react-router';

/** "Its default redirect is /pay/pump." */
export const Route = createFileRoute('/pay/')({
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/pay/pump', search: location.search as Record<string, string>, replace: true });
  },
});
