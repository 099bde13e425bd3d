import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { HOME_PATH, useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import { endAttempt } from '../../features/checkout/queries';
import { type CancelState, cancelPageFor } from '../../features/orders/model/cancel-page';
import { cancelSearch } from '../../features/orders/model/search';
import { featuresQuery, userQuery } from '../../features/session/queries';
import { session } from '../../features/session/store';

export const Route = createFileRoute('/pay/cancel')({
  validateSearch: cancelSearch,
  // pay-flows.md §6: "EV routes and /pay/cancel require the EV-charging feature on the account."
  beforeLoad: async ({ context }) => {
    const record = session.get();
    if (!record) return;
    let enabled = true;
    try {
      const user = await context.queryClient.ensureQueryData(userQuery(record.userId));
      const features = await context.queryClient.ensureQueryData(featuresQuery(user.accountId));
      enabled = features.evCharging.enabled;
    } catch {
      // Offline: show the page; it only explains what happened.
    }
    if (!enabled) throw redirect({ to: HOME_PATH });
  },
  component: CancelPage,
});

const TEXTS: Record<CancelState, { title: MessageDescriptor; text: MessageDescriptor }> = {
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

function CancelPage() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const leave = useLeave();
  const page = cancelPageFor(query.state);

  // "Pay state is reset for the cancelled states and API_ERROR_POSTPAY."
  useEffect(() => {
    if (page.resetPayState) endAttempt();
  }, [page.resetPayState]);

  function ok() {
    // "OK goes to /map or back to the callback."
    leave(
      leaveTarget(query, { callback: 'always', paymentData: { state: query.state }, origin: window.location.origin }),
    );
  }

  return (
    <section className="page center" aria-labelledby="cancel-title">
      <div className="error-icon" aria-hidden="true">
        {page.icon === 'info' ? (
          'i'
        ) : (
          <svg viewBox="0 0 24 24" width="36" height="36">
            <path fill="currentColor" d="M5 3h9v18H5zM7 5v5h5V5zM16 7l3 3v8a1.5 1.5 0 0 1-3 0v-4h-1v-2h3v-4l-2-2z" />
          </svg>
        )}
      </div>
      <h1 id="cancel-title">{i18n._(TEXTS[page.state].title)}</h1>
      <p className="lead">{i18n._(TEXTS[page.state].text)}</p>
      <button type="button" className="button" onClick={ok}>
        <Trans>OK</Trans>
      </button>
    </section>
  );
}
