import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Navigate, useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { Query } from '../../../app/query-carry';
import type { Order } from '../../../contract/orders';
import { ordersApi } from '../../../features/orders/api';
import { isSilent } from '../../../features/orders/model/order-poller';
import { hasReached } from '../../../features/orders/model/waits';
import { orderPoller, orderQuery } from '../../../features/orders/queries';
import { ApiError } from '../../../lib/http/errors';
import { formatMoney } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { Dialog } from '../../../ui/Dialog';
import { FormAlert } from '../../../ui/Form';
import { useStation } from '../-components/use-station';

const FLOW_EXITS = ['/pay/finish', '/pay/cancel', '/error'];

export const Route = createFileRoute('/pay/prepay/fueling')({
  component: PrepayFueling,
});

function PrepayFueling() {
  const query = Route.useSearch() as Query;
  if (!query.orderId || !query.pid) return <Navigate to="/pay" search={query} replace />;
  return <Fueling orderId={query.orderId} query={query} />;
}

/**
 * pay-flows.md §4 Prepay fueling: product already acquired → finish; authorized but not pending → wait for
 * PRODUCT_PENDING (failure: error type payment); then wait for PRODUCT_ACQUIRED → /pay/finish (type PREPAY).
 * Failures → /error type fueling_prepay. Leaving asks the browser to confirm and stops polling.
 */
