import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { exitContext, useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import { endAttempt } from '../../features/checkout/queries';
import { PLANS } from '../../features/orders/model/order-wait';
import { stationSummary } from '../../features/orders/model/receipt';
import { orderGroup } from '../../features/orders/model/search';
import { hasReached, newerCopy } from '../../features/orders/model/waits';
import { useReceipt } from '../../features/orders/store';
import { Receipt, ReceiptSkeleton } from '../../features/orders/ui/Receipt';
import { useOrderWait } from '../../features/orders/use-order-wait';
import { useSession } from '../../features/session/queries';
import { stationQuery } from '../../features/stations/queries';
import { Button, buttonClass, Page, Spinner } from '../../ui';
import { CheckIcon } from '../../ui/icons';
import { ResultHero } from './-components/ResultHero';
import { useFlowExit } from './-components/use-flow-exit';
import { useRecordCostAtFinish } from './-components/use-record-cost';

export const Route = createFileRoute('/pay/finish')({
  validateSearch: orderGroup,
  component: Finish,
});

function Finish() {
  const query = Route.useSearch();
  // "Without an orderId redirect to /pay."
  if (!query.orderId) return <Navigate to="/pay" search={true} replace />;
  return <FinishOrder key={query.orderId} orderId={query.orderId} />;
}

/**
 * The receipt (pay-flows.md §2, §4 Finish). It paints from the acquired order already in hand (the one the stream or
 * the poll brought to the waiting page, kept in the query cache) at once, and from the copy kept on the device (Dexie
 * owns receipts) when there is none: the poll loop writes it there once the product is acquired, so it also opens
 * without signal. No second fetch chain stands between the hang-up and the receipt (issue 16).
 */
function FinishOrder({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const leave = useLeave();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const kept = useReceipt(orderId);
  // The station's name and address go onto the kept receipt (the poll loop reads them from this query).
  const station = useQuery({ ...stationQuery(query.pid ?? ''), enabled: !!query.pid, refetchInterval: false }).data;
  const { state, order: live } = useOrderWait(orderId, PLANS.finish, !!kept);
  useFlowExit(state, orderId);
  // The newer of the order in hand (once acquired) and the kept copy: the one on the screen at once.
  const acquired = live && hasReached(live, 'PRODUCT_ACQUIRED') ? live : null;
  const order = newerCopy(kept?.order, acquired);
  const shown = order
    ? {
        order,
        station: kept?.station ?? (station && station._id === order.poiId ? stationSummary(station) : null),
      }
    : null;

  // The attempt is over once there is a receipt: the next payment is a new order with new keys.
  const hasReceipt = !!shown;
  useEffect(() => {
    if (hasReceipt) endAttempt();
  }, [hasReceipt]);
  // The paid order becomes a cost with the driver's reading (once, through the outbox).
  useRecordCostAtFinish(orderId, hasReceipt, !isGuest);

  function ok() {
    const order = shown?.order;
    leave(
      leaveTarget(query, {
        callback: 'always',
        // "paymentData (order id, state, amount only)" for the host app.
        paymentData: { orderId, state: order?.state, amount: order?.totalAfterDiscounts ?? null },
        ...exitContext(),
      }),
    );
  }

  return (
    <Page
      actions={
        <>
          <Button size="lg" onClick={ok} disabled={!shown}>
            <Trans>OK</Trans>
          </Button>
          {isGuest ? (
            <Link to="/register" className={buttonClass({ variant: 'ghost' })}>
              <Trans>Register to keep your receipts</Trans>
            </Link>
          ) : null}
        </>
      }
    >
      {shown ? (
        <>
          <ResultHero
            compact
            icon={<CheckIcon size={32} strokeWidth={3} />}
            tone="success"
            title={<Trans>Thank you!</Trans>}
          >
            {isGuest ? null : <Trans>Your receipt is saved on this phone, and opens without signal too.</Trans>}
          </ResultHero>
          <Receipt order={shown.order} station={shown.station} />
        </>
      ) : (
        <>
          <ResultHero
            compact
            icon={<Spinner size="lg" />}
            tone="neutral"
            title={<Trans>Finishing your order…</Trans>}
          />
          <ReceiptSkeleton label={i18n._(msg`Finishing your order…`)} />
        </>
      )}
    </Page>
  );
}
