import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { orderGroup } from '../../../features/orders/model/search';
import { Page } from '../../../ui';
import { AmountTiles } from './-components/AmountTiles';
import { StepSkeleton } from './-components/StepSkeleton';
import { useChosenPump } from './-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/amount')({
  validateSearch: orderGroup,
  component: AmountSelection,
});

/** "Choose from recommended amounts taken from the pump's automatic-flow limits." */
function AmountSelection() {
  const query = Route.useSearch();
  const navigate = useNavigate();
  const { station, pump, item } = useChosenPump(query);
  if (!station) return <StepSkeleton rows={2} />;
  if (!pump || !item) return <Navigate to="/pay/pump" search={true} replace />;
  const amounts = pump.attributes.priceAuthorizationLimitsAutomaticFlow?.recommendedPrices ?? [];
  return (
    <Page
      eyebrow={
        <Trans>
          Pump {pump.name} · {item.marketingName}
        </Trans>
      }
      title={<Trans>How much do you want to fuel at most?</Trans>}
      description={
        <Trans>We reserve this amount on your card. You only pay for what you fuel; the rest is released.</Trans>
      }
    >
      <AmountTiles
        amounts={amounts}
        onChoose={(price) =>
          void navigate({
            to: '/pay/prepay/summary',
            search: (prev) => ({ ...prev, amount: price.amount, currency: price.currency }),
          })
        }
      />
    </Page>
  );
}
