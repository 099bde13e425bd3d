import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAuth, requireStation } from '../../app/guards';
import { paymentReturnGroup } from '../../features/checkout/model/search';
import { orderGroup } from '../../features/orders/model/search';

/** The /pay subtree: needs auth and a station reference (shell-and-account.md §2.1, §2.2). */
export const Route = createFileRoute('/pay')({
  validateSearch: orderGroup.extend(paymentReturnGroup.shape),
  beforeLoad: async (ctx) => {
    const state = await requireAuth(ctx);
    await requireStation(ctx);
    return state;
  },
  component: Outlet,
});
