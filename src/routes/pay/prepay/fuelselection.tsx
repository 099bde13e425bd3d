import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { orderGroup } from '../../../features/orders/model/search';
import { List, ListItem, Money, Page } from '../../../ui';
import { FuelIcon } from '../../../ui/icons';
import { StepSkeleton } from './-components/StepSkeleton';
import { useChosenPump } from './-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/fuelselection')({
  validateSearch: orderGroup,
  component: FuelSelection,
});

/** "List the pump's available items (marketingName; a price too when the station has the pumpsWithoutDisplay feature)." */
function FuelSelection() {
  const query = Route.useSearch();
  const navigate = useNavigate();
  const { station, pump } = useChosenPump(query);
  if (!station) return <StepSkeleton />;
  if (!pump) return <Navigate to="/pay/pump" search={true} replace />;
  const showPrices = station.features.pumpsWithoutDisplay;
  return (
    <Page eyebrow={<Trans>Pump {pump.name}</Trans>} title={<Trans>Which fuel?</Trans>}>
      <List>
        {pump.attributes.availableItems.map((item) => (
          <ListItem
            key={item.itemCode}
            leading={<FuelIcon size={22} />}
            title={item.marketingName}
            trailing={
              showPrices ? (
                <Money
                  value={{ amount: item.price, currency: item.currency, precision: item.precision }}
                  variant="unit"
                  per="l"
                />
              ) : undefined
            }
            chevron
            onClick={() =>
              void navigate({ to: '/pay/prepay/amount', search: (prev) => ({ ...prev, fuelTypeId: item.itemCode }) })
            }
          />
        ))}
      </List>
    </Page>
  );
}
