import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { exitContext, useLeave } from '../../../app/leave';
import { leaveTarget } from '../../../app/query-carry';
import { PLANS } from '../../../features/orders/model/order-wait';
import { orderGroup } from '../../../features/orders/model/search';
import { hasReached } from '../../../features/orders/model/waits';
import { useOrderSnapshot } from '../../../features/orders/queries';
import { useOrderWait } from '../../../features/orders/use-order-wait';
import { useSession } from '../../../features/session/queries';
import { stationQuery } from '../../../features/stations/queries';
import { keepTicketsOf } from '../../../features/wash/queries';
import { useOrderWashTickets } from '../../../features/wash/store';
import { WashCode } from '../../../features/wash/ui/WashCode';
import { useOnline } from '../../../lib/use-online';
import { Button, buttonClass, Loading, Money, Notice, Page, SkeletonList, Spinner } from '../../../ui';
import { CheckIcon } from '../../../ui/icons';
import { OrderFacts } from '../-components/OrderFacts';
import { ResultHero } from '../-components/ResultHero';
import { useFlowExit } from '../-components/use-flow-exit';

export const Route = createFileRoute('/pay/wash/finish')({
  validateSearch: orderGroup,
  component: WashFinish,
});

function WashFinish() {
  const query = Route.useSearch();
  // "Without an orderId redirect to /pay."
  if (!query.orderId) return <Navigate to="/pay" search={true} replace />;
  return <Finish key={query.orderId} orderId={query.orderId} />;
}

/**
 * The wash finish (pay-flows.md §2, §4 Wash flow): the codes with expiry and QR, package, amount, voucher lines once
 * READY_FOR_INVOICE, the total. The codes are read from the device (Dexie owns wash tickets), so the page opens
 * without signal; every order fetched refreshes them there.
 */
function Finish({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const leave = useLeave();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const tickets = useOrderWashTickets(orderId);
  const kept = (tickets?.length ?? 0) > 0;
  const order = useOrderSnapshot(orderId).data;
  useQuery({ ...stationQuery(query.pid ?? ''), enabled: !!query.pid, refetchInterval: false });
  const { state } = useOrderWait(orderId, PLANS.washFinish, kept);
  useFlowExit(state, orderId);

  useEffect(() => {
    if (order) void keepTicketsOf(order);
  }, [order]);

  function ok() {
    leave(
      leaveTarget(query, {
        callback: 'always',
        // "paymentData (order id, state, amount only)" for the host app.
        paymentData: { orderId, state: order?.state, amount: order?.totalAfterDiscounts ?? null },
        ...exitContext(),
      }),
    );
  }

  const first = tickets?.[0];
  const total = order?.totalAfterDiscounts ?? first?.amount ?? null;
  const invoiced = order ? hasReached(order, 'READY_FOR_INVOICE') : false;
  const packageName = order?.products[0]?.fuelType?.name ?? first?.packageName ?? null;
  const bay = order?.products[0]?.name ?? first?.bayName ?? null;

  return (
    <Page
      actions={
        <>
          <Button size="lg" onClick={ok} disabled={!kept}>
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
      {kept && tickets ? (
        <>
          <ResultHero
            compact
            icon={<CheckIcon size={32} strokeWidth={3} />}
            tone="success"
            title={<Trans>Your car wash is paid</Trans>}
          >
            <Trans>Enter the code at the car wash or show its QR code.</Trans>
          </ResultHero>
          <section className="wash-codes">
            {tickets.map((ticket) => (
              <WashCode key={ticket.id} ticket={ticket} />
            ))}
          </section>
          <OrderFacts
            rows={[
              ...(packageName ? [{ label: <Trans>Car wash</Trans>, value: packageName }] : []),
              ...(bay ? [{ label: <Trans>Wash bay</Trans>, value: bay }] : []),
              ...(invoiced && order
                ? order.vouchers.map((v) => ({
                    label: v.name,
                    value: v.paymentAttributes ? <Money value={v.paymentAttributes.totalPrice} negative /> : null,
                  }))
                : []),
              ...(order?.loyaltyItems ?? []).map((item) => ({
                label: item.programName,
                value: (
                  <Trans>
                    +{item.amount} points ({item.totalAmount} in total)
                  </Trans>
                ),
              })),
            ]}
            total={total ? { label: <Trans>Total</Trans>, value: <Money value={total} size="lg" /> } : undefined}
          />
          {!online ? (
            <Notice tone="info" live="none">
              <Trans>You are offline</Trans>
            </Notice>
          ) : null}
        </>
      ) : (
        <>
          <ResultHero
            compact
            icon={<Spinner size="lg" />}
            tone="neutral"
            title={<Trans>Finishing your order…</Trans>}
          />
          <Loading label={i18n._(msg`Finishing your order…`)}>
            <SkeletonList rows={2} />
          </Loading>
        </>
      )}
    </Page>
  );
}
