import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireRegistered } from '../../../app/guards';

/** The payment methods (shell-and-account.md §2.1: /profile/payments and its children are for registered drivers). */
export const Route = createFileRoute('/profile/payments')({
  beforeLoad: requireRegistered,
  component: Outlet,
});
