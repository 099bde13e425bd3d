import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { OrderCharge } from '../../../../contract/ev';
import { formatQuantity } from '../../../lib/money';
import { energyKwh, formatDuration } from '../model/ev';
import './ev.css';

/** The live figures of a charge: energy (kWh), charging time and power, large enough to read from the car. */
export function ChargeMeter({ charge }: { charge: OrderCharge | null | undefined }) {
  const { i18n } = useLingui();
  const kwh = formatQuantity(energyKwh(charge), i18n.locale);
  const time = formatDuration(charge?.durationS ?? 0);
  const kw = formatQuantity((charge?.powerW ?? 0) / 1000, i18n.locale);
  return (
    <dl className="ev-meter">
      <div>
        <dt>
          <Trans>Energy</Trans>
        </dt>
        <dd data-testid="ev-energy">
          <Trans>{kwh} kWh</Trans>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Charging time</Trans>
        </dt>
        <dd data-testid="ev-time">{time}</dd>
      </div>
      <div>
        <dt>
          <Trans>Power</Trans>
        </dt>
        <dd>
          <Trans>{kw} kW</Trans>
        </dd>
      </div>
    </dl>
  );
}
