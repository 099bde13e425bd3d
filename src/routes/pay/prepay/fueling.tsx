import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useBlocker } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { PLANS } from '../../../features/orders/model/order-wait';
import { orderGroup } from '../../../features/orders/model/search';
import { useOrderSnapshot } from '../../../features/orders/queries';
import { useOrderWait } from '../../../features/orders/use-order-wait';
import { Button, Dialog, Money, Page } from '../../../ui';
import { WarningIcon } from '../../../ui/icons';
import { CancelFuellingDialog, FuellingNotices } from '../-components/CancelFuelling';
import { LiveMeter } from '../-components/LiveMeter';
import { DialogIcon } from '../-components/ResultHero';
import { useFlowExit, usePreloadReceipt } from '../-components/use-flow-exit';
import { useStation } from '../-components/use-station';
import { PumpVisual } from './-components/PumpVisual';

/** Where the flow itself goes: leaving for these needs no confirmation. */
const FLOW_EXITS = ['/pay/finish', '/pay/cancel', '/error'];

export const Route = createFileRoute('/pay/prepay/fueling')({
  validateSearch: orderGroup,
  component: PrepayFueling,
});

function PrepayFueling() {
  const query = Route.useSearch();
  // "Prepay fueling: without order id or station id go to /pay."
  if (!query.orderId || !query.pid) return <Navigate to="/pay" search={true} replace />;
  return <Fueling key={query.orderId} orderId={query.orderId} pid={query.pid} productId={query.productId} />;
}

/** The waiting screen of a prepay fill (pay-flows.md §4 Prepay flow): the rules are the order-wait plan's. */
function Fueling({ orderId, pid, productId }: { orderId: string; pid: string; productId: string | undefined }) {
  const { i18n } = useLingui();
  const order = useOrderSnapshot(orderId).data;
  const query = Route.useSearch();
  const { station } = useStation(pid, query);
  const { state, cancel, dismissNotice } = useOrderWait(orderId, PLANS.prepayFueling);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const failedId = useId();
  useFlowExit(state, orderId);
  usePreloadReceipt();

  // "Leaving the fueling page prompts the browser to confirm" — a reload or closing the tab, and in-app navigation
  // other than where the flow itself goes (finish, cancel, error).
  useBlocker({
    enableBeforeUnload: true,
    shouldBlockFn: ({ next }) => {
      if (FLOW_EXITS.some((path) => next.pathname.startsWith(path))) return false;
      return !window.confirm(i18n._(msg`Fuelling is in progress. Leave this page?`));
    },
  });

  const pump = station?.products.find((p) => p._id === productId);
  const dispensing = pump?.attributes.deviceState === 'DISPENSING' || order?.meter?.running === true;
  const cancelling = state.kind === 'cancelling' || state.kind === 'confirmingCancel';
  const notice = state.kind === 'waiting' ? state.notice : null;
  const phase = !order
    ? 'loading'
    : order.state === 'PAYMENT_AUTHORIZED'
      ? 'releasing'
      : dispensing
        ? 'fuelling'
        : 'ready';

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
          ) : phase === 'releasing' ? (
            <Trans>Your payment is confirmed. The pump is being released…</Trans>
          ) : phase === 'fuelling' ? (
            <Trans>Fuelling… Hang up the nozzle when you are done.</Trans>
          ) : (
            <Trans>The pump is ready. Lift the nozzle and start fuelling.</Trans>
          )}
        </p>
        {order?.authorizePrice ? (
          <p className="fueling-max">
            <Trans>
              Maximum amount: <Money value={order.authorizePrice} className="fueling-max-amount" />
            </Trans>
          </p>
        ) : null}
        <LiveMeter meter={order?.meter} />
      </div>
      <FuellingNotices cancelQueued={notice === 'cancelQueued'} />
      <CancelFuellingDialog open={confirmCancel} onClose={() => setConfirmCancel(false)} onConfirm={cancel} />
      <Dialog open={notice === 'cancelFailed'} onClose={dismissNotice} labelledBy={failedId}>
        <DialogIcon tone="warning">
          <WarningIcon size={28} />
        </DialogIcon>
        <h2 id={failedId}>
          <Trans>Cancelling did not work</Trans>
        </h2>
        <p>
          <Trans>We could not cancel your order. Your fuelling continues; hang up the nozzle when you are done.</Trans>
        </p>
        <Button onClick={dismissNotice}>
          <Trans>OK</Trans>
        </Button>
      </Dialog>
    </Page>
  );
}
