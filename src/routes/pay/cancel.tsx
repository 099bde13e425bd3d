import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { exitContext, leaveRedirect, useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import { endAttempt } from '../../features/checkout/queries';
import { isCharge } from '../../features/ev/model/ev';
import { type CancelState, cancelPageFor } from '../../features/orders/model/cancel-page';
import { cancelSearch } from '../../features/orders/model/search';
import { useOrderSnapshot } from '../../features/orders/queries';
import { featuresQuery, userQuery } from '../../features/session/queries';
import { session } from '../../features/session/store';
import { Button, Page } from '../../ui';
import { FuelIcon, InfoIcon } from '../../ui/icons';
import { toast } from '../../ui/toast-store';
import { ResultHero } from './-components/ResultHero';

export const Route = createFileRoute('/pay/cancel')({
  validateSearch: cancelSearch,
  // pay-flows.md §6: "EV routes and /pay/cancel require the EV-charging feature on the account." Kept as the spec
  // says; a driver without it (every new driver) goes where OK would have taken them, and the page's title and text
  // come along as a message, so a cancelled fill is never news nobody is told.
  beforeLoad: async ({ context, search }) => {
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
    if (enabled) return;
    const page = cancelPageFor(search.state);
    toast.show({
      text: `${i18n._(TEXTS[page.state].title)}. ${i18n._(TEXTS[page.state].text)}`,
      tone: page.icon === 'info' ? 'info' : 'warning',
      duration: 10_000,
    });
    leaveRedirect(leaveTarget(search, { callback: 'always', paymentData: { state: page.state }, ...exitContext() }));
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

/** A cancelled EV charge (before the car was plugged in) says so, in place of the fuelling texts. */
const CHARGE_TEXTS = {
  title: msg`Charging cancelled`,
  text: msg`Your charge was cancelled and the reserved amount released. You were not charged.`,
};

function CancelPage() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const leave = useLeave();
  const page = cancelPageFor(query.state);
  const order = useOrderSnapshot(query.orderId ?? '').data;
  const texts = page.state === 'CANCELLED_PREPAY' && isCharge(order) ? CHARGE_TEXTS : TEXTS[page.state];

  // "Pay state is reset for the cancelled states and API_ERROR_POSTPAY."
  useEffect(() => {
    if (page.resetPayState) endAttempt();
  }, [page.resetPayState]);

  function ok() {
    // "OK goes to /map or back to the callback."
    leave(leaveTarget(query, { callback: 'always', paymentData: { state: query.state }, ...exitContext() }));
  }

  return (
    <Page
      align="center"
      actions={
        <Button size="lg" onClick={ok}>
          <Trans>OK</Trans>
        </Button>
      }
    >
      <ResultHero
        titleId="cancel-title"
        tone={page.icon === 'info' ? 'brand' : 'warning'}
        icon={page.icon === 'info' ? <InfoIcon size={36} /> : <FuelIcon size={36} />}
        title={i18n._(texts.title)}
      >
        {i18n._(texts.text)}
      </ResultHero>
    </Page>
  );
}
