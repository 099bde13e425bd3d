// The summary's mileage row once the odometer screen was answered (the reading, or that the driver did not give it),
// and the VIN row when a fuel card asked for it (pay-flows.md §5 Fuel-card odometer).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { OdometerAnswer } from '../../../features/odometer/model/odometer';

export function mileageFacts(answer: OdometerAnswer | null, i18n: I18n) {
  if (!answer) return [];
  const vin = answer.kind === 'REFUSED' ? undefined : answer.vin;
  return [
    ...(answer.kind === 'vin'
      ? []
      : [
          {
            label: <Trans>Mileage</Trans>,
            value:
              answer.kind === 'reading'
                ? i18n._(msg`${new Intl.NumberFormat(i18n.locale).format(answer.km)} km`)
                : i18n._(msg`Not given`),
          },
        ]),
    ...(vin ? [{ label: <Trans>VIN</Trans>, value: vin }] : []),
  ];
}
