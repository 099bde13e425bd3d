import { createFileRoute, Outlet } from '@tanstack/react-router';
import { accountPage } from '../-account-page';

/** The logbook (shell-and-account.md §2.1: /history and its children are for registered drivers only). */
export const Route = createFileRoute('/history')({
  // Registered only, with the account area's catalog (lingui.config.ts), which holds the logbook's texts.
  beforeLoad: accountPage,
  component: Outlet,
});
