import { createFileRoute, redirect } from '@tanstack/react-router';

/** "Its default redirect is /pay/pump." */
export const Route = createFileRoute('/pay/')({
  beforeLoad: () => {
    throw redirect({ to: '/pay/pump', search: true, replace: true });
  },
});
