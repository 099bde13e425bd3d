import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLeave } from '../../app/leave';
import { leaveTarget } from '../../app/query-carry';
import { endAttempt } from '../../features/checkout/queries';
import { PLANS } from '../../features/orders/model/order-wait';
import { orderGroup } from '../../features/orders/model/search';
import { useReceipt } from '../../features/orders/store';
import { Receipt } from '../../features/orders/ui/Receipt';
import { useOrderWait } from '../../features/orders/use-order-wait';
import { useSession } from '../../features/session/queries';
import { stationQuery } from '../../features/stations/queries';
import { useFlowExit } from './-components/use-flow-exit';

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
 * The receipt (pay-flows.md §2, §4 Finish). It shows the copy kept on the device (Dexie owns receipts): the poll loop
 * writes it there once the product is acquired, so it also opens without signal.
 */
function FinishOrder({ orderId }: { orderId: string }) {
  const query = Route.useSearch();
  const leave = useLeave();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const kept = useReceipt(orderId);
  // The station's name and address go onto the kept receipt (the poll loop reads them from this query).
  useQuery({ ...stationQuery(query.pid ?? ''), enabled: !!query.pid, refetchInterval: false });
  const { state } = useOrderWait(orderId, PLANS.finish, !!kept);
  useFlowExit(state, orderId);

  // The attempt is over once there is a receipt: the next payment is a new order with new keys.
  const hasReceipt = !!kept;
  useEffect(() => {
    if (hasReceipt) endAttempt();
  }, [hasReceipt]);

  function ok() {
    const order = kept?.order;
    leave(
      leaveTarget(query, {
        callback: 'always',
        paymentData: { orderId, state: order?.state },
        origin: window.location.origin,
      }),
    );
  }

  return (
    <section className="page finish">
      <div className="error-icon success-icon" aria-hidden="true">
        ✓
      </div>
      <h1>{kept ? <Trans>Thank you!</Trans> : <Trans>Finishing your order…</Trans>}</h1>
      {kept ? (
        <Receipt order={kept.order} stationName={kept.station?.name ?? null} />
      ) : (
        <p aria-busy="true" className="lead" />
      )}
      <div className="actions">
        <button type="button" className="button" onClick={ok} disabled={!kept}>
          <Trans>OK</Trans>
        </button>
        {isGuest ? (
          <Link to="/register" className="button secondary">
            <Trans>Register to keep your receipts</Trans>
          </Link>
        ) : null}
      </div>
    </section>
  );
}
