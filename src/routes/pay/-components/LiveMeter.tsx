// The pump's meter on the fueling screens (issue 16): litres and amount as the order's event stream (or, without it,
// the 2.5 s poll) reports them. Not a live region: a figure changing every second would drown a screen reader; the
// status line above announces the phases.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { OrderMeter } from '../../../../contract/orders';
import { formatQuantity } from '../../../lib/money';
import { Money } from '../../../ui';

export function LiveMeter({ meter }: { meter: OrderMeter | null | undefined }) {
  const { i18n } = useLingui();
  if (!meter || (!meter.running && meter.quantity === 0)) return null;
  return (
    <dl className="fueling-meter" data-running={meter.running || undefined}>
      <div>
        <dt>
          <Trans>Quantity</Trans>
        </dt>
        <dd data-testid="meter-quantity">
          {formatQuantity(meter.quantity, i18n.locale)} {meter.unit === 'l' ? 'l' : 'kWh'}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd data-testid="meter-amount">
          <Money value={meter.amount} />
        </dd>
      </div>
    </dl>
  );
}
