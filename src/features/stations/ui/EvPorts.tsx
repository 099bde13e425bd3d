import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { Product } from '../../../contract/stations';
import { isSelectable } from '../model/pumps';
import { PriceLines } from './PriceLines';
import { StatusText } from './StatusText';

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
      <ul className="ev-ports">
        {ports.map((port) => {
          const item = port.attributes.availableItems[0];
          const standard = item?.details?.standard;
          const standardName = standard ? (STANDARD_NAMES[standard] ?? i18n._(msg`Other connector`)) : null;
          const power = item?.details?.power;
          const selectable = enabled && isSelectable(port);
          return (
            <li key={port._id} className={`ev-port status-${port.attributes.status.toLowerCase()}`}>
              <div className="ev-port-head">
                <h3>
                  <Trans>Charger {port.name}</Trans>
                </h3>
                <span className="pump-status">
                  <StatusText status={port.attributes.status} device="charger" />
                </span>
              </div>
              <p className="ev-port-spec">
                {standardName}
                {power !== undefined ? (
                  <>
                    {' · '}
                    <Trans>{new Intl.NumberFormat(i18n.locale).format(power)} kW</Trans>
                  </>
                ) : null}
              </p>
              {item ? <PriceLines item={item} /> : null}
              <button type="button" className="button small" disabled={!selectable} onClick={() => onChoose(port)}>
                <Trans>Choose charger {port.name}</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
