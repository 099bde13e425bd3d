import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireRegistered } from '../../app/guards';

/** The logbook (shell-and-account.md §2.1: /history and its children are for registered drivers only). */
export const Route = createFileRoute('/history')({
  beforeLoad: requireRegistered,
  component: Outlet,
});
