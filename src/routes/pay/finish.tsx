import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { builtOr } from '../../app/built-routes';
import { callbackUrl, isValidCallback } from '../../app/callback';
import { mapExitQuery, type Query, stringifyQuery } from '../../app/query-carry';
import { loadReceipt, saveReceipt } from '../../db';
import { isSilent } from '../../features/orders/model/order-poller';
import { hasReached, newerCopy } from '../../features/orders/model/waits';
import { endAttempt, orderPoller, orderQuery } from '../../features/orders/queries';
import { Receipt } from '../../features/orders/ui/Receipt';
import { useSession } from '../../features/session/use-session';
import { stationQuery } from '../../features/stations/queries';

export const Route = createFileRoute('/pay/finish')({
  component: Finish,
});

function Finish() {
  const query = Route.useSearch() as Query;
  // "Without an orderId redirect to /pay."
  if (!query.orderId) return <Navigate to="/pay" search={query} replace />;
  return <FinishOrder orderId={query.orderId} query={query} />;
}

function FinishOrder({ orderId, query }: { orderId: string; query: Query }) {
  const navigate = useNavigate();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const userId = record?.userId;
  const live = useQuery(orderQuery(orderId));
  const station = useQuery({ ...stationQuery(query.pid ?? ''), enabled: !!query.pid, refetchInterval: false });
  // undefined while the device is looked up, null when it keeps no receipt of this order.
  const stored = useLiveQuery(async () => (await loadReceipt(orderId)) ?? null, [orderId]);
  const order = newerCopy(live.data, stored?.order);
  const acquired = !!order && hasReached(order, 'PRODUCT_ACQUIRED');

  // "If payment is authorized but the product not acquired, wait for acquisition, then completion."
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once the order is known
  useEffect(() => {
    if (!live.data) return;
    let active = true;
    (async () => {
      try {
        if (!hasReached(live.data, 'PRODUCT_ACQUIRED')) {
          await orderPoller.waitFor(orderId, { kind: 'state', state: 'PRODUCT_ACQUIRED' });
        }
        await orderPoller.waitFor(orderId, { kind: 'completion' });
      } catch (error) {
        if (active && !isSilent(error)) await navigate({ to: '/error', search: { type: 'payment' }, replace: true });
      }
    })();
    return () => {
      active = false;
      orderPoller.stop(orderId);
    };
  }, [!!live.data, orderId]);

  // The order cannot be loaded (after the retries) and no receipt is kept on the device: "Failure goes to /error type
  // payment." A stored receipt still shows without signal.
  const failed = live.isError && stored === null;
  useEffect(() => {
    if (failed) void navigate({ to: '/error', search: { type: 'payment' }, replace: true });
  }, [failed, navigate]);

  // Keep the receipt on the device: it opens later without signal.
  const stationData = station.data;
  useEffect(() => {
    if (!live.data || !hasReached(live.data, 'PRODUCT_ACQUIRED')) return;
    endAttempt();
    const address = stationData?.location.address;
    void saveReceipt({
      id: orderId,
      ...(userId ? { userId } : {}),
      order: live.data,
      station: stationData
        ? {
            name: stationData.name,
            brand: stationData.brand,
            address: address ? `${address.street} ${address.houseNumber ?? ''}, ${address.zip} ${address.city}` : '',
          }
        : null,
      pumpName: live.data.products[0]?.name ?? null,
    });
  }, [live.data, stationData, orderId, userId]);

  const stationName = stationData
    ? `${stationData.brand} · ${stationData.location.address.city}`
    : (stored?.station?.brand ?? null);
  const callback = query.callback && isValidCallback(query.callback) ? query.callback : null;

  function ok() {
    if (callback) {
      window.location.assign(callbackUrl(callback, { orderId, state: order?.state }, window.location.origin));
      return;
    }
    void navigate({ href: `${builtOr('/map', '/settings')}${stringifyQuery(mapExitQuery(query))}` });
  }

  return (
    <section className="page finish">
      <div className="error-icon success-icon" aria-hidden="true">
        ✓
      </div>
      <h1>{acquired ? <Trans>Thank you!</Trans> : <Trans>Finishing your order…</Trans>}</h1>
      {order && acquired ? (
        <Receipt order={order} stationName={stationName} />
      ) : (
        <p aria-busy="true" className="lead" />
      )}
      <div className="actions">
        <button type="button" className="button" onClick={ok} disabled={!acquired}>
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
