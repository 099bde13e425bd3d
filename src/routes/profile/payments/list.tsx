import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec's "list" child of /profile/payments (shell-and-account.md §2.1): the list is the index; this leads there. */
export const Route = createFileRoute('/profile/payments/list')({
  beforeLoad: () => {
    throw redirect({ to: '/profile/payments', search: true, replace: true });
  },
});
