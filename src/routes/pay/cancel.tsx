import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { exitContext, useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import { endAttempt } from '../../features/checkout/queries';
import { isCharge } from '../../features/ev/model/ev';
import { cancelPageFor } from '../../features/orders/model/cancel-page';
import { cancelSearch } from '../../features/orders/model/search';
import { useOrderSnapshot } from '../../features/orders/queries';
import { Button, Page } from '../../ui';
import { FuelIcon, InfoIcon } from '../../ui/icons';
import { CHARGE_TEXTS, TEXTS } from './-cancel-guard';
import { ResultHero } from './-components/ResultHero';

export const Route = createFileRoute('/pay/cancel')({
  validateSearch: cancelSearch,
  beforeLoad: async ({ context, search }) => (await import('./-cancel-guard')).cancelGuard(context.queryClient, search),
  component: CancelPage,
});

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
