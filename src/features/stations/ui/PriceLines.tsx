import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { AvailableItem } from '../../../../contract/stations';
import { formatUnitPrice } from '../../../lib/money';
import { type PriceLine, priceLines } from '../model/ev-pricing';

function Window({ line }: { line: PriceLine }) {
  if (!line.window) return null;
  return (
    <span className="ev-price-window">
      {' '}
      <Trans>
        ({line.window.start}–{line.window.end})
      </Trans>
    </span>
  );
}

function Line({ line, locale }: { line: PriceLine; locale: string }) {
  const price = formatUnitPrice(line.price, locale);
  if (line.freeHours !== null) {
    return (
      <li>
        <Trans>Free parking for {line.freeHours} h</Trans>
        <Window line={line} />
      </li>
    );
  }
  switch (line.type) {
    case 'ENERGY':
      return (
        <li>
          <Trans>Energy: {price} per kWh</Trans>
          <Window line={line} />
        </li>
      );
    case 'PARKING_TIME':
      return (
        <li>
          <Trans>Parking: {price} per min</Trans>
          <Window line={line} />
        </li>
      );
    case 'FLAT':
      return (
        <li>
          <Trans>Session fee: {price}</Trans>
          <Window line={line} />
        </li>
      );
    case 'TIME':
      return (
        <li>
          {line.maxDurationMin !== null ? (
            <Trans>
              Blocking fee: {price} per min after {line.maxDurationMin} min
            </Trans>
          ) : (
            <Trans>Blocking fee: {price} per min</Trans>
          )}
          <Window line={line} />
        </li>
      );
  }
}

/** The prices of an EV port: energy, parking, flat, blocking fee as time, with their time windows. */
export function PriceLines({ item }: { item: AvailableItem }) {
  const { i18n } = useLingui();
  const lines = priceLines(item);
  if (lines.length === 0) {
    return (
      <ul className="ev-prices">
        <li>
          <Trans>
            Energy:{' '}
            {formatUnitPrice({ amount: item.price, currency: item.currency, precision: item.precision }, i18n.locale)}{' '}
            per kWh
          </Trans>
        </li>
      </ul>
    );
  }
  return (
    <ul className="ev-prices">
      {lines.map((line, index) => (
        // Lines have no identity of their own; their order is the station's.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <Line key={index} line={line} locale={i18n.locale} />
      ))}
    </ul>
  );
}