function Fueling({ orderId, query }: { orderId: string; query: Query }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const order = useQuery(orderQuery(orderId));
  const { station } = useStation(query.pid ?? '', query);
  const [generation, setGeneration] = useState(0);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelAlert, setCancelAlert] = useState<string | null>(null);
  const confirmId = useId();
  const failedId = useId();
  const loaded = order.data;

  const finish = () =>
    navigate({ to: '/pay/finish', search: { ...query, orderId, orderType: 'PREPAY' }, replace: true });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the flow starts once the order is loaded; generation restarts it after a failed cancel
  useEffect(() => {
    if (!loaded || cancelling) return;
    let active = true;
    (async () => {
      if (hasReached(loaded, 'PRODUCT_ACQUIRED')) return finish();
      if (loaded.state === 'PAYMENT_AUTHORIZED') {
        try {
          await orderPoller.waitFor(orderId, { kind: 'state', state: 'PRODUCT_PENDING' });
        } catch (error) {
          if (active && !isSilent(error)) await navigate({ to: '/error', search: { type: 'payment' }, replace: true });
          return;
        }
      }
      try {
        await orderPoller.waitFor(orderId, { kind: 'state', state: 'PRODUCT_ACQUIRED' });
        if (active) await finish();
      } catch (error) {
        if (active && !isSilent(error))
          await navigate({ to: '/error', search: { type: 'fueling_prepay' }, replace: true });
      }
    })();
    return () => {
      active = false;
      orderPoller.stop(orderId);
    };
  }, [!!loaded, generation, cancelling, orderId]);

  // "Load order (with retry) … Failures go to /error with type fueling_prepay." (Without signal the load waits.)
  const loadFailed = !loaded && order.isError;
  useEffect(() => {
    if (loadFailed) void navigate({ to: '/error', search: { type: 'fueling_prepay' }, replace: true });
  }, [loadFailed, navigate]);

  // "Leaving the fueling page prompts the browser to confirm" — a reload or closing the tab, and in-app navigation
  // other than where the flow itself goes (finish, cancel, error).
  useBlocker({
    enableBeforeUnload: true,
    shouldBlockFn: ({ next }) => {
      if (FLOW_EXITS.some((path) => next.pathname.startsWith(path))) return false;
      return !window.confirm(i18n._(msg`Fuelling is in progress. Leave this page?`));
    },
  });

  async function cancel() {
    setConfirmCancel(false);
    setCancelAlert(null);
    setCancelling(true);
    orderPoller.stop(orderId);
    let answer: Order;
    try {
      answer = await ordersApi.cancel(orderId);
    } catch (error) {
      // "If the cancel call fails with an API error, show the cancel-failure dialog and keep waiting for fueling."
      // No answer at all (no signal) is not an API error: say the cancel was not sent; the driver can try again.
      if (error instanceof ApiError && error.status === 0) {
        setCancelAlert(i18n._(msg`Your cancel was not sent: there is no signal. Try again when you are back online.`));
      } else setCancelFailed(true);
      setCancelling(false);
      setGeneration((g) => g + 1);
      return;
    }
    // Cancelling while fuel flows hangs the nozzle up: what was dispensed is invoiced and the receipt follows.
    if (hasReached(answer, 'PRODUCT_ACQUIRED')) return void finish();
    try {
      if (answer.state !== 'CANCELLED') await orderPoller.waitFor(orderId, { kind: 'cancelled' });
      await navigate({ to: '/pay/cancel', search: { ...query, state: 'CANCELLED_PREPAY' }, replace: true });
    } catch (error) {
      if (isSilent(error)) return;
      setCancelFailed(true);
      setCancelling(false);
      setGeneration((g) => g + 1);
    }
  }

  const pump = station?.products.find((p) => p._id === query.productId);
  const dispensing = pump?.attributes.deviceState === 'DISPENSING';
  const max = loaded?.authorizePrice ? formatMoney(loaded.authorizePrice, i18n.locale) : null;

  return (
    <section className="page center fueling">
      <div className="fueling-pump" aria-hidden="true">
        {pump?.name ?? '…'}
      </div>
      <h1>{pump ? <Trans>Pump {pump.name}</Trans> : <Trans>Your pump</Trans>}</h1>
      <p className="lead" role="status" aria-live="polite">
        {!loaded ? (
          <Trans>Loading your order…</Trans>
        ) : loaded.state === 'PAYMENT_AUTHORIZED' ? (
          <Trans>Your payment is confirmed. The pump is being released…</Trans>
        ) : dispensing ? (
          <Trans>Fuelling… Hang up the nozzle when you are done.</Trans>
        ) : (
          <Trans>The pump is ready. Lift the nozzle and start fuelling.</Trans>
        )}
      </p>
      {max ? (
        <p>
          <Trans>Maximum amount: {max}</Trans>
        </p>
      ) : null}
      {!online ? (
        <p className="notice" role="status">
          <Trans>You are offline. Fuelling goes on; we will update this screen when you are back online.</Trans>
        </p>
      ) : null}
      <FormAlert>{cancelAlert}</FormAlert>
      <button
        type="button"
        className="button secondary"
        disabled={cancelling || !loaded}
        aria-busy={cancelling}
        onClick={() => setConfirmCancel(true)}
      >
        <Trans>Cancel</Trans>
      </button>

      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} labelledBy={confirmId}>
        <h2 id={confirmId}>
          <Trans>Cancel fuelling?</Trans>
        </h2>
        <p>
          <Trans>If you have already started, hang up the nozzle: you pay only for the fuel you took.</Trans>
        </p>
        <div className="actions">
          <button type="button" className="button danger" onClick={cancel}>
            <Trans>Yes, cancel</Trans>
          </button>
          <button type="button" className="button secondary" onClick={() => setConfirmCancel(false)}>
            <Trans>No, continue</Trans>
          </button>
        </div>
      </Dialog>
      <Dialog open={cancelFailed} onClose={() => setCancelFailed(false)} labelledBy={failedId}>
        <h2 id={failedId}>
          <Trans>Cancelling did not work</Trans>
        </h2>
        <p>
          <Trans>We could not cancel your order. Your fuelling continues; hang up the nozzle when you are done.</Trans>
        </p>
        <button type="button" className="button" onClick={() => setCancelFailed(false)}>
          <Trans>OK</Trans>
        </button>
      </Dialog>
    </section>
  );
}
