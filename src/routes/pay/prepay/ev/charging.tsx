import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { exitContext, useLeave } from '../../../../app/leave';
import { leaveTarget } from '../../../../app/query-carry';
import { canCancelCharge, chargingPhase } from '../../../../features/ev/model/ev';
import { useStopCharging } from '../../../../features/ev/queries';
import { ChargeMeter } from '../../../../features/ev/ui/ChargeMeter';
import { CostLimitLine } from '../../../../features/ev/ui/CostLimit';
import { PLANS } from '../../../../features/orders/model/order-wait';
import { orderGroup } from '../../../../features/orders/model/search';
import { useOrderSnapshot } from '../../../../features/orders/queries';
import { useOrderWait } from '../../../../features/orders/use-order-wait';
import { PriceLines } from '../../../../features/stations/ui/PriceLines';
import { useOnline } from '../../../../lib/use-online';
import { Button, Dialog, FormAlert, Money, Notice, Page, Section } from '../../../../ui';
import { EvPlugIcon, WarningIcon } from '../../../../ui/icons';
import { requireEvCharging } from '../../-components/ev-guard';
import { DialogIcon } from '../../-components/ResultHero';
import { useFlowExit } from '../../-components/use-flow-exit';
import { useStation } from '../../-components/use-station';

export const Route = createFileRoute('/pay/prepay/ev/charging')({
  validateSearch: orderGroup,
  beforeLoad: requireEvCharging,
  component: EvCharging,
});

function EvCharging() {
  const query = Route.useSearch();
  if (!query.orderId || !query.pid) return <Navigate to="/pay" search={true} replace />;
  return <Charging key={query.orderId} orderId={query.orderId} pid={query.pid} productId={query.productId} />;
}

/**
 * The charging screen (pay-flows.md §2, §4 EV flow): port and its prices, a check-connection message until the charge
 * starts, then energy and charging time live from the order's meter values; finish charging (confirm) sends the
 * acquire-stop and the order wait goes on to the EV finish. "Hide screen" goes to the map; the charge goes on.
 */
function Charging({ orderId, pid, productId }: { orderId: string; pid: string; productId: string | undefined }) {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const leave = useLeave();
  const online = useOnline();
  const order = useOrderSnapshot(orderId).data;
  const { station } = useStation(pid, query);
  const { state, cancel, dismissNotice } = useOrderWait(orderId, PLANS.evCharging);
  useFlowExit(state, orderId);
  const stop = useStopCharging();
  const [confirm, setConfirm] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const titleId = useId();
  const cancelTitleId = useId();
  const failedId = useId();

  const port = station?.products.find((p) => p._id === productId);
  const item = port?.attributes.availableItems[0];
  const phase = chargingPhase(order, stop.isPending || stop.isSuccess);
  const exit = leaveTarget(query, { callback: 'hideMapLink', ...exitContext() });
  const cancelling = state.kind === 'cancelling' || state.kind === 'confirmingCancel';
  const notice = state.kind === 'waiting' ? state.notice : null;
  // Before the car is plugged in the driver may still change their mind: cancel releases the pre-authorization.
  const cancellable = phase === 'connecting' && (canCancelCharge(order) || cancelling);

  return (
    <Page
      align="center"
      actions={
        <>
          <Button
            size="lg"
            disabled={(phase !== 'charging' && phase !== 'paused') || !online}
            loading={phase === 'stopping'}
            onClick={() => setConfirm(true)}
          >
            <Trans>Finish charging</Trans>
          </Button>
          {cancellable ? (
            <Button
              variant="secondary"
              disabled={state.kind !== 'waiting' || notice === 'cancelQueued' || !online}
              loading={cancelling}
              onClick={() => setConfirmCancel(true)}
            >
              <Trans>Cancel charging</Trans>
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => leave(exit)}>
            <Trans>Hide screen</Trans>
          </Button>
        </>
      }
    >
      <div className="fueling-head">
        <div className="pump-visual pump-visual--fuelling" aria-hidden="true">
          <EvPlugIcon className="pump-visual-icon" size={22} />
          <span className="pump-visual-number">{port?.name ?? '…'}</span>
        </div>
        <h1 className="fueling-title">{port ? <Trans>Charger {port.name}</Trans> : <Trans>Your charger</Trans>}</h1>
        <p className="fueling-status" role="status" aria-live="polite">
          {phase === 'connecting' ? (
            <Trans>Check the connection: plug the cable into your car. Charging starts by itself.</Trans>
          ) : phase === 'paused' ? (
            <Trans>Your car is not drawing power right now. Finish charging when you are done.</Trans>
          ) : phase === 'stopping' || phase === 'done' ? (
            <Trans>Finishing your charge…</Trans>
          ) : (
            <Trans>Charging… Finish charging when you are done.</Trans>
          )}
        </p>
        {order?.authorizePrice ? (
          <p className="fueling-max">
            <Trans>
              Pre-authorization: <Money value={order.authorizePrice} className="fueling-max-amount" />
            </Trans>
          </p>
        ) : null}
      </div>
      <ChargeMeter charge={order?.charge} />
      <CostLimitLine costLimit={order?.costLimit} />
      {item ? (
        <Section title={<Trans>Prices</Trans>}>
          <PriceLines item={item} />
        </Section>
      ) : null}
      <FormAlert>{stop.isError ? i18n._(msg`The charger did not stop. Please try again.`) : null}</FormAlert>
      {!online ? (
        <Notice tone="warning">
          <Trans>You are offline. Charging goes on; we will update this screen when you are back online.</Trans>
        </Notice>
      ) : null}
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} labelledBy={cancelTitleId}>
        <DialogIcon tone="warning">
          <EvPlugIcon size={28} />
        </DialogIcon>
        <h2 id={cancelTitleId}>
          <Trans>Cancel charging?</Trans>
        </h2>
        <p>
          <Trans>Nothing has been charged yet. The reserved amount is released on your card.</Trans>
        </p>
        <div className="actions">
          <Button
            variant="danger"
            onClick={() => {
              setConfirmCancel(false);
              cancel();
            }}
          >
            <Trans>Yes, cancel</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
            <Trans>No, keep it</Trans>
          </Button>
        </div>
      </Dialog>
      <Dialog open={notice === 'cancelFailed'} onClose={dismissNotice} labelledBy={failedId}>
        <DialogIcon tone="warning">
          <WarningIcon size={28} />
        </DialogIcon>
        <h2 id={failedId}>
          <Trans>Cancelling did not work</Trans>
        </h2>
        <p>
          <Trans>We could not cancel your charge. If your car is plugged in, finish charging when you are done.</Trans>
        </p>
        <Button onClick={dismissNotice}>
          <Trans>OK</Trans>
        </Button>
      </Dialog>
      <Dialog open={confirm} onClose={() => setConfirm(false)} labelledBy={titleId}>
        <DialogIcon>
          <EvPlugIcon size={28} />
        </DialogIcon>
        <h2 id={titleId}>
          <Trans>Finish charging?</Trans>
        </h2>
        <p>
          <Trans>The charger stops and you pay for the energy and time used. Then unplug the cable.</Trans>
        </p>
        <div className="actions">
          <Button
            onClick={() => {
              setConfirm(false);
              stop.mutate(orderId);
            }}
          >
            <Trans>Yes, finish</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            <Trans>No, keep charging</Trans>
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}
