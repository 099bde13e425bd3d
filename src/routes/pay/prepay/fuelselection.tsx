import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { orderGroup } from '../../../features/orders/model/search';
import { formatUnitPrice } from '../../../lib/money';
import { useChosenPump } from './-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/fuelselection')({
  validateSearch: orderGroup,
  component: FuelSelection,
});

/** "List the pump's available items (marketingName; a price too when the station has the pumpsWithoutDisplay feature)." */
function FuelSelection() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const { station, pump } = useChosenPump(query);
  if (!station) return <p className="page lead" aria-busy="true" />;
  if (!pump) return <Navigate to="/pay/pump" search={true} replace />;
  const showPrices = station.features.pumpsWithoutDisplay;
  return (
    <section className="page">
      <p className="muted">
        <Trans>Pump {pump.name}</Trans>
      </p>
      <h1>
        <Trans>Which fuel?</Trans>
      </h1>
      <ul className="choice-list">
        {pump.attributes.availableItems.map((item) => (
          <li key={item.itemCode}>
            <button
              type="button"
              className="choice-button"
              onClick={() =>
                void navigate({ to: '/pay/prepay/amount', search: (prev) => ({ ...prev, fuelTypeId: item.itemCode }) })
              }
            >
              <span className="choice-title">{item.marketingName}</span>
              {showPrices ? (
                <span className="choice-detail">
                  <Trans>
                    {formatUnitPrice(
                      { amount: item.price, currency: item.currency, precision: item.precision },
                      i18n.locale,
                    )}{' '}
                    per litre
                  </Trans>
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
