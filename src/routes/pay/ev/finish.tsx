import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ChargeLine } from '../../../../contract/ev';
import { exitContext, useLeave } from '../../../app/leave';
import { leaveTarget } from '../../../app/query-carry';
import { endAttempt } from '../../../features/checkout/queries';
import { energyKwh, formatDuration } from '../../../features/ev/model/ev';
import { ChargeStopNote } from '../../../features/ev/ui/CostLimit';
import { PLANS } from '../../../features/orders/model/order-wait';
import { orderGroup } from '../../../features/orders/model/search';
import { useOrderSnapshot } from '../../../features/orders/queries';
import { useReceipt } from '../../../features/orders/store';
import { useOrderWait } from '../../../features/orders/use-order-wait';
import { formatQuantity } from '../../../lib/money';
import { Button, Money, Page, SkeletonList, Spinner } from '../../../ui';
import { CheckIcon } from '../../../ui/icons';
import { requireEvCharging } from '../-components/ev-guard';
import { OrderFacts } from '../-components/OrderFacts';
import { ResultHero } from '../-components/ResultHero';
import { useFlowExit } from '../-components/use-flow-exit';

export const Route = createFileRoute('/pay/ev/finish')({
  validateSearch: orderGroup,
  beforeLoad: requireEvCharging,
  component: EvFinish,
});

function EvFinish() {
  const query = Route.useSearch();
  if (!query.orderId) return <Navigate to="/pay" search={true} replace />;
  return <FinishCharge key={query.orderId} orderId={query.orderId} />;
}

const LINE_LABEL: Record<ChargeLine['type'], MessageDescriptor> = {
  ENERGY: msg`Energy`,
  TIME: msg`Blocking fee`,
  PARKING_TIME: msg`Parking`,
  FLAT: msg`Session fee`,
};

/** The EV receipt (pay-flows.md §2 "finish (total)", §4 "the EV finish, which waits for COMPLETED"). */
function FinishCharge({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const leave = useLeave();
  const kept = useReceipt(orderId);
  const snapshot = useOrderSnapshot(orderId).data;
  const { state } = useOrderWait(orderId, PLANS.evFinish, !!kept);
  useFlowExit(state, orderId);
  // The newest copy: the poll loop's answer, else the receipt kept on the phone.
  const order = snapshot ?? kept?.order;
  const acquired = !!order && ['PRODUCT_ACQUIRED', 'READY_FOR_INVOICE', 'COMPLETED'].includes(order.state);
  const completed = order?.state === 'COMPLETED';
  useEffect(() => {
    if (acquired) endAttempt();
  }, [acquired]);

  function ok() {
    leave(
      leaveTarget(query, {
        callback: 'always',
        paymentData: { orderId, state: order?.state, amount: order?.totalAfterDiscounts ?? null },
        ...exitContext(),
      }),
    );
  }

  const charge = order?.charge;
  const lines = charge?.lines ?? [];
  const lineValue = (l: ChargeLine) =>
    l.unit === 'KWH'
      ? i18n._(msg`${formatQuantity(l.quantity, i18n.locale)} kWh`)
      : l.unit === 'MIN'
        ? i18n._(msg`${l.quantity} min`)
        : null;
  return (
    <Page
      actions={
        <Button size="lg" onClick={ok} disabled={!acquired}>
          <Trans>OK</Trans>
        </Button>
      }
    >
      {acquired && order ? (
        <>
          <ResultHero
            compact
            icon={<CheckIcon size={32} strokeWidth={3} />}
            tone="success"
            title={<Trans>Charging finished</Trans>}
          >
            {completed ? <Trans>Your invoice is ready.</Trans> : <Trans>Your invoice is being prepared…</Trans>}
          </ResultHero>
          <OrderFacts
            rows={[
              { label: <Trans>Charger</Trans>, value: order.products[0]?.name ?? '' },
              {
                label: <Trans>Energy</Trans>,
                value: i18n._(msg`${formatQuantity(energyKwh(charge), i18n.locale)} kWh`),
              },
              { label: <Trans>Time</Trans>, value: formatDuration(charge?.durationS ?? 0) },
              ...lines.map((l) => ({
                label: (
                  <>
                    {i18n._(LINE_LABEL[l.type])}
                    {lineValue(l) ? ` · ${lineValue(l)}` : ''}
                  </>
                ),
                value: <Money value={{ amount: l.amount, currency: l.unitPrice.currency, precision: 2 }} />,
              })),
              ...(order.payment?.released && order.payment.released.amount > 0
                ? [{ label: <Trans>Released</Trans>, value: <Money value={order.payment.released} /> }]
                : []),
            ]}
            total={{
              label: <Trans>Total</Trans>,
              value: order.totalAfterDiscounts ? <Money value={order.totalAfterDiscounts} size="lg" /> : '—',
            }}
          />
          <ChargeStopNote order={order} />
        </>
      ) : (
        <>
          <ResultHero
            compact
            icon={<Spinner size="lg" />}
            tone="neutral"
            title={<Trans>Finishing your charge…</Trans>}
          />
          <SkeletonList rows={3} />
        </>
      )}
    </Page>
  );
}
