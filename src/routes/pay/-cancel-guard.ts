// The cancel page's guard and texts (pay-flows.md §4 Cancel page, §6). The guard loads when a driver reaches the page,
// not with the app's start (it sat in the route tree's entry chunk before: ~0.2 KiB gzip on every first screen).
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { exitContext, leaveRedirect } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import { type CancelState, cancelPageFor } from '../../features/orders/model/cancel-page';
import type { cancelSearch } from '../../features/orders/model/search';
import { featuresQuery, userQuery } from '../../features/session/queries';
import { session } from '../../features/session/store';
import type { Infer } from '../../lib/search-schema';
import { toast } from '../../ui/toast-store';

type CancelSearch = Infer<typeof cancelSearch> & Parameters<typeof leaveTarget>[0];

// pay-flows.md §6: "EV routes and /pay/cancel require the EV-charging feature on the account." Kept as the spec
// says; a driver without it (every new driver) goes where OK would have taken them, and the page's title and text
// come along as a message, so a cancelled fill is never news nobody is told.
export async function cancelGuard(queryClient: QueryClient, search: CancelSearch): Promise<void> {
  const record = session.get();
  if (!record) return;
  let enabled = true;
  try {
    const user = await queryClient.ensureQueryData(userQuery(record.userId));
    const features = await queryClient.ensureQueryData(featuresQuery(user.accountId));
    enabled = features.evCharging.enabled;
  } catch {
    // Offline: show the page; it only explains what happened.
  }
  if (enabled) return;
  const page = cancelPageFor(search.state);
  toast.show({
    text: `${i18n._(TEXTS[page.state].title)}. ${i18n._(TEXTS[page.state].text)}`,
    tone: page.icon === 'info' ? 'info' : 'warning',
    duration: 10_000,
  });
  leaveRedirect(leaveTarget(search, { callback: 'always', paymentData: { state: page.state }, ...exitContext() }));
}

export const TEXTS: Record<CancelState, { title: MessageDescriptor; text: MessageDescriptor }> = {
  CANCELLED_PREPAY: {
    title: msg`Fuelling cancelled`,
    text: msg`Your order was cancelled and the reserved amount released. You were not charged.`,
  },
  CANCELLED_POSTPAY: {
    title: msg`Order cancelled`,
    text: msg`Your order was cancelled. If you have already fuelled, please pay at the till.`,
  },
  API_ERROR_PREPAY: {
    title: msg`The pump gives no feedback`,
    text: msg`We could not confirm your fuelling. Any amount not fuelled is released automatically. Please ask at the till if you need help.`,
  },
  API_ERROR_POSTPAY: {
    title: msg`Something went wrong with your order`,
    text: msg`We could not complete your order. Please pay at the till.`,
  },
};

/** A cancelled EV charge (before the car was plugged in) says so, in place of the fuelling texts. */
export const CHARGE_TEXTS = {
  title: msg`Charging cancelled`,
  text: msg`Your charge was cancelled and the reserved amount released. You were not charged.`,
};
