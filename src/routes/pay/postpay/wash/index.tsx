import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PLANS } from '../../../../features/orders/model/order-wait';
import { orderGroup } from '../../../../features/orders/model/search';
import { useOrderWait } from '../../../../features/orders/use-order-wait';
import { useSession, useUser } from '../../../../features/session/queries';
import { washPackages } from '../../../../features/wash/model/packages';
import { useCreateWashOrder } from '../../../../features/wash/queries';
import { errorText } from '../../../../i18n/messages';
import { ApiError } from '../../../../lib/http/errors';
import { useOnline } from '../../../../lib/use-online';
import { Button, EmptyState, FormAlert, Money, Notice, Page, RadioList, RadioOption } from '../../../../ui';
import { CarWashIcon } from '../../../../ui/icons';
import '../../../../features/wash/ui/wash.css';
import { useFlowExit } from '../../-components/use-flow-exit';
import { useStation } from '../../-components/use-station';
import { StepSkeleton } from '../../prepay/-components/StepSkeleton';

export const Route = createFileRoute('/pay/postpay/wash/')({
  validateSearch: orderGroup,
  component: WashSelection,
});

/**
 * /pay/postpay/wash (pay-flows.md §2, §4 Wash flow): the cheapest-first packages; confirming creates the order, which
 * waits for its payment, and the summary follows.
 */
function WashSelection() {
  const query = Route.useSearch();
  if (query.orderId) return <WaitForOrder key={query.orderId} orderId={query.orderId} />;
  return <Packages />;
}

function Packages() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const { station, confirmed } = useStation(query.pid ?? '', query);
  const [chosen, setChosen] = useState<string | null>(query.fuelTypeId ?? null);
  // One key per chosen package: confirming again (a lost answer) replays the same order instead of a second one.
  const [keys] = useState(() => new Map<string, string>());
  const create = useCreateWashOrder();
  const alert = create.error ? errorText(i18n, create.error) : null;

  if (!station) return <StepSkeleton />;
  const packages = washPackages(station);
  const pick = packages.find((p) => p.itemCode === chosen) ?? null;

  function confirm() {
    if (!pick || !station) return;
    const key = keys.get(pick.itemCode) ?? crypto.randomUUID();
    keys.set(pick.itemCode, key);
    create.mutate(
      {
        pid: station._id,
        productId: pick.productId,
        itemCode: pick.itemCode,
        thingId: user.data?.thingId ?? null,
        partner: query.partner,
        idempotencyKey: key,
      },
      {
        onSuccess: (order) =>
          void navigate({
            to: '/pay/postpay/wash',
            search: (prev) => ({
              ...prev,
              orderId: order._id,
              productId: pick.productId,
              fuelTypeId: pick.itemCode,
              isWash: 'true',
              orderType: 'POSTPAY',
            }),
            replace: true,
          }),
        onError: (error) => {
          // No answer: the driver presses again (same key). A refusal is the generic error page.
          if (!(error instanceof ApiError && error.status === 0)) void navigate({ to: '/error', search: {} });
        },
      },
    );
  }

  return (
    <Page
      eyebrow={station.brand}
      title={<Trans>Choose your car wash</Trans>}
      actions={
        packages.length > 0 ? (
          <Button
            size="lg"
            disabled={!pick || !confirmed || create.isPending}
            loading={create.isPending}
            onClick={confirm}
          >
            {pick ? i18n._(msg`Continue with ${pick.name}`) : <Trans>Choose your car wash</Trans>}
          </Button>
        ) : null
      }
    >
      {packages.length === 0 ? (
        <EmptyState
          icon={<CarWashIcon size={32} />}
          title={<Trans>No car wash available</Trans>}
          description={<Trans>The car wash cannot be booked at the moment.</Trans>}
        />
      ) : (
        <RadioList label={<Trans>Car wash</Trans>} hideLabel value={chosen} onChange={setChosen}>
          {packages.map((p) => (
            <RadioOption
              key={p.itemCode}
              value={p.itemCode}
              leading={<CarWashIcon size={22} aria-hidden="true" />}
              title={p.name}
              subtitle={
                p.descriptionLines.length > 0 ? (
                  <span className="wash-package-lines">
                    {p.descriptionLines.map((line) => (
                      <span key={line} className="wash-package-line">
                        {line}
                      </span>
                    ))}
                  </span>
                ) : undefined
              }
              trailing={<Money value={p.price} />}
            />
          ))}
        </RadioList>
      )}
      <FormAlert>{alert}</FormAlert>
      {!online ? (
        <Notice tone="warning">
          <Trans>You are offline</Trans>
        </Notice>
      ) : null}
    </Page>
  );
}

/** The order is made: wait for PAYMENT_PENDING, then the summary (the order-wait plan decides). */
function WaitForOrder({ orderId }: { orderId: string }) {
  const { i18n } = useLingui();
  const { state } = useOrderWait(orderId, PLANS.washOrder);
  useFlowExit(state, orderId);
  return (
    <Page title={<Trans>Choose your car wash</Trans>}>
      <Notice tone="info">{i18n._(msg`Loading your order…`)}</Notice>
    </Page>
  );
}
