import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { requireRegistered } from '../../../app/guards';
import { exitContext, useLeave } from '../../../app/leave';
import { leaveTarget } from '../../../app/query-carry';
import { endAttempt } from '../../../features/checkout/queries';
import { PLANS } from '../../../features/orders/model/order-wait';
import { orderGroup } from '../../../features/orders/model/search';
import { useOrderSnapshot } from '../../../features/orders/queries';
import { useReceipt } from '../../../features/orders/store';
import { useOrderWait } from '../../../features/orders/use-order-wait';
import { Button, Loading, Money, Page, SkeletonList, Spinner } from '../../../ui';
import { CheckIcon } from '../../../ui/icons';
import { OrderFacts } from '../-components/OrderFacts';
import { ResultHero } from '../-components/ResultHero';
import { useFlowExit } from '../-components/use-flow-exit';

export const Route = createFileRoute('/pay/postpay/processing')({
  validateSearch: orderGroup,
  beforeLoad: requireRegistered,
  component: Processing,
});

function Processing() {
  const query = Route.useSearch();
  if (!query.orderId) return <Navigate to="/pay" search={true} replace />;
  return <GiftCardResult key={query.orderId} orderId={query.orderId} />;
}

/** The gift card's finish (pay-flows.md §4 "gift card to pay/postpay/processing"): wait, then code, expiry, amount, balance. */
function GiftCardResult({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const leave = useLeave();
  const kept = useReceipt(orderId);
  const order = useOrderSnapshot(orderId).data ?? kept?.order;
  const { state } = useOrderWait(orderId, PLANS.finish, !!kept);
  useFlowExit(state, orderId);
  const card = order?.products[0]?.giftCard;
  useEffect(() => {
    if (card) endAttempt();
  }, [card]);

  function ok() {
    leave(
      leaveTarget(query, {
        callback: 'always',
        paymentData: { orderId, state: order?.state, amount: order?.totalAfterDiscounts ?? null },
        ...exitContext(),
      }),
    );
  }

  return (
    <Page
      actions={
        <Button size="lg" onClick={ok} disabled={!card}>
          <Trans>OK</Trans>
        </Button>
      }
    >
      {card ? (
        <>
          <ResultHero
            compact
            icon={<CheckIcon size={32} strokeWidth={3} />}
            tone="success"
            title={<Trans>Your gift card</Trans>}
          >
            <span className="gift-card-code" data-testid="gift-card-code">
              {card.code}
            </span>
          </ResultHero>
          <OrderFacts
            rows={[
              { label: <Trans>Code</Trans>, value: card.code },
              {
                label: <Trans>Valid until</Trans>,
                value: new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(
                  new Date(card.expirationDate),
                ),
              },
              { label: <Trans>Amount</Trans>, value: <Money value={card.amount} /> },
            ]}
            total={{ label: <Trans>Balance</Trans>, value: <Money value={card.balance} size="lg" /> }}
          />
        </>
      ) : (
        <>
          <ResultHero
            compact
            icon={<Spinner size="lg" />}
            tone="neutral"
            title={<Trans>Processing your gift card…</Trans>}
          />
          <Loading label={i18n._(msg`Processing your gift card…`)}>
            <SkeletonList rows={3} />
          </Loading>
        </>
      )}
    </Page>
  );
}
