import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useBlocker, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { PLANS } from '../../../features/orders/model/order-wait';
import { orderGroup } from '../../../features/orders/model/search';
import { useCreatePostpayOrder } from '../../../features/orders/postpay';
import { useOrderSnapshot } from '../../../features/orders/queries';
import { useOrderWait } from '../../../features/orders/use-order-wait';
import { useSession, useUser } from '../../../features/session/queries';
import { ApiError } from '../../../lib/http/errors';
import { Button, FormAlert, Page } from '../../../ui';
import { CancelFuellingDialog, FuellingNotices } from '../-components/CancelFuelling';
import { LiveMeter } from '../-components/LiveMeter';
import { useFlowExit } from '../-components/use-flow-exit';
import { useOdometerStep } from '../-components/use-odometer-step';
import { useStation } from '../-components/use-station';
import { PumpVisual } from '../prepay/-components/PumpVisual';

/** Where the flow itself goes: leaving for these needs no confirmation. */
const FLOW_EXITS = ['/pay/postpay/summary', '/pay/cancel', '/error'];

export const Route = createFileRoute('/pay/postpay/fueling')({
  validateSearch: orderGroup,
  component: PostpayFueling,
});

function PostpayFueling() {
  const query = Route.useSearch();
  if (!query.pid || (!query.orderId && !query.productId)) return <Navigate to="/pay" search={true} replace />;
  // "With no order id, an order is created automatically and its id put in the query; otherwise it is loaded."
  if (!query.orderId) return <CreateOrder pid={query.pid} productId={query.productId ?? ''} />;
  return <Fueling key={query.orderId} orderId={query.orderId} pid={query.pid} />;
}

const createKeyName = (pid: string, productId: string) => `postpay-create:${pid}:${productId}`;

/** Creates the order once (a reload before the answer replays the same key) and puts its id in the query. */
function CreateOrder({ pid, productId }: { pid: string; productId: string }) {
  const query = Route.useSearch();
  const navigate = useNavigate();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const create = useCreatePostpayOrder();
  const { mutate } = create;
  const { station } = useStation(pid, query);
  // The odometer screen before the order, when the account asks for it (pay-flows.md §2 Odometer screen): the postpay
  // order is made here, at the pump, so the reading goes with its create as prepay's does.
  const odometer = useOdometerStep({ pid, productId, isGuest, next: 'postpay', station, path: Route.fullPath });
  const ready = (isGuest || user.isFetched) && !odometer.loading && !odometer.needed;
  const { thingId, carOdometerM } = odometer.order(user.data?.thingId ?? null);
  const { done, handleRejection } = odometer;
  const sent = useRef(false);
  // No answer to the create (lost on the way, or its answer lost): the same key is sent again after 2, 4, 8, then
  // every 15 s, so the server makes the order once and the driver never waits on a screen that does nothing.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!ready || sent.current) return;
    sent.current = true;
    const name = createKeyName(pid, productId);
    let key = sessionStorage.getItem(name);
    if (!key) {
      key = crypto.randomUUID();
      sessionStorage.setItem(name, key);
    }
    mutate(
      { pid, productId, thingId, carOdometerM, partner: query.partner, idempotencyKey: key },
      {
        onSuccess: (order) => {
          sessionStorage.removeItem(name);
          done(order._id);
          void navigate({
            to: '/pay/postpay/fueling',
            search: (prev) => ({ ...prev, orderId: order._id, orderType: 'POSTPAY' }),
            replace: true,
          });
        },
        onError: (error) => {
          // "Order creation failure: generic /error." Without an answer the key stays: a reload replays it.
          if (error instanceof ApiError && error.status === 0) {
            window.setTimeout(
              () => {
                sent.current = false;
                setAttempt((n) => n + 1);
              },
              Math.min(2_000 * 2 ** attempt, 15_000),
            );
          } else {
            sessionStorage.removeItem(name);
            // A reading lower than the vehicle's last one: back to the odometer screen with the input kept.
            if (!handleRejection(error)) void navigate({ to: '/error', search: {}, replace: true });
          }
        },
      },
    );
  }, [ready, attempt, pid, productId, thingId, carOdometerM, query.partner, mutate, navigate, done, handleRejection]);

  if (odometer.needed) return <Navigate to="/pay/odometer" search={(prev) => ({ ...prev, next: 'postpay' })} replace />;

  return (
    <Page align="center">
      <div className="fueling-head">
        <PumpVisual name={null} phase="loading" />
        <p className="fueling-status" role="status">
          <Trans>Loading your order…</Trans>
        </p>
      </div>
      <FormAlert>
        {create.error instanceof ApiError && create.error.status === 0 ? (
          <Trans>No answer yet. Trying again…</Trans>
        ) : null}
      </FormAlert>
    </Page>
  );
}

/** The waiting screen of a postpay fill: the rules are the order-wait plan's (postpayFueling). */
function Fueling({ orderId, pid }: { orderId: string; pid: string }) {
  const { i18n } = useLingui();
  const order = useOrderSnapshot(orderId).data;
  const query = Route.useSearch();
  const { station } = useStation(pid, query);
  const { state, cancel } = useOrderWait(orderId, PLANS.postpayFueling);
  const [confirmCancel, setConfirmCancel] = useState(false);
  useFlowExit(state, orderId);

  useBlocker({
    enableBeforeUnload: true,
    shouldBlockFn: ({ next }) => {
      if (FLOW_EXITS.some((path) => next.pathname.startsWith(path))) return false;
      return !window.confirm(i18n._(msg`Fuelling is in progress. Leave this page?`));
    },
  });

  const productId = order?.products[0]?._id ?? query.productId;
  const pump = station?.products.find((p) => p._id === productId);
  const flowing = order?.state === 'PRODUCT_SUPPLYING' || pump?.attributes.deviceState === 'DISPENSING';
  const cancelling = state.kind === 'cancelling' || state.kind === 'confirmingCancel';
  const notice = state.kind === 'waiting' ? state.notice : null;
  const phase = !order ? 'loading' : flowing ? 'fuelling' : 'ready';

  return (
    <Page
      align="center"
      actions={
        <Button
          variant="secondary"
          size="lg"
          disabled={state.kind !== 'waiting' || notice === 'cancelQueued'}
          loading={cancelling}
          onClick={() => setConfirmCancel(true)}
        >
          <Trans>Cancel</Trans>
        </Button>
      }
    >
      <div className="fueling-head">
        <PumpVisual name={pump?.name ?? null} phase={phase} />
        <h1 className="fueling-title">{pump ? <Trans>Pump {pump.name}</Trans> : <Trans>Your pump</Trans>}</h1>
        <p className="fueling-status" role="status" aria-live="polite">
          {phase === 'loading' ? (
            <Trans>Loading your order…</Trans>
          ) : phase === 'fuelling' ? (
            <Trans>Fuelling… Hang up the nozzle when you are done.</Trans>
          ) : (
            <Trans>The pump is ready. Lift the nozzle and start fuelling.</Trans>
          )}
        </p>
        <LiveMeter meter={order?.meter} />
      </div>
      <FuellingNotices cancelQueued={notice === 'cancelQueued'} />
      <CancelFuellingDialog open={confirmCancel} onClose={() => setConfirmCancel(false)} onConfirm={cancel} />
    </Page>
  );
}
