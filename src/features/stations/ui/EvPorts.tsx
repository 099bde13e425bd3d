import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { Product } from '../../../../contract/stations';
import { Button, StatusBadge } from '../../../ui';
import { EvPlugIcon } from '../../../ui/icons';
import { isSelectable } from '../model/pumps';
import { PriceLines } from './PriceLines';
import { StatusText } from './StatusText';
import './stations.css';

const STANDARD_NAMES: Record<string, string> = {
  TYPE_1: 'Type 1',
  TYPE_2: 'Type 2',
  TYPE_3: 'Type 3',
  CCS: 'CCS',
  SCHUKO: 'Schuko',
  CHADEMO: 'CHAdeMO',
  TESLA: 'Tesla',
};

/** EV ports, listed before the pumps: connector standard, power and prices; selectable only when AVAILABLE. */
export function EvPorts({
  ports,
  enabled,
  onChoose,
}: {
  ports: Product[];
  enabled: boolean;
  onChoose: (p: Product) => void;
}) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="ports-title">
      <h2 id="ports-title" className="visually-hidden">
        <Trans>Charging ports</Trans>
      </h2>
      <ul className="ev-cards">
        {ports.map((port) => {
          const item = port.attributes.availableItems[0];
          const standard = item?.details?.standard;
          const standardName = standard ? (STANDARD_NAMES[standard] ?? i18n._(msg`Other connector`)) : null;
          const power = item?.details?.power;
          const selectable = enabled && isSelectable(port);
          return (
            <li key={port._id} className="ev-card">
              <div className="ev-card-head">
                <span className="ev-card-icon" aria-hidden="true">
                  <EvPlugIcon size={24} />
                </span>
                <div className="ev-card-title">
                  <h3>
                    <Trans>Charger {port.name}</Trans>
                  </h3>
                  <p className="ev-card-spec">
                    {standardName ? <span className="ev-tag">{standardName}</span> : null}
                    {power !== undefined ? (
                      <span className="ev-tag">
                        <Trans>{new Intl.NumberFormat(i18n.locale).format(power)} kW</Trans>
                      </span>
                    ) : null}
                  </p>
                </div>
                <StatusBadge status={port.attributes.status} className="ev-card-status">
                  <StatusText status={port.attributes.status} device="charger" />
                </StatusBadge>
              </div>
              {item ? <PriceLines item={item} /> : null}
              <Button variant="secondary" disabled={!selectable} onClick={() => onChoose(port)}>
                <Trans>Choose charger {port.name}</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
