// The summary's mileage row once the odometer screen was answered (the reading, or that the driver did not give it).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { OdometerAnswer } from '../../../features/odometer/model/odometer';

export function mileageFacts(answer: OdometerAnswer | null, i18n: I18n) {
  if (!answer) return [];
  return [
    {
      label: <Trans>Mileage</Trans>,
      value:
        answer.kind === 'reading'
          ? i18n._(msg`${new Intl.NumberFormat(i18n.locale).format(answer.km)} km`)
          : i18n._(msg`Not given`),
    },
  ];
}
