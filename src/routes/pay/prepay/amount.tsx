import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { orderGroup } from '../../../features/orders/model/search';
import { formatMoney } from '../../../lib/money';
import { useChosenPump } from './-components/use-chosen-pump';

export const Route = createFileRoute('/pay/prepay/amount')({
  validateSearch: orderGroup,
  component: AmountSelection,
});

/** "Choose from recommended amounts taken from the pump's automatic-flow limits." */
function AmountSelection() {
  const { i18n } = useLingui();
  const query = Route.useSearch();
  const navigate = useNavigate();
  const { station, pump, item } = useChosenPump(query);
  if (!station) return <p className="page lead" aria-busy="true" />;
  if (!pump || !item) return <Navigate to="/pay/pump" search={true} replace />;
  const amounts = pump.attributes.priceAuthorizationLimitsAutomaticFlow?.recommendedPrices ?? [];
  return (
    <section className="page">
      <p className="muted">
        <Trans>
          Pump {pump.name} · {item.marketingName}
        </Trans>
      </p>
      <h1>
        <Trans>How much do you want to fuel at most?</Trans>
      </h1>
      <p>
        <Trans>We reserve this amount on your card. You only pay for what you fuel; the rest is released.</Trans>
      </p>
      <ul className="amount-grid">
        {amounts.map((price) => (
          <li key={`${price.currency}-${price.amount}`}>
            <button
              type="button"
              className="amount-button"
              onClick={() =>
                void navigate({
                  to: '/pay/prepay/summary',
                  search: (prev) => ({ ...prev, amount: price.amount, currency: price.currency }),
                })
              }
            >
              {formatMoney(price, i18n.locale)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
